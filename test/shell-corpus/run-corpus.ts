/**
 * Runs the shell corpus: each script by the kit's shell (in-process, on a sandbox holding the
 * corpus files under `/work`) and by GNU bash (in a fresh temporary folder holding the same files
 * under `work/`, clean environment, `LC_ALL=C`), then compares stdout, the exit code and the
 * files left behind. A script is a `match`, `refused` (the kit exits non-zero and says
 * "not supported: …" on stderr) or `wrong` (anything else: a wrong answer that looks right).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createSandbox } from '../../src/core/sandbox/create-sandbox';
import type { Sandbox } from '../../src/core/sandbox/sandbox-types';
import { createSandboxShell } from '../../src/core/sandbox/shell/sandbox-shell';
import { corpusFiles, type CorpusOutcome, type CorpusScript } from './corpus-types';

/** Where GNU bash is expected; without it the corpus is skipped with a note. */
export const bashPath = '/usr/bin/bash';

/** What one side printed and left behind. */
export interface ScriptRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Every entry under the root, sorted: `/work/a.txt=content`, directories as `/work/src/`. */
  tree: string[];
}

/** One script's result on both sides. */
export interface CorpusResult {
  entry: CorpusScript;
  outcome: CorpusOutcome;
  kit: ScriptRun;
  bash: ScriptRun;
}

const workFolder = 'work';

function filesOf(_entry: CorpusScript): Readonly<Record<string, string>> {
  return corpusFiles;
}

function sandboxTree(sandbox: Sandbox, path = '/'): string[] {
  const entries: string[] = [];
  for (const entry of sandbox.list(path)) {
    if (entry.kind === 'directory') entries.push(`${entry.path}/`, ...sandboxTree(sandbox, entry.path));
    else entries.push(`${entry.path}=${sandbox.readFile(entry.path)}`);
  }
  return entries;
}

function diskTree(root: string, relative = ''): string[] {
  const entries: string[] = [];
  for (const name of readdirSync(join(root, relative))) {
    const path = `${relative}/${name}`;
    if (statSync(join(root, path)).isDirectory()) entries.push(`${path}/`, ...diskTree(root, path));
    else entries.push(`${path}=${readFileSync(join(root, path), 'utf8')}`);
  }
  return entries;
}

/**
 * Runs `entry` in the kit's shell, in the calling thread, from `/work` (also `HOME`).
 *
 * @example
 * ```ts
 * const { stdout } = await runInKit({ category: 'text', script: 'wc -l < notes.txt', source: 'text.txt:1' });
 * ```
 */
export async function runInKit(entry: CorpusScript): Promise<ScriptRun> {
  const files = Object.fromEntries(Object.entries(filesOf(entry)).map(([path, content]) => [`/${workFolder}/${path}`, content]));
  const sandbox = createSandbox({ files });
  const shell = createSandboxShell(sandbox, { worker: false, env: { HOME: `/${workFolder}` }, maxOutputBytes: 1_000_000 });
  const { exitCode, stdout, stderr } = await shell.run({ command: entry.script, cwd: `/${workFolder}` });
  return { exitCode, stdout, stderr, tree: sandboxTree(sandbox).sort() };
}

// Runs each script from its own folder, in a clean environment; one bash process for the batch
// (forking from bash is much cheaper than spawning from Node, hundreds of times).
const driver = String.raw`
for run in "$@"; do
  script=$(cat "$run/script"; printf x); script=${'${'}script%x}
  (cd "$run/tree/work" && exec timeout 10 env -i PATH=/usr/local/bin:/usr/bin:/bin HOME="$run/tree/work" PWD="$run/tree/work" LC_ALL=C TZ=UTC "$0" --noprofile --norc -c "$script") </dev/null >"$run/stdout" 2>"$run/stderr"
  echo $? > "$run/status"
done
`;

/**
 * Runs `entries` in GNU bash, each in a fresh folder of a temporary one, with one bash process
 * for the batch; the folders' path is taken out of the output, so \`/work\` reads the same on both
 * sides.
 *
 * @example
 * ```ts
 * const [{ stdout }] = runInBash([{ category: 'text', script: 'wc -l < notes.txt', source: 'text.txt:1' }]);
 * ```
 */
export function runInBash(entries: readonly CorpusScript[]): ScriptRun[] {
  const base = mkdtempSync(join(tmpdir(), 'shell-corpus-'));
  try {
    const runs = entries.map((entry, index) => {
      const run = join(base, String(index));
      const work = join(run, 'tree', workFolder);
      for (const [path, content] of Object.entries(filesOf(entry))) {
        mkdirSync(dirname(join(work, path)), { recursive: true });
        writeFileSync(join(work, path), content);
      }
      writeFileSync(join(run, 'script'), entry.script);
      return run;
    });
    spawnSync(bashPath, ['--noprofile', '--norc', '-c', driver, bashPath, ...runs], { stdio: 'ignore', timeout: 600_000 });
    return runs.map((run) => {
      const root = join(run, 'tree');
      const local = (text: string) => text.split(root).join('');
      const status = Number(readFileSync(join(run, 'status'), 'utf8'));
      return { exitCode: status, stdout: local(readFileSync(join(run, 'stdout'), 'utf8')), stderr: local(readFileSync(join(run, 'stderr'), 'utf8')), tree: diskTree(root).sort() };
    });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

/** Whether GNU bash is there to compare with. */
export function hasBash(): boolean {
  return existsSync(bashPath);
}

/** A refusal as the corpus accepts it: a non-zero exit with "not supported: …" on stderr. */
export function isRefusal(run: ScriptRun): boolean {
  return run.exitCode !== 0 && run.stderr.includes('not supported: ');
}

/**
 * Runs `entry` on both sides (`bash`: its run in bash, when the batch ran it) and classifies it.
 *
 * @example
 * ```ts
 * (await compareScript({ category: 'grep', script: 'grep -c alpha notes.txt', source: 'grep.txt:3' })).outcome; // 'match'
 * ```
 */
export async function compareScript(entry: CorpusScript, bash: ScriptRun = runInBash([entry])[0] as ScriptRun): Promise<CorpusResult> {
  const kit = await runInKit(entry);
  const same = kit.exitCode === bash.exitCode && kit.stdout === bash.stdout && kit.tree.join('\0') === bash.tree.join('\0');
  const outcome: CorpusOutcome = same ? 'match' : isRefusal(kit) ? 'refused' : 'wrong';
  return { entry, outcome, kit, bash };
}
