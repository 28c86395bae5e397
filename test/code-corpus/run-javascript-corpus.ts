/**
 * Runs a corpus program twice, in real `node` (on a temporary directory of the real disk) and in
 * the kit's `runJavaScript` (on a sandbox holding the same files), and compares what a user sees:
 * stdout, the exit code, stderr (for an uncaught error, its error line, as stack frames and paths
 * differ by design), and the files the program left behind.
 *
 * TypeScript under node: Node 20 has no type stripping (`--experimental-strip-types` came in 22.6),
 * so the node side runs the TypeScript compiler's own output (`ts.transpileModule`, an
 * implementation independent of the kit's sucrase; `.ts` -> `.js`, `.mts` -> `.mjs`, `.cts` ->
 * `.cjs`, relative `.ts` imports rewritten) for every TypeScript file of the program, and the
 * kit runs the `.ts` files themselves. Both then run the same program, so the expected output is
 * never a committed file that could go stale.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { createSandbox } from '../../src/core/sandbox/create-sandbox';
import type { Sandbox } from '../../src/core/sandbox/sandbox-types';
import { runJavaScript } from '../../src/core/sandbox/code/javascript/run-javascript';
import type { CorpusProgram } from './load-javascript-corpus';

/** What one runtime did with a program, with its own directory written as `<dir>`. */
export interface ProgramRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Files and directories the program's directory holds afterwards: path -> content (base64), `dir` for directories. */
  tree: Map<string, string>;
}

/** Where the kit's runs start: the program's files sit in this sandbox directory. */
const kitDirectory = '/program';

const typescriptExtension = /\.(m|c)?ts$/;

function transpiledName(file: string): string {
  return file.replace(typescriptExtension, (_, kind: string | undefined) => `.${kind ?? ''}js`);
}

function transpile(file: string, source: string): string {
  return ts.transpileModule(source, {
    fileName: file,
    compilerOptions: { module: ts.ModuleKind.Preserve, target: ts.ScriptTarget.ES2022, rewriteRelativeImportExtensions: true, verbatimModuleSyntax: false },
  }).outputText;
}

function normalize(text: string, directory: string): string {
  return text.split(directory).join('<dir>');
}

function diskTree(directory: string, renamed: Map<string, { original: string; source: Uint8Array; output: string }>): Map<string, string> {
  const tree = new Map<string, string>();
  const walk = (current: string) => {
    for (const name of readdirSync(current).sort()) {
      const path = join(current, name);
      const key = relative(directory, path);
      if (statSync(path).isDirectory()) {
        tree.set(key, 'dir');
        walk(path);
        continue;
      }
      const content = readFileSync(path);
      const source = renamed.get(key);
      // A TypeScript file the node side ran as the compiler's output counts as the original file.
      if (source !== undefined && content.toString('utf8') === source.output) tree.set(source.original, Buffer.from(source.source).toString('base64'));
      else tree.set(key, content.toString('base64'));
    }
  };
  walk(directory);
  return tree;
}

function sandboxTree(sandbox: Sandbox, directory: string): Map<string, string> {
  const tree = new Map<string, string>();
  const walk = (current: string) => {
    for (const entry of sandbox.list(current)) {
      const key = entry.path.slice(directory.length + 1);
      if (entry.kind === 'directory') {
        tree.set(key, 'dir');
        walk(entry.path);
      } else tree.set(key, Buffer.from(sandbox.readBytes(entry.path)).toString('base64'));
    }
  };
  if (sandbox.exists(directory)) walk(directory);
  return new Map([...tree].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * Runs the program in real node (`process.execPath`, the node running the tests) in a fresh
 * temporary directory, with TypeScript files compiled by the TypeScript compiler.
 *
 * @example
 * ```ts
 * const run = await runInNode(program); // { exitCode: 0, stdout: '...', stderr: '', tree }
 * ```
 */
export async function runInNode(program: CorpusProgram): Promise<ProgramRun> {
  const directory = realpathSync(mkdtempSync(join(tmpdir(), 'javascript-corpus-')));
  try {
    const renamed = new Map<string, { original: string; source: Uint8Array; output: string }>();
    for (const [file, content] of program.files) {
      mkdirSync(dirname(join(directory, file)), { recursive: true });
      if (typescriptExtension.test(file)) {
        const output = transpile(file, Buffer.from(content).toString('utf8'));
        renamed.set(transpiledName(file), { original: file, source: content, output });
        writeFileSync(join(directory, transpiledName(file)), output);
      } else writeFileSync(join(directory, file), content);
    }
    const entry = typescriptExtension.test(program.entry) ? transpiledName(program.entry) : program.entry;
    const { exitCode, stdout, stderr } = await new Promise<{ exitCode: number; stdout: string; stderr: string }>((resolve) => {
      // NODE_NO_WARNINGS: node's notes on experimental features (JSON modules) are not the program's output.
      execFile(process.execPath, [entry], { cwd: directory, timeout: 20_000, env: { PATH: process.env.PATH, NODE_NO_WARNINGS: '1' } }, (error, out, err) => {
        resolve({ exitCode: error === null ? 0 : typeof error.code === 'number' ? error.code : 1, stdout: out, stderr: err });
      });
    });
    return { exitCode, stdout: normalize(stdout, directory), stderr: normalize(stderr, directory), tree: diskTree(directory, renamed) };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/**
 * Runs the program through the kit's `runJavaScript` on a sandbox holding its files in `/program`.
 *
 * @example
 * ```ts
 * const run = await runInKit(program);
 * ```
 */
export async function runInKit(program: CorpusProgram): Promise<ProgramRun> {
  const sandbox = createSandbox();
  for (const [file, content] of program.files) sandbox.writeFile(`${kitDirectory}/${file}`, isText(content) ? Buffer.from(content).toString('utf8') : content);
  const language = typescriptExtension.test(program.entry) ? 'typescript' : 'javascript';
  const result = await runJavaScript(sandbox, { language, path: program.entry, cwd: kitDirectory }, { timeoutMs: 20_000 });
  return { exitCode: result.exitCode, stdout: normalize(result.stdout, kitDirectory), stderr: normalize(result.stderr, kitDirectory), tree: sandboxTree(sandbox, kitDirectory) };
}

function isText(content: Uint8Array): boolean {
  return !content.includes(0) && Buffer.from(Buffer.from(content).toString('utf8')).equals(content);
}

/**
 * The line of an uncaught error's report that names it (`TypeError: x is not a function`): the
 * first line after the source line's caret, or the first line that is neither a location nor a frame.
 *
 * @example
 * ```ts
 * errorLine('/a.js:1\nthrow new Error("x")\n^\n\nError: x\n    at ...'); // 'Error: x'
 * ```
 */
export function errorLine(stderr: string): string {
  const lines = stderr.split('\n');
  const caret = lines.findIndex((line) => /^\s*\^+\s*$/.test(line));
  const candidates = caret === -1 ? lines : lines.slice(caret + 1);
  return candidates.find((line) => line.trim() !== '' && !line.startsWith('    at ') && !/^\S+:\d+$/.test(line)) ?? '';
}

/** Whether node's stderr ends in an uncaught exception's report. */
function endsUncaught(stderr: string): boolean {
  return /\nNode\.js v\d+/.test(`\n${stderr}`);
}

/**
 * The differences between the kit's run and node's, as sentences; empty when they agree.
 *
 * @example
 * ```ts
 * differences(await runInKit(program), await runInNode(program)); // []
 * ```
 */
export function differences(kit: ProgramRun, node: ProgramRun): string[] {
  const found: string[] = [];
  if (kit.exitCode !== node.exitCode) found.push(`exit code: kit ${kit.exitCode}, node ${node.exitCode}`);
  if (kit.stdout !== node.stdout) found.push(`stdout:\n  kit  ${JSON.stringify(kit.stdout)}\n  node ${JSON.stringify(node.stdout)}`);
  if (endsUncaught(node.stderr)) {
    const [kitLine, nodeLine] = [errorLine(kit.stderr), errorLine(node.stderr)];
    if (kitLine !== nodeLine) found.push(`error line: kit ${JSON.stringify(kitLine)}, node ${JSON.stringify(nodeLine)}`);
  } else if (kit.stderr !== node.stderr) found.push(`stderr:\n  kit  ${JSON.stringify(kit.stderr)}\n  node ${JSON.stringify(node.stderr)}`);
  const paths = new Set([...kit.tree.keys(), ...node.tree.keys()]);
  for (const path of [...paths].sort()) {
    const [inKit, inNode] = [kit.tree.get(path), node.tree.get(path)];
    if (inKit === inNode) continue;
    if (inKit === undefined) found.push(`file ${path}: only node left it`);
    else if (inNode === undefined) found.push(`file ${path}: only the kit left it`);
    else found.push(`file ${path}: contents differ (kit ${JSON.stringify(Buffer.from(inKit, 'base64').toString('utf8').slice(0, 200))}, node ${JSON.stringify(Buffer.from(inNode, 'base64').toString('utf8').slice(0, 200))})`);
  }
  return found;
}
