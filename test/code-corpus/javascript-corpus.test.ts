/**
 * The JavaScript/TypeScript corpus (issue 30, "Must show"): every program in
 * test/code-corpus/javascript runs in real `node` and in the kit's `runJavaScript` on the same
 * files, and must agree on stdout, exit code, the error line of an uncaught error, and the files it
 * left. Programs that fail on purpose are listed, with why, in test/code-corpus/javascript/README.md,
 * and the list must be exact: a listed program that starts passing fails the test until it is
 * taken off the list. The pass rate per category is printed and may not drop below `minimumPassRates`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { javascriptCorpusRoot, loadJavaScriptCorpus, unsupportedPrograms, type CorpusProgram } from './load-javascript-corpus';
import { differences, runInKit, runInNode, type ProgramRun } from './run-javascript-corpus';

const programs = loadJavaScriptCorpus();
const unsupported = unsupportedPrograms(readFileSync(join(javascriptCorpusRoot, 'README.md'), 'utf8'));

/** The pass rate each category has reached (percent); a regression below it fails. */
const minimumPassRates: Record<string, number> = {
  console: 95,
  errors: 85,
  files: 100,
  language: 100,
  modules: 95,
  timers: 100,
  typescript: 90,
};

/** Runs `task` on every item, `limit` at a time, keeping the order of the results. */
async function pooled<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

interface Outcome {
  program: CorpusProgram;
  kit: ProgramRun;
  node: ProgramRun;
  differences: string[];
}

function report(outcomes: Outcome[]): string {
  const lines = ['| category | programs | kit matches node | pass rate |', '|---|---|---|---|'];
  const categories = [...new Set(outcomes.map((outcome) => outcome.program.category))];
  const row = (name: string, list: Outcome[]) => {
    const passed = list.filter((outcome) => outcome.differences.length === 0).length;
    return `| ${name} | ${list.length} | ${passed} | ${((100 * passed) / list.length).toFixed(1)}% |`;
  };
  for (const category of categories) lines.push(row(category, outcomes.filter((outcome) => outcome.program.category === category)));
  lines.push(row('all', outcomes));
  return lines.join('\n');
}

describe('the JavaScript/TypeScript corpus against node', () => {
  it('has at least 100 programs, in the categories the README names', () => {
    expect(programs.length).toBeGreaterThanOrEqual(100);
    expect(new Set(programs.map((program) => program.category))).toEqual(new Set(Object.keys(minimumPassRates)));
    for (const name of unsupported.keys()) expect(programs.map((program) => program.name), `README lists ${name}, which is not in the corpus`).toContain(name);
  });

  it(`runs each program in the kit as node ${process.version} does, except those listed as unsupported`, async () => {
    const inNode = pooled(programs, 3, runInNode);
    const inKit: ProgramRun[] = [];
    for (const program of programs) inKit.push(await runInKit(program));
    const nodeRuns = await inNode;
    const outcomes = programs.map((program, index): Outcome => ({ program, kit: inKit[index]!, node: nodeRuns[index]!, differences: differences(inKit[index]!, nodeRuns[index]!) }));
    console.log(`JavaScript/TypeScript corpus, ${programs.length} programs, kit against node ${process.version}:\n${report(outcomes)}`);

    const unexpected = outcomes.filter((outcome) => outcome.differences.length > 0 && !unsupported.has(outcome.program.name));
    const nowPassing = outcomes.filter((outcome) => outcome.differences.length === 0 && unsupported.has(outcome.program.name));
    expect(unexpected.map((outcome) => `${outcome.program.name}:\n  ${outcome.differences.join('\n  ')}\n  kit stderr: ${JSON.stringify(outcome.kit.stderr.slice(0, 400))}`).join('\n\n'), 'programs that differ from node and are not listed in README.md').toBe('');
    expect(nowPassing.map((outcome) => outcome.program.name), 'programs listed as unsupported in README.md that now match node: take them off the list').toEqual([]);
    for (const [category, minimum] of Object.entries(minimumPassRates)) {
      const list = outcomes.filter((outcome) => outcome.program.category === category);
      const rate = (100 * list.filter((outcome) => outcome.differences.length === 0).length) / list.length;
      expect(rate, `pass rate of ${category}`).toBeGreaterThanOrEqual(minimum);
    }
  }, 120_000);
});
