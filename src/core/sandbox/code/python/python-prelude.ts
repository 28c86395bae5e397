/**
 * The Python side of the worker, run once after Pyodide has loaded: it refuses the modules that
 * reach JavaScript or the network, and defines `run`, which runs one program the way `python3`
 * does (a fresh `__main__`, `sys.argv`, `sys.path[0]`, the environment and working directory;
 * exit code 0, 1 with the traceback on stderr, or `sys.exit`'s) and forgets the modules the
 * program imported, so the next run sees the sandbox's files as they are then.
 *
 * It is a string inside a function because the worker's code must be self-contained (Node's
 * worker is started from the source of `pythonWorkerMain`, see `python-worker-main`).
 */
export function pythonPrelude(): string {
  return String.raw`
import sys

import os, json, types, traceback, importlib, importlib.abc

# Importing a sandbox module must not leave __pycache__ files in the sandbox.
sys.dont_write_bytecode = True

_NO_NETWORK = "network access is off in this sandbox: the app did not allow any origin"
_NO_JS = "the sandbox's Python cannot reach JavaScript (the module {name} is not available)"
_blocked = {
    "js": _NO_JS,
    "pyodide_js": _NO_JS,
    "pyodide.http": _NO_NETWORK + " (pyodide.http is not available)",
    "pyodide_http": _NO_NETWORK,
    "pyodide.code": _NO_JS,
    "micropip": "micropip is off in this sandbox: the app did not allow installing packages",
}

def _configure(allow_micropip):
    if allow_micropip:
        # micropip installs through Pyodide's JavaScript API: it stays reachable.
        _blocked.pop("micropip", None)
        _blocked.pop("pyodide_js", None)
        return
    # No Python object is left that holds Pyodide's JavaScript API (which, in Node, reads host
    # files): the import hook's table of JavaScript modules, their cached modules, and the module
    # attributes that hold one.
    from pyodide.ffi import JsProxy
    sys.modules["_pyodide._importhook"].jsfinder.jsproxies.clear()
    for name in list(sys.modules):
        if name in ("js", "pyodide_js") or name.startswith("pyodide_js."):
            del sys.modules[name]
    for module in list(sys.modules.values()):
        namespace = getattr(module, "__dict__", None) or {}
        for key, value in list(namespace.items()):
            if isinstance(value, JsProxy) and key != "scheduleCallback":
                delattr(module, key)
    _base_modules.clear()
    _base_modules.update(sys.modules)

class _Refuser(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        reason = _blocked.get(name)
        if reason is not None:
            raise ImportError(reason.replace("{name}", name), name=name)
        return None

sys.meta_path.insert(0, _Refuser())
for _name in ("js", "pyodide_js", "pyodide.http", "pyodide.code"):
    sys.modules.pop(_name, None)
import pyodide as _pyodide_package
for _name in ("http", "code"):
    if hasattr(_pyodide_package, _name):
        delattr(_pyodide_package, _name)

import socket as _socket_module
def _refuse_network(*args, **kwargs):
    raise OSError(_NO_NETWORK)
for _method in ("connect", "connect_ex", "bind", "listen", "sendto", "sendmsg"):
    setattr(_socket_module.socket, _method, _refuse_network)
_socket_module.create_connection = _refuse_network
_socket_module.getaddrinfo = _refuse_network
_socket_module.gethostbyname = _refuse_network

# invalidate_caches() imports importlib.metadata the first time: done here, so that it stays loaded.
importlib.invalidate_caches()

_base_modules = set(sys.modules)
_base_path = list(sys.path[1:]) if sys.path and sys.path[0] in ("", "/", "/home/pyodide") else list(sys.path)
_runner_file = __file__ if "__file__" in globals() else "<sandbox-runner>"

def _exit_code(error):
    code = error.code
    if code is None:
        return 0
    if isinstance(code, bool):
        return int(code)
    if isinstance(code, int):
        return code & 0xFF
    print(code, file=sys.stderr)
    return 1

def _print_exception(error):
    # Leave out this runner's own frames: the traceback starts at the program, as python3's does.
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == "<sandbox-runner>":
        tb = tb.tb_next
    error.__traceback__ = tb
    sys.stderr.write("".join(traceback.format_exception(error)))

import builtins, signal, atexit, warnings
_base_builtins = dict(builtins.__dict__)
_base_meta_path = list(sys.meta_path)
_base_recursion_limit = sys.getrecursionlimit()
_base_warning_filters = list(warnings.filters)

def _reset():
    # What a program before may have changed in the interpreter, put back as python3 starts.
    builtins.__dict__.clear()
    builtins.__dict__.update(_base_builtins)
    sys.meta_path[:] = _base_meta_path
    sys.setrecursionlimit(_base_recursion_limit)
    sys.stdout, sys.stderr, sys.stdin = sys.__stdout__, sys.__stderr__, sys.__stdin__
    sys.excepthook, sys.displayhook = sys.__excepthook__, sys.__displayhook__
    warnings.filters[:] = _base_warning_filters
    try:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    except (ValueError, OSError):
        pass
    atexit._clear()

def run(spec_json):
    spec = json.loads(spec_json)
    _reset()
    main = types.ModuleType("__main__")
    if spec["filename"] != "<string>":
        main.__file__ = spec["filename"]
    main.__builtins__ = __builtins__
    previous_main = sys.modules.get("__main__")
    sys.modules["__main__"] = main
    sys.argv = list(spec["argv"])
    sys.path[:] = [spec["pathEntry"]] + _base_path
    os.environ.clear()
    os.environ.update(spec["env"])
    code = 0
    try:
        os.chdir(spec["cwd"])
        importlib.invalidate_caches()
        compiled = compile(spec["code"], spec["filename"], "exec")
        exec(compiled, main.__dict__)
    except SystemExit as error:
        code = _exit_code(error)
    except MemoryError as error:
        _print_exception(error)
        # 0x100 on top of the exit code tells the worker the program ran out of memory.
        code = 0x101
    except KeyboardInterrupt as error:
        _print_exception(error)
        code = 130
    except BaseException as error:
        _print_exception(error)
        code = 1
    finally:
        # As python3 does at exit: the atexit handlers, then the streams flushed.
        try:
            atexit._run_exitfuncs()
        except BaseException:
            pass
        for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
            try:
                stream.flush()
            except BaseException:
                pass
        for name in list(sys.modules):
            if name not in _base_modules:
                del sys.modules[name]
        if previous_main is not None:
            sys.modules["__main__"] = previous_main
        os.chdir("/")
    return code
`;
}
