import { describe, expect, it } from 'vitest';
import { formatMcpFailures } from './format-mcp-failures';

describe('formatMcpFailures', () => {
  it('says nothing when every server connected', () => {
    expect(formatMcpFailures([])).toBeUndefined();
  });

  it('lists each failure under a heading', () => {
    expect(formatMcpFailures([{ server: 'docs', error: 'Could not connect to the MCP server "docs": HTTP 401' }])).toBe(
      'MCP: 1 server unavailable, its tools are left out:\n- Could not connect to the MCP server "docs": HTTP 401',
    );
    expect(formatMcpFailures([{ server: 'a', error: 'A failed' }, { server: 'b', error: 'B failed' }])).toBe('MCP: 2 servers unavailable, their tools are left out:\n- A failed\n- B failed');
  });
});
