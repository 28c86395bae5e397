import { describe, expect, it } from 'vitest';
import { McpToolCallError } from './mcp-tool-call-error';
import { summarizePart, toToolOutput } from './mcp-tool-result';

const origin = { server: 'everything', tool: 'echo' };

describe('toToolOutput', () => {
  it('returns structured content when there is some', () => {
    expect(toToolOutput({ content: [{ type: 'text', text: '{"a":1}' }], structuredContent: { a: 1 } }, origin)).toEqual({ a: 1 });
  });

  it('joins text parts with newlines', () => {
    expect(toToolOutput({ content: [{ type: 'text', text: 'one' }, { type: 'text', text: 'two' }] }, origin)).toBe('one\ntwo');
    expect(toToolOutput({ content: [] }, origin)).toBe('');
    expect(toToolOutput({}, origin)).toBe('');
  });

  it('summarizes mixed content without binary data', () => {
    const output = toToolOutput(
      {
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'demo://text/1', mimeType: 'text/plain', text: 'hello' } },
          { type: 'resource', resource: { uri: 'demo://blob/2', blob: 'AAECAw==' } },
          { type: 'resource_link', uri: 'demo://blob/3', name: 'Blob 3', mimeType: 'application/octet-stream' },
          { type: 'hologram' },
        ],
      },
      origin,
    );
    expect(output).toEqual([
      { type: 'text', text: 'Here:' },
      { type: 'image', mimeType: 'image/png', bytes: 8 },
      { type: 'audio', mimeType: 'audio/wav', bytes: 3 },
      { type: 'resource', uri: 'demo://text/1', mimeType: 'text/plain', text: 'hello' },
      { type: 'resource', uri: 'demo://blob/2', bytes: 4 },
      { type: 'resource_link', uri: 'demo://blob/3', name: 'Blob 3', mimeType: 'application/octet-stream' },
      { type: 'hologram' },
    ]);
    expect(JSON.stringify(output)).not.toContain('iVBOR');
  });

  it('throws the text of an error result', () => {
    const attempt = () => toToolOutput({ isError: true, content: [{ type: 'text', text: 'Disk full' }, { type: 'text', text: 'try later' }] }, origin);
    expect(attempt).toThrow(/^Disk full\ntry later$/);
    try {
      attempt();
    } catch (error) {
      expect(error).toBeInstanceOf(McpToolCallError);
      expect(error).toMatchObject({ code: 'tool-error', server: 'everything', tool: 'echo' });
    }
    expect(() => toToolOutput({ isError: true, content: [] }, origin)).toThrow('The MCP tool "echo" on the server "everything" reported an error without a message.');
  });

  it('counts decoded bytes of base64 exactly', () => {
    const data = Buffer.from('hello world!!').toString('base64');
    expect(summarizePart({ type: 'image', data, mimeType: 'image/png' })).toEqual({ type: 'image', mimeType: 'image/png', bytes: 13 });
  });
});
