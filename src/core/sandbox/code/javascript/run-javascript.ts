/**
 * Runs a JavaScript or TypeScript program from the sandbox in QuickJS: a fresh runtime and context
 * per run, with only the globals and modules `guestRuntime` defines, the sandbox as its filesystem,
 * and the run's limits enforced by the engine itself (an interrupt check for time, Stop and output;
 * a heap limit for memory). Timers run on the host's clock between slices of the program, so while
 * a program waits the thread is free. In the browser this runs inside the shell's worker.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime } from 'quickjs-emscripten-core';
import type { Sandbox } from '../../sandbox-types';
import { resolveShellPath } from '../../shell/shell-paths';
import { createCodeOutput, type CodeOutput } from '../code-output';
import { defaultCodeLimits, exitCodeOf, stoppedMessage } from '../code-limits';
import type { CodeNetworkOptions, CodeRunLimits, CodeRunRequest, CodeRunResult, CodeStopReason } from '../code-types';
import { allowedFetch } from './allowed-fetch';
import { guestFetch } from './guest-fetch';
import { guestInspect } from './guest-inspect';
import { guestRuntimeParts } from './guest-runtime';
import { createHostOperations } from './javascript-host';
import { hasModuleSyntax, resolveModule } from './module-resolution';
import { loadSourceTransform, moduleSource, needsSourceTransform, type SourceTransform } from './module-source';
import { discardQuickJs, loadQuickJs } from './quickjs-loader';
import { describeUncaught } from './javascript-failures';

interface Run {
  sandbox: Sandbox;
  output: CodeOutput;
  deadline: number;
  signal: AbortSignal | undefined;
  stopped: CodeStopReason | undefined;
  exitCode: number | undefined;
  timers: Map<number, number>;
  transform: SourceTransform | undefined;
  /** Host work a program waits for (its `fetch` calls); the run goes on while any is pending. */
  pending: Set<Promise<void>>;
  disposed: boolean;
}

function stopReason(run: Run): CodeStopReason | undefined {
  if (run.stopped !== undefined) return run.stopped;
  if (run.signal?.aborted) run.stopped = 'cancelled';
  else if (run.output.overflowed) run.stopped = 'output';
  else if (Date.now() > run.deadline) run.stopped = 'timeout';
  return run.stopped;
}

function defineHost(context: QuickJSContext, run: Run, config: object): void {
  const host = context.newObject();
  const functions: Record<string, (...args: QuickJSHandle[]) => QuickJSHandle | undefined> = {
    call: (name, args) => {
      const answer = operations(context.getString(name), context.getString(args));
      return context.newString(answer);
    },
    // CommonJS sources compile here, under their own file name, so stacks and errors name the file.
    compile: (source, file) => {
      const result = context.evalCode(`(function (exports, require, module, __filename, __dirname) {${context.getString(source)}\n})`, context.getString(file));
      return result.error ? context.unwrapResult(result) : result.value;
    },
    write: (stream, text) => void run.output.write(context.getString(stream) === 'stderr' ? 'stderr' : 'stdout', context.getString(text)),
    exit: (code) => void (run.exitCode ??= context.getNumber(code)),
    setTimer: (id, delay) => void run.timers.set(context.getNumber(id), Date.now() + context.getNumber(delay)),
    clearTimer: (id) => void run.timers.delete(context.getNumber(id)),
    // For util.inspect's `Promise { value }`: the engine knows a promise's state, the language does not say it.
    promiseState: (promise) => {
      const state = context.getPromiseState(promise);
      const answer = context.newArray();
      const type = context.newString(state.type);
      context.setProp(answer, 0, type);
      type.dispose();
      if (state.type === 'fulfilled') {
        context.setProp(answer, 1, state.value);
        state.value.dispose();
      } else if (state.type === 'rejected') {
        context.setProp(answer, 1, state.error);
        state.error.dispose();
      }
      return answer;
    },
  };
  const operations = createHostOperations(run.sandbox, (path) => moduleSource(run.sandbox, path, 'commonjs', run.transform));
  for (const [name, implementation] of Object.entries(functions)) {
    const handle = context.newFunction(name, implementation);
    context.setProp(host, name, handle);
    handle.dispose();
  }
  const configHandle = context.newString(JSON.stringify(config));
  context.setProp(host, 'config', configHandle);
  configHandle.dispose();
  context.setProp(context.global, '__host', host);
  host.dispose();
}

/** Defines `__hostFetch`, which answers a program's `fetch` to an allowed origin through a guest promise. */
function defineHostFetch(context: QuickJSContext, run: Run, allowedOrigins: readonly string[]): void {
  const hostFetch = context.newFunction('__hostFetch', (urlHandle, initHandle) => {
    const deferred = context.newPromise();
    const settled = allowedFetch(context.getString(urlHandle), context.getString(initHandle), allowedOrigins, run.signal).then(
      (answer) => {
        if (run.disposed) return;
        const value = context.newString(answer);
        deferred.resolve(value);
        value.dispose();
      },
      (error: unknown) => {
        if (run.disposed) return;
        const value = context.newError(error instanceof Error ? error.message : String(error));
        deferred.reject(value);
        value.dispose();
      },
    );
    const tracked = settled.finally(() => run.pending.delete(tracked));
    run.pending.add(tracked);
    return deferred.handle;
  });
  context.setProp(context.global, '__hostFetch', hostFetch);
  hostFetch.dispose();
  context.unwrapResult(context.evalCode(`(${guestFetch.toString()})()`, 'node:internal/fetch')).dispose();
}

function installModuleLoader(runtime: QuickJSRuntime, run: Run, entry: { name: string; source: string }): void {
  runtime.setModuleLoader(
    (name, context) => {
      try {
        if (name === entry.name) return entry.source;
        if (name.startsWith('node:')) {
          const keys = context.unwrapResult(context.evalCode(`JSON.stringify(Object.keys(__builtin(${JSON.stringify(name.slice(5))})))`));
          const names = (JSON.parse(context.getString(keys)) as string[]).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key) && key !== 'default');
          keys.dispose();
          const access = `__builtin(${JSON.stringify(name.slice(5))})`;
          return `const m = ${access}; export default m; export const { ${names.join(', ')} } = m;`;
        }
        return moduleSource(run.sandbox, name, 'module', run.transform);
      } catch (error) {
        return { error: error instanceof Error ? error : new Error(String(error)) };
      }
    },
    (base, requested) => {
      try {
        const resolved = resolveModule(run.sandbox, requested, base.startsWith('/') ? base : entryDirectory(entry.name));
        return resolved.kind === 'builtin' ? `node:${resolved.name}` : resolved.path;
      } catch (error) {
        return { error: error instanceof Error ? error : new Error(String(error)) };
      }
    },
  );
}

function entryDirectory(name: string): string {
  return name.slice(0, name.lastIndexOf('/') + 1) || '/';
}

/** Waits until `until`, or until the signal fires. */
function sleep(until: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, until - Date.now()));
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** How the guest's `util.inspect` shows a value (Node prints a thrown non-error that way). */
function inspectInGuest(context: QuickJSContext, handle: QuickJSHandle): string | undefined {
  const inspect = context.getProp(context.global, '__inspect');
  const result = context.callFunction(inspect, context.undefined, handle);
  inspect.dispose();
  if (result.error) {
    result.error.dispose();
    return undefined;
  }
  const text = context.dump(result.value) as unknown;
  result.value.dispose();
  return typeof text === 'string' ? text : undefined;
}

/**
 * Runs the program and its timers until it is done, exits, fails or is stopped.
 * Returns the uncaught error's description, if any.
 */
async function drive(context: QuickJSContext, runtime: QuickJSRuntime, run: Run, start: () => QuickJSHandle | { error: QuickJSHandle }): Promise<string | undefined> {
  const failure = (handle: QuickJSHandle): string | undefined => {
    const isExit = context.getProp(context.global, '__isExitSignal');
    const exiting = context.unwrapResult(context.callFunction(isExit, context.undefined, handle));
    const exit = context.dump(exiting) === true;
    exiting.dispose();
    isExit.dispose();
    if (exit || run.exitCode !== undefined || stopReason(run) !== undefined) return undefined;
    const dumped = context.dump(handle) as unknown;
    if (typeof dumped === 'object' && dumped !== null && (dumped as { message?: string }).message === 'out of memory') {
      run.stopped = 'memory';
      return undefined;
    }
    return describeUncaught(dumped, run.sandbox, inspectInGuest(context, handle));
  };
  const started = start();
  if ('error' in started) {
    const description = failure(started.error);
    started.error.dispose();
    return description;
  }
  let promise: QuickJSHandle | undefined = started;
  const fire = context.getProp(context.global, '__fireTimer');
  try {
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const description = failure(jobs.error);
        jobs.error.dispose();
        if (description !== undefined || run.exitCode !== undefined || stopReason(run) !== undefined) return description;
      }
      if (promise !== undefined && context.typeof(promise) === 'object') {
        const state = context.getPromiseState(promise);
        if (state.type === 'rejected') {
          const description = failure(state.error);
          state.error.dispose();
          promise.dispose();
          promise = undefined;
          if (description !== undefined) return description;
        } else if (state.type === 'fulfilled') {
          if (!state.notAPromise) state.value.dispose();
          promise.dispose();
          promise = undefined;
        }
      }
      if (run.exitCode !== undefined || stopReason(run) !== undefined) return undefined;
      if (run.timers.size === 0 && run.pending.size === 0) return undefined;
      const [id, due] = run.timers.size === 0 ? [undefined, Infinity] : [...run.timers].reduce((earliest, timer) => (timer[1] < earliest[1] ? timer : earliest));
      await Promise.race([sleep(Math.min(due, run.deadline + 1), run.signal), ...run.pending]);
      if (stopReason(run) !== undefined) return undefined;
      if (id === undefined || Date.now() < due) continue;
      run.timers.delete(id);
      const idHandle = context.newNumber(id);
      const result = context.callFunction(fire, context.undefined, idHandle);
      idHandle.dispose();
      if (result.error) {
        const description = failure(result.error);
        result.error.dispose();
        if (description !== undefined) return description;
      } else result.value.dispose();
    }
  } finally {
    fire.dispose();
    promise?.dispose();
  }
}

/**
 * Runs a JavaScript or TypeScript program (`request.path` in the sandbox, or `request.code`) with
 * the sandbox as its filesystem. Never throws for the program's failures: they are a non-zero
 * exit code with Node's kind of message on stderr. Throws only when QuickJS is not installed.
 *
 * @example
 * ```ts
 * const { exitCode, stdout } = await runJavaScript(sandbox, { language: 'javascript', path: 'main.js', args: ['--fast'] });
 * // fetch allowed to one origin:
 * await runJavaScript(sandbox, { language: 'javascript', path: 'get.js' }, {}, { allowedOrigins: ['https://api.example.com'] });
 * ```
 */
export async function runJavaScript(sandbox: Sandbox, request: CodeRunRequest, limits: CodeRunLimits = {}, network: CodeNetworkOptions = {}): Promise<CodeRunResult> {
  const { timeoutMs, memoryBytes, maxOutputBytes } = { ...defaultCodeLimits, ...limits };
  const cwd = resolveShellPath('/', request.cwd ?? '/');
  const output = createCodeOutput(maxOutputBytes, request.onOutput);
  const typescript = request.language === 'typescript';
  let entryPath: string | undefined;
  if (request.path !== undefined) {
    const resolved = resolveShellPath(cwd, request.path);
    if (!sandbox.exists(resolved) || sandbox.stat(resolved).kind !== 'file') {
      output.write('stderr', `Error: Cannot find module '${resolved}'\n`);
      return { exitCode: 1, stdout: output.stdout, stderr: output.stderr };
    }
    entryPath = resolved;
  }
  const quickJs = await loadQuickJs();
  const transform = typescript || needsSourceTransform(sandbox, entryPath) ? await loadSourceTransform() : undefined;
  const run: Run = { sandbox, output, deadline: Date.now() + timeoutMs, signal: request.signal, stopped: undefined, exitCode: undefined, timers: new Map(), transform, pending: new Set(), disposed: false };
  if (request.signal?.aborted) run.stopped = 'cancelled';

  const entryName = entryPath ?? `${cwd === '/' ? '' : cwd}/[eval]${typescript ? '.ts' : '.js'}`;
  const runtime = quickJs.newRuntime();
  runtime.setMemoryLimit(memoryBytes);
  // 256 kB: deep recursion must hit QuickJS's own check (a catchable error) before the host's stack runs out inside the WebAssembly (1 MB overflowed V8's stack first).
  runtime.setMaxStackSize(256 * 1024);
  runtime.setInterruptHandler(() => stopReason(run) !== undefined || run.exitCode !== undefined);
  const context = runtime.newContext();
  let uncaught: string | undefined;
  let failedToStart: unknown;
  try {
    const config = { argv: ['/usr/local/bin/node', ...(entryPath === undefined ? [] : [entryPath]), ...(request.args ?? [])], env: { ...request.env }, cwd, stdin: request.stdin ?? '' };
    defineHost(context, run, config);
    context.unwrapResult(context.evalCode(`(${guestInspect.toString()})()`, 'node:internal/inspect')).dispose();
    for (const part of guestRuntimeParts) context.unwrapResult(context.evalCode(`(${part.toString()})()`, 'node:internal/runtime')).dispose();
    if (network.allowedOrigins !== undefined && network.allowedOrigins.length > 0) defineHostFetch(context, run, network.allowedOrigins);
    // The parts hold what they need: the program reaches the host only through the modules they made.
    context.unwrapResult(context.evalCode('delete globalThis.__host; delete globalThis.__guest;', 'node:internal/seal')).dispose();
    let source = entryPath === undefined ? (request.code ?? '') : sandbox.readFile(entryPath);
    const isModule = entryPath === undefined ? hasModuleSyntax(source) : resolveModule(sandbox, entryPath, '/').kind === 'file' && moduleFormat(sandbox, entryPath) === 'module';
    if (typescript && entryPath === undefined) {
      if (transform === undefined) throw new Error('TypeScript needs the optional package sucrase (npm install sucrase) in the app that runs the sandbox.');
      source = transform(source, { path: entryName, typescript: true, toCommonJs: false });
    }
    installModuleLoader(runtime, run, { name: entryName, source: isModule && entryPath !== undefined ? moduleSource(sandbox, entryPath, 'module', transform) : source });
    uncaught = await drive(context, runtime, run, () => {
      const result = isModule
        ? context.evalCode(entryPath === undefined ? source : moduleSource(sandbox, entryPath, 'module', transform), entryName, { type: 'module' })
        : entryPath === undefined
          ? context.evalCode(`__runCommonJsSource(${JSON.stringify(source)}, ${JSON.stringify(entryName)})`, 'node:internal/main')
          : context.evalCode(`__runCommonJs(${JSON.stringify(entryPath)})`, 'node:internal/main');
      return result.error ? { error: result.error } : result.value;
    });
    if (uncaught === undefined && run.exitCode === undefined && stopReason(run) === undefined) {
      const exitCode = context.evalCode('__runExitListeners()');
      if (exitCode.error) exitCode.error.dispose();
      else {
        run.exitCode = context.getNumber(exitCode.value);
        exitCode.value.dispose();
      }
    }
  } catch (error) {
    failedToStart = error;
  } finally {
    run.disposed = true;
    try {
      context.dispose();
      runtime.dispose();
    } catch {
      // A program stopped mid-allocation can leave the engine inconsistent: use a fresh one next time.
      discardQuickJs();
    }
    if (run.stopped === 'memory') discardQuickJs();
  }
  if (failedToStart !== undefined) {
    output.write('stderr', `${failedToStart instanceof Error ? failedToStart.message : JSON.stringify(failedToStart)}\n`);
    return { exitCode: 1, stdout: output.stdout, stderr: output.stderr };
  }
  if (run.stopped !== undefined) {
    output.note(stoppedMessage(run.stopped, { timeoutMs, memoryBytes, maxOutputBytes }));
    return { exitCode: exitCodeOf(run.stopped), stdout: output.stdout, stderr: output.stderr, stopped: run.stopped };
  }
  if (uncaught !== undefined) {
    output.write('stderr', uncaught);
    return { exitCode: 1, stdout: output.stdout, stderr: output.stderr };
  }
  return { exitCode: run.exitCode ?? 0, stdout: output.stdout, stderr: output.stderr };
}

function moduleFormat(sandbox: Sandbox, path: string): string {
  const resolved = resolveModule(sandbox, path, '/');
  return resolved.kind === 'file' ? resolved.format : 'commonjs';
}
