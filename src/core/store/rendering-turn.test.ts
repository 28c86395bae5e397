import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../sandbox/create-sandbox';
import { memorySandboxStorage } from '../sandbox/storage/memory-storage';
import { persistSandbox } from '../sandbox/storage/persist-sandbox';
import { renderingTurn } from './rendering-turn';

const withScheduler = (yieldTurn: () => Promise<void>) => vi.stubGlobal('scheduler', { yield: yieldTurn });
afterEach(() => vi.unstubAllGlobals());

describe('renderingTurn', () => {
  it('is nothing where the host has no scheduler.yield (Node, jsdom): nothing waits', () => {
    expect(renderingTurn()).toBeUndefined();
  });

  it('is scheduler.yield() where the browser has it', async () => {
    const turn = vi.fn(() => Promise.resolve());
    withScheduler(turn);
    await renderingTurn();
    expect(turn).toHaveBeenCalledTimes(1);
  });

  it('separates reading a saved sandbox from building its tree (two tasks in a browser)', async () => {
    const storage = memorySandboxStorage();
    await storage.saveAll([{ path: '/a.txt', kind: 'text', text: 'one', modified: 1 }]);
    const sandbox = createSandbox();
    const order: string[] = [];
    const load = sandbox.load.bind(sandbox);
    sandbox.load = (records) => {
      order.push('tree built');
      load(records);
    };
    withScheduler(async () => void order.push('turn'));
    const persistence = await persistSandbox(sandbox, storage, { onError: () => {} });
    expect(order).toEqual(['turn', 'tree built']);
    expect(sandbox.readFile('/a.txt')).toBe('one');
    await persistence.dispose();
  });
});
