/**
 * The shell corpus (issue 26, item 11): every script in test/shell-corpus/*.txt runs in the kit's
 * shell and in GNU bash on the same files, and the kit must never give a wrong answer: each script
 * matches bash (stdout, exit code and the files left behind) or is refused with "not supported: …"
 * on stderr and a non-zero exit. The match rate per category and the refusals are printed (and
 * recorded in bench/README.md). Without /usr/bin/bash the comparison is skipped, with that said.
 */
import { describe, expect, it } from 'vitest';
import type { CorpusCategory } from './shell-corpus/corpus-types';
import { loadCorpus } from './shell-corpus/load-corpus';
import { bashPath, compareScript, hasBash, runInBash, type CorpusResult } from './shell-corpus/run-corpus';

const corpus = loadCorpus();

function report(results: CorpusResult[]): string {
  const categories = new Map<CorpusCategory, CorpusResult[]>();
  for (const result of results) categories.set(result.entry.category, [...(categories.get(result.entry.category) ?? []), result]);
  const count = (list: CorpusResult[], outcome: CorpusResult['outcome']) => list.filter((result) => result.outcome === outcome).length;
  const row = (name: string, list: CorpusResult[]) =>
    `| ${name} | ${list.length} | ${count(list, 'match')} | ${((100 * count(list, 'match')) / list.length).toFixed(1)}% | ${count(list, 'refused')} | ${count(list, 'wrong')} |`;
  const lines = ['| category | scripts | match | match rate | refused | wrong |', '|---|---|---|---|---|---|'];
  for (const [name, list] of categories) lines.push(row(name, list));
  lines.push(row('all', results));
  const refused = results.filter((result) => result.outcome === 'refused');
  if (refused.length > 0) lines.push('', 'Refused:', ...refused.map((result) => `- \`${result.entry.script.replace(/\n/g, '⏎')}\` (${result.entry.source}): ${result.kit.stderr.trim().split('\n').at(-1)}`));
  return lines.join('\n');
}

function describeWrong(result: CorpusResult): string {
  const { entry, kit, bash } = result;
  const lines = [`${entry.source}: ${entry.script}`];
  if (kit.exitCode !== bash.exitCode) lines.push(`  exit code: kit ${kit.exitCode}, bash ${bash.exitCode}`);
  if (kit.stdout !== bash.stdout) lines.push(`  stdout: kit ${JSON.stringify(kit.stdout)}`, `          bash ${JSON.stringify(bash.stdout)}`);
  const onlyKit = kit.tree.filter((entry) => !bash.tree.includes(entry));
  const onlyBash = bash.tree.filter((entry) => !kit.tree.includes(entry));
  if (onlyKit.length + onlyBash.length > 0) lines.push(`  files only in the kit: ${JSON.stringify(onlyKit)}`, `  files only in bash: ${JSON.stringify(onlyBash)}`);
  if (kit.stderr !== '') lines.push(`  kit stderr: ${JSON.stringify(kit.stderr)}`);
  return lines.join('\n');
}

describe('the shell corpus against GNU bash', () => {
  it('has at least 300 scripts in every category the README lists', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.map((entry) => entry.category))).toEqual(
      new Set(['awk', 'control-flow', 'expansion', 'files', 'find-xargs', 'functions-arithmetic', 'grep', 'other-commands', 'pipes-redirects', 'sed', 'text']),
    );
  });

  it.skipIf(!hasBash())(`gives no wrong answer: each script matches bash or is refused (skipped when ${bashPath} is absent)`, async () => {
    const inBash = runInBash(corpus);
    const results: CorpusResult[] = [];
    for (const [index, entry] of corpus.entries()) results.push(await compareScript(entry, inBash[index]));
    console.log(`Shell corpus, ${results.length} scripts against GNU bash:\n${report(results)}`);
    const wrong = results.filter((result) => result.outcome === 'wrong').map(describeWrong);
    expect(wrong.length, `Wrong answers (a script the kit cannot do right must be refused with "not supported: …"):\n\n${wrong.join('\n\n')}\n`).toBe(0);
  }, 120_000);
});

if (!hasBash()) console.warn(`The shell corpus is skipped: GNU bash was not found at ${bashPath}; the kit's shell was not compared with it.`);
