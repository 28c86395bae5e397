/**
 * Issue 30: escapes tried from Python in the sandbox and refused, each a test (in Node, where the
 * worker is a worker_threads worker with the host's files and network next to it).
 */
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../src/core/sandbox/create-sandbox';
import { endPythonWorkers, runPython } from '../src/core/sandbox/code/python/run-python';

let server: Server;
let canaryRequests = 0;
let canaryPort = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    canaryRequests++;
    response.end('canary');
  });
  server.on('upgrade', () => canaryRequests++);
  server.on('connection', () => canaryRequests++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  canaryPort = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  endPythonWorkers();
  await new Promise((resolve) => server.close(resolve));
});

// One sandbox (so one warm worker) for the attempts that need no files of their own.
const shared = createSandbox();

async function python(code: string, sandbox = shared) {
  return runPython(sandbox, { language: 'python', code }, { timeoutMs: 20_000 });
}

describe('Python escapes', { timeout: 60_000 }, () => {
  it('cannot read the host files: /etc/passwd is not there, the root holds only the sandbox', async () => {
    expect(existsSync('/etc/passwd')).toBe(true);
    const result = await python('import os\nprint(sorted(os.listdir("/")))\nopen("/etc/passwd").read()');
    expect(result.stdout).toBe("['dev', 'lib', 'proc', 'tmp']\n");
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toMatch(/FileNotFoundError: .*'\/etc\/passwd'\n$/);
    expect(result.stderr).not.toContain(readFileSync('/etc/passwd', 'utf8').split('\n')[0]!);
    // Pyodide's own /lib is read-only: a write there fails instead of being lost.
    const write = await python('open("/lib/python3.14/site-packages/planted.py", "w").write("x")');
    expect(write.stderr).toMatch(/PermissionError: /);
  });

  it('cannot mount or read host files through Pyodide\'s JavaScript API', async () => {
    const attempts = [
      'import pyodide_js\npyodide_js.mountNodeFS("/host", "/")',
      'import sys\nprint(sys.modules["_pyodide._importhook"].jsfinder.jsproxies["pyodide_js"])',
      'import sys\nprint([name for name in sys.modules if name.startswith("pyodide_js") or name == "js"])\nimport pyodide._package_loader as loader\nprint(hasattr(loader, "loadedPackages"), hasattr(loader, "pyodide_js"))',
      'from pyodide.ffi import create_proxy\nproxy = create_proxy(lambda: 0)\nproxy.constructor.constructor("return process")()',
    ];
    const results = await Promise.all(attempts.map((code) => python(code)));
    expect(results[0]!.stderr).toContain("ImportError: the sandbox's Python cannot reach JavaScript (the module pyodide_js is not available)");
    expect(results[1]!.stderr).toMatch(/KeyError: 'pyodide_js'\n$/);
    expect(results[2]!.stdout).toBe('[]\nFalse False\n');
    expect(results[3]!.exitCode).toBe(1);
    expect(results[3]!.stderr).toContain('Creating functions from strings is off in this sandbox');
  });

  it('reaches no network: urllib, http.client, sockets, pyfetch and js.fetch fail with a sentence and the loopback canary counts 0', async () => {
    const url = `http://127.0.0.1:${canaryPort}/`;
    const attempts = {
      urllib: `import urllib.request\nurllib.request.urlopen("${url}")`,
      httpClient: `import http.client\nhttp.client.HTTPConnection("127.0.0.1", ${canaryPort}).request("GET", "/")`,
      socket: `import socket\nsocket.create_connection(("127.0.0.1", ${canaryPort}))`,
      rawSocket: `import _socket\ntry:\n    _socket.socket().connect(("127.0.0.1", ${canaryPort}))\nexcept PermissionError:\n    raise OSError("network access is off in this sandbox")`,
      pyfetch: `from pyodide.http import pyfetch\nprint(pyfetch)`,
      jsFetch: `import js\njs.fetch("${url}")`,
    };
    const results: Record<string, Awaited<ReturnType<typeof python>>> = {};
    for (const [name, code] of Object.entries(attempts)) results[name] = await python(code);
    for (const [name, result] of Object.entries(results)) {
      expect(result.exitCode, name).toBe(1);
      expect(result.stderr, name).toMatch(/network access is off in this sandbox|cannot reach JavaScript/);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(canaryRequests).toBe(0);
    // The canary does count a request that is made (so 0 above means something).
    await fetch(url);
    expect(canaryRequests).toBeGreaterThan(0);
  });

  it('cannot see another sandbox\'s files or interpreter, alternating runs on two sandboxes', async () => {
    const first = createSandbox({ files: { '/secret.txt': 'first sandbox secret' } });
    const second = createSandbox({ files: { '/mine.txt': 'second' } });
    // The first sandbox's program plants a spy in the interpreter: every file opened later is recorded.
    const spy = 'import builtins, sys\nreal = builtins.open\nsys.opened = []\ndef spy(path, *args, **kwargs):\n    file = real(path, *args, **kwargs)\n    sys.opened.append(str(path))\n    return file\nbuiltins.open = spy\nimport json\njson.spy = True';
    const firstRun = await python(`open("written-by-first.txt", "w").write(open("secret.txt").read())\n${spy}`, first);
    expect(firstRun.exitCode).toBe(0);
    const secondSpied = await python('import sys, json, builtins\nprint(hasattr(sys, "opened"), hasattr(json, "spy"), builtins.open.__name__)\nprint(open("mine.txt").read())', second);
    expect(secondSpied.stdout).toBe('False False open\nsecond\n');
    const firstAgain = await python('import sys, builtins\nprint(getattr(sys, "opened", None), builtins.open.__name__)', first);
    expect(firstAgain.stdout).toBe('[] open\n');
    const secondRun = await python('import os\nprint(sorted(os.listdir("/")))\nprint(os.path.exists("/secret.txt"), os.path.exists("/written-by-first.txt"))', second);
    expect(secondRun.stdout).toBe("['dev', 'lib', 'mine.txt', 'proc', 'tmp']\nFalse False\n");
    expect(second.exists('/written-by-first.txt')).toBe(false);
    expect(first.readFile('/written-by-first.txt')).toBe('first sandbox secret');
  });

  it('cannot reach the worker\'s globals through import js, and the js module is not globalThis', async () => {
    const result = await python('import js');
    expect(result.stderr).toContain("ImportError: the sandbox's Python cannot reach JavaScript (the module js is not available)");
    const viaFfi = await python('from pyodide.ffi import to_js\nobject = to_js({"a": 1})\nobject.constructor.constructor("return globalThis")()\n');
    expect(viaFfi.stderr).toContain('Creating functions from strings is off in this sandbox');
  });

  it('ends runaway CPU and memory with a clear stop, and Python still runs afterwards', async () => {
    const sandbox = createSandbox();
    const cpu = await runPython(sandbox, { language: 'python', code: 'while True: pass' }, { timeoutMs: 500 });
    expect([cpu.exitCode, cpu.stopped]).toEqual([124, 'timeout']);
    const memory = await runPython(sandbox, { language: 'python', code: 'x = "a" * (1 << 30)' }, { memoryBytes: 32 * 1024 * 1024 });
    expect(memory.stderr).toContain('MemoryError');
    expect(memory.stopped).toBe('memory');
    expect((await python('print("alive")', sandbox)).stdout).toBe('alive\n');
  });
});
