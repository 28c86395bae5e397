import { describe, expect, it } from 'vitest';
import { createEventLog } from './event-log';

describe('createEventLog', () => {
  it('gives each event the next cursor and replays from a cursor', () => {
    const log = createEventLog();
    log.append({ type: 'error-clear' }, 1);
    log.append({ type: 'run-start', runId: 'r' }, 2);
    log.append({ type: 'error-clear' }, 3);
    expect(log.cursor).toBe(3);
    const { events, complete } = log.since(1);
    expect(complete).toBe(true);
    expect(events.map((entry) => entry.cursor)).toEqual([2, 3]);
    expect(log.since(3).events).toEqual([]);
  });

  it('drops old events past its capacity and says the replay is incomplete', () => {
    const log = createEventLog(10);
    for (let index = 0; index < 40; index++) log.append({ type: 'error-clear' }, index);
    const all = log.since(0);
    expect(all.complete).toBe(false);
    expect(all.events.at(-1)?.cursor).toBe(40);
    const recent = log.since(35);
    expect(recent.complete).toBe(true);
    expect(recent.events.map((entry) => entry.cursor)).toEqual([36, 37, 38, 39, 40]);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => createEventLog(0)).toThrow(/positive integer/);
  });
});
