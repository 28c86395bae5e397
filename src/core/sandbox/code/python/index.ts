/** Python in the sandbox, through Pyodide: see `runPython`. */
export { runPython, endPythonWorkers, pythonLoadMs, type PythonRuntimeOptions } from './run-python';
export { defaultPythonLimits, pythonTimeoutExitCode, pythonCancelledExitCode } from './python-limits';
