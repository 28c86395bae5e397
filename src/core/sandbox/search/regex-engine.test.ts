import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./regex-search');
  vi.resetModules();
});

describe('loadRegexEngine', () => {
  it('loads once; before that, the engine is a clear error and the load starts', async () => {
    const { loadRegexEngine, loadedRegexEngine } = await import('./regex-engine');
    expect(() => loadedRegexEngine()).toThrow(expect.objectContaining({ code: 'regex-engine-not-loaded' }));
    const first = loadRegexEngine();
    await first;
    expect(loadedRegexEngine().compileRegex('a+', false).firstMatch('baa')).toBe(1);
  });

  it('rejects when the chunk cannot load, and a later call tries again', async () => {
    let fail = true;
    vi.doMock('./regex-search', () => {
      if (fail) throw new Error('offline');
      return { compileRegex: () => undefined, forEachMatchingLine: () => undefined };
    });
    const { loadRegexEngine, loadedRegexEngine } = await import('./regex-engine');
    await expect(loadRegexEngine()).rejects.toThrow();
    expect(() => loadedRegexEngine()).toThrow(expect.objectContaining({ code: 'regex-engine-not-loaded' }));
    // That call started a load in the background, which fails too.
    await expect(loadRegexEngine()).rejects.toThrow();
    fail = false;
    await expect(loadRegexEngine()).resolves.toBeUndefined();
    expect(typeof loadedRegexEngine().compileRegex).toBe('function');
  });
});
