/**
 * Contract: model-supplied patterns cannot freeze the page. A regular expression (`grep` with
 * `regex: true`) or a glob (`glob`, and `grep`'s `glob` filter) is matched in time linear in the
 * text (times the pattern), never by exponential backtracking. Each hostile case ends in under
 * 100 ms (the bound issue 11 states) with a result, or with a clear `invalid-pattern` error that
 * names the unsupported syntax; through the sandbox API and through the agent's grep and glob
 * tools alike.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../src/core/index';
import { createSandbox, isSandboxError, loadRegexEngine } from '../../src/core/sandbox/index';
import type { Sandbox } from '../../src/core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, lastRequest, resultFor, resultText } from './helpers';

/** The bound of issue 11 for one hostile call. */
const boundMs = 100;

const aRun = 'a'.repeat(40);
// 200 characters: a name the sandbox accepts (names are at most 255 bytes).
const longName = 'a'.repeat(200);
const starPattern = '*a'.repeat(12) + '*b';
const deepDirectories = Array.from({ length: 40 }, (_, index) => `d${index}`).join('/');
const globstars = '**/'.repeat(8);

function hostileSandbox(): Sandbox {
  return createSandbox({
    files: {
      // A line of 40 "a"s that `(a+)+$` matches, and one it fails on (the backtracking case).
      'runs/match.txt': `${aRun}\n`,
      'runs/fail.txt': `${aRun}!\n`,
      [`names/${longName}`]: 'no b at the end\n',
      [`names/${longName.slice(1)}b`]: 'ends with b\n',
      [`${deepDirectories}/leaf.txt`]: 'deep\n',
    },
  });
}

/** Runs `call`, asserting it returned within the bound; returns its value. */
function timed<T>(call: () => T): T {
  const started = performance.now();
  const value = call();
  expect(performance.now() - started).toBeLessThan(boundMs);
  return value;
}

/** The error `call` throws, asserting it was thrown within the bound. */
function timedError(call: () => unknown): unknown {
  const started = performance.now();
  try {
    call();
  } catch (error) {
    expect(performance.now() - started).toBeLessThan(boundMs);
    return error;
  }
  throw new Error('expected the call to throw');
}

beforeAll(async () => {
  // The engine of `regex: true` loads on first use (the agent's grep tool awaits it itself).
  await loadRegexEngine();
});

describe('linear-time patterns through the sandbox API', () => {
  it('grep: (a+)+$ on a line of 40 "a"s ends at once with the right line', () => {
    const sandbox = hostileSandbox();
    const result = timed(() => sandbox.grep('(a+)+$', { regex: true, path: 'runs' }));
    expect(result).toEqual({ matches: [{ path: '/runs/match.txt', line: 1, column: 1, text: aRun }], truncated: false });
    expect(timed(() => sandbox.grep('(a|aa)+$', { regex: true, ignoreCase: true, path: 'runs/fail.txt' })).matches).toEqual([]);
  });

  it('grep: backreferences and lookahead are a clear invalid-pattern error', () => {
    const sandbox = hostileSandbox();
    for (const [pattern, named] of [
      ['(a*)*\\1$', /backreference/],
      ['(?=(a+)+$)a', /lookahead/],
      ['(?<first>a)\\k<first>', /backreference/],
    ] as const) {
      const error = timedError(() => sandbox.grep(pattern, { regex: true }));
      expect(isSandboxError(error, 'invalid-pattern'), String(error)).toBe(true);
      expect((error as Error).message).toMatch(named);
      expect((error as Error).message).toMatch(/not supported/);
    }
  });

  it('glob: many stars against a 200-character name', () => {
    const sandbox = hostileSandbox();
    expect(timed(() => sandbox.glob(starPattern, { cwd: 'names' }))).toEqual([`/names/${longName.slice(1)}b`]);
    expect(timed(() => sandbox.glob(`names/${starPattern}x`))).toEqual([]);
  });

  it('glob: "**/" eight times over a 40-level tree', () => {
    const sandbox = hostileSandbox();
    expect(timed(() => sandbox.glob(`${globstars}leaf.txt`))).toEqual([`/${deepDirectories}/leaf.txt`]);
    expect(timed(() => sandbox.glob(`${globstars}nothing.txt`))).toEqual([]);
    expect(timed(() => sandbox.glob(`${globstars}d39/*`, { directories: true }))).toEqual([`/${deepDirectories}/leaf.txt`]);
  });

  it('grep: a hostile glob filter', () => {
    const sandbox = hostileSandbox();
    expect(timed(() => sandbox.grep('b', { glob: starPattern, path: 'names' })).matches.map((match) => match.path)).toEqual([`/names/${longName.slice(1)}b`]);
    expect(timed(() => sandbox.grep('deep', { glob: `${globstars}*.txt` })).matches.map((match) => match.path)).toEqual([`/${deepDirectories}/leaf.txt`]);
  });
});

describe('linear-time patterns through the agent tools', () => {
  /** One model step with `calls`, then a closing text; returns what the model received for each call. */
  async function runTools(calls: ReadonlyArray<[id: string, name: string, input: object]>) {
    const model = scriptedModel([calls.map(([id, name, input]) => toolCall(name, input, id)), text('Done.')]);
    const agent = createAgent({ model, sandbox: hostileSandbox() });
    expect(await agent.send('search')).toEqual({ status: 'idle', error: null });
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    return calls.map(([id]) => {
      const call = callNamed(agent.getState(), id);
      // From the start of the tool's run to its result, from the call's own audit trail.
      const running = call.audit.find((entry) => entry.state === 'running')!.at;
      expect(call.audit.at(-1)!.at - running, `${id} ran within the bound`).toBeLessThan(boundMs);
      return resultFor(prompt, id);
    });
  }

  it('grep and glob give hostile patterns a result within the bound', async () => {
    const [grepRun, grepFiltered, stars, globstar] = await runTools([
      ['grep-run', 'grep', { pattern: '(a+)+$', regex: true, path: 'runs' }],
      ['grep-filtered', 'grep', { pattern: 'deep', glob: `${globstars}*.txt` }],
      ['glob-stars', 'glob', { pattern: starPattern, path: 'names' }],
      ['glob-globstar', 'glob', { pattern: `${globstars}nothing.txt` }],
    ]);
    expect(grepRun!.value).toEqual({ matches: [`/runs/match.txt:1: ${aRun}`], truncated: false });
    expect(grepFiltered!.value).toEqual({ matches: [`/${deepDirectories}/leaf.txt:1: deep`], truncated: false });
    expect(stars!.value).toEqual({ matches: [`/names/${longName.slice(1)}b`], truncated: false });
    expect(globstar!.value).toEqual({ matches: [], truncated: false });
  });

  it('grep gives the model a clear error result for syntax the engine does not support', async () => {
    const [backreference, lookahead] = await runTools([
      ['grep-backreference', 'grep', { pattern: '(a*)*\\1$', regex: true }],
      ['grep-lookahead', 'grep', { pattern: '(?!b)(a+)+$', regex: true }],
    ]);
    expect(backreference!.type).toBe('error-text');
    expect(resultText(backreference!)).toMatch(/backreference.*not supported/);
    expect(lookahead!.type).toBe('error-text');
    expect(resultText(lookahead!)).toMatch(/lookahead.*not supported/);
  });
});
