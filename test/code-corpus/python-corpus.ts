/**
 * Runs the Python corpus (test/code-corpus/python/<category>/<name>.py) in the machine's real
 * `python3` and in the kit's runtime, each program on the same starting files (`_files/`): a temp
 * directory for python3, a fresh sandbox for the kit. The outcomes are compared on stdout, exit
 * code, the last line of stderr (for a failing program) and the files left behind.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createSandbox } from '../../src/core/sandbox/create-sandbox';
import type { FileContent } from '../../src/core/sandbox/sandbox-types';
import { runPython } from '../../src/core/sandbox/code/python/run-python';

export const corpusRoot = join(import.meta.dirname, 'python');
const filesRoot = join(corpusRoot, '_files');

export interface PythonProgram {
  category: string;
  name: string;
  code: string;
}

/** What a run gave: the parts that are compared. */
export interface PythonOutcome {
  stdout: string;
  exitCode: number;
  stderrLastLine: string;
  /** path -> content (text, or `base64:` for bytes that are not UTF-8), files only. */
  files: Record<string, string>;
}

export function loadPrograms(): PythonProgram[] {
  const programs: PythonProgram[] = [];
  for (const category of readdirSync(corpusRoot).sort()) {
    if (category.startsWith('_') || !statSync(join(corpusRoot, category)).isDirectory()) continue;
    for (const file of readdirSync(join(corpusRoot, category)).sort()) {
      if (file.endsWith('.py')) programs.push({ category, name: file, code: readFileSync(join(corpusRoot, category, file), 'utf8') });
    }
  }
  return programs;
}

export function findPython(): string | undefined {
  const found = spawnSync('python3', ['--version'], { encoding: 'utf8' });
  return found.status === 0 ? 'python3' : undefined;
}

function lastLine(stderr: string): string {
  return stderr.trimEnd().split('\n').at(-1) ?? '';
}

function asText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `base64:${Buffer.from(bytes).toString('base64')}`;
  }
}

function walk(root: string, directory = root, into: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(directory)) {
    if (name === '__pycache__') continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) walk(root, path, into);
    else into[`/${relative(root, path)}`] = asText(readFileSync(path));
  }
  return into;
}

/** Runs a program in the real python3, in a temp directory holding the starting files. */
export function runInPython(python: string, program: PythonProgram): PythonOutcome {
  const directory = mkdtempSync(join(tmpdir(), 'python-corpus-'));
  try {
    cpSync(filesRoot, directory, { recursive: true });
    writeFileSync(join(directory, 'main.py'), program.code);
    const result = spawnSync(python, ['-B', 'main.py'], { cwd: directory, encoding: 'utf8', timeout: 20_000, env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: directory, LANG: 'C.UTF-8', PYTHONHASHSEED: '0', TMPDIR: directory + '/.tmp-host' } });
    return { stdout: result.stdout, exitCode: result.status ?? -1, stderrLastLine: lastLine(result.stderr), files: walk(directory) };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

function startingFiles(): Record<string, FileContent> {
  const files: Record<string, FileContent> = {};
  const add = (directory: string) => {
    for (const name of readdirSync(directory)) {
      const path = join(directory, name);
      if (statSync(path).isDirectory()) add(path);
      else {
        const bytes = new Uint8Array(readFileSync(path));
        const text = asText(bytes);
        files[`/${relative(filesRoot, path)}`] = text.startsWith('base64:') ? bytes : text;
      }
    }
  };
  add(filesRoot);
  return files;
}

// One sandbox, so one warm worker (a new sandbox gets a worker of its own, a cold start of ~2 s).
const sandbox = createSandbox();
const starting = createSandbox({ files: startingFiles() });

/**
 * Runs a program in the kit's runtime, on a fresh tree holding the starting files: the corpus's
 * sandbox is loaded with them (`load` replaces the whole tree) before each program.
 */
export async function runInKit(program: PythonProgram): Promise<PythonOutcome & { stderr: string }> {
  sandbox.load(starting.toRecords());
  sandbox.writeFile('/main.py', program.code);
  const result = await runPython(sandbox, { language: 'python', path: 'main.py' }, { timeoutMs: 20_000 });
  const files: Record<string, string> = {};
  for (const record of sandbox.toRecords()) {
    if (record.kind === 'text') files[record.path] = record.text;
    else if (record.kind === 'binary') files[record.path] = asText(record.bytes);
  }
  return { stdout: result.stdout, exitCode: result.exitCode, stderrLastLine: lastLine(result.stderr), stderr: result.stderr, files };
}
