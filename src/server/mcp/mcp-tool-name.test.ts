import { describe, expect, it } from 'vitest';
import { toolNamePattern } from '../../core/internal';
import { assignMcpToolNames, toMcpToolName } from './mcp-tool-name';

describe('toMcpToolName', () => {
  it('joins server and tool with two underscores', () => {
    expect(toMcpToolName('everything', 'get-sum')).toBe('everything__get-sum');
  });

  it('replaces characters the pattern refuses and fixes the first character', () => {
    expect(toMcpToolName('my docs', 'pages.search/v2')).toBe('my_docs__pages_search_v2');
    expect(toMcpToolName('42', 'x')).toBe('_42__x');
    expect(toMcpToolName('-a', 'x')).toBe('_-a__x');
    expect(toMcpToolName('café', 'ünïcode')).toBe('caf____n_code');
  });

  it('cuts long names to 64 characters with a stable hash suffix that keeps them apart', () => {
    const long = 'a'.repeat(80);
    const first = toMcpToolName('server', `${long}_one`);
    const second = toMcpToolName('server', `${long}_two`);
    expect(first).toHaveLength(64);
    expect(second).toHaveLength(64);
    expect(first).not.toBe(second);
    expect(first).toMatch(toolNamePattern);
    expect(first.startsWith('server__aaaa')).toBe(true);
    expect(toMcpToolName('server', `${long}_one`)).toBe(first);
    expect(toMcpToolName('s', 'x'.repeat(61))).toHaveLength(64); // exactly 64: kept whole
    expect(toMcpToolName('s', 'x'.repeat(61))).toBe(`s__${'x'.repeat(61)}`);
  });

  it('always gives a valid name', () => {
    for (const [server, tool] of [['', ''], ['😀', '😀'], ['a'.repeat(200), 'b'.repeat(200)], ['srv', ' '], ['1', '2']] as const) {
      expect(toMcpToolName(server, tool)).toMatch(toolNamePattern);
    }
  });
});

describe('assignMcpToolNames', () => {
  it('keeps names unique when sanitizing makes two the same', () => {
    const names = assignMcpToolNames([
      { server: 's', tool: 'a.b' },
      { server: 's', tool: 'a_b' },
      { server: 's', tool: 'a b' },
    ]);
    expect(names[0]).toBe('s__a_b');
    expect(names[1]).toMatch(/^s__a_b_[0-9a-z]{7}$/);
    expect(names[2]).toMatch(/^s__a_b_[0-9a-z]{7}$/);
    expect(new Set(names).size).toBe(3);
    for (const name of names) expect(name).toMatch(toolNamePattern);
  });

  it('avoids names that are already taken', () => {
    const [name] = assignMcpToolNames([{ server: 's', tool: 'x' }], new Set(['s__x']));
    expect(name).not.toBe('s__x');
    expect(name).toMatch(toolNamePattern);
  });
});
