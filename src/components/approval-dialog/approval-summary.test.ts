import { describe, expect, it } from 'vitest';
import { genericSummary } from './approval-summary';

describe('genericSummary: a sentence from the tool name and arguments', () => {
  it('names the tool and its first arguments', () => {
    expect(genericSummary('get_time', {})).toBe('Run get_time');
    expect(genericSummary('get_time', undefined)).toBe('Run get_time');
    expect(genericSummary('write_note', { text: 'Buy milk' })).toBe('Run write_note with text “Buy milk”');
    expect(genericSummary('delete_records', { table: 'logs', olderThanDays: 7, dryRun: false })).toBe('Run delete_records with table “logs”, olderThanDays 7, dryRun false');
  });

  it('counts the rest, lists and objects, and cuts long text to one line', () => {
    expect(genericSummary('send', { to: 'a', cc: ['b', 'c'], meta: { x: 1 }, body: 'hi', extra: null })).toBe('Run send with to “a”, cc (2 items), meta (1 field), 2 more');
    const long = genericSummary('write_file', { content: `line one\n${'x'.repeat(100)}` });
    expect(long).toMatch(/^Run write_file with content “line one x+…”$/);
    expect([...long.slice(long.indexOf('“') + 1, long.indexOf('”'))]).toHaveLength(60);
  });
});
