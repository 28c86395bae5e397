import { describe, expect, it } from 'vitest';
import { McpToolCallError } from './mcp-tool-call-error';
import { summarizePart, toToolOutput } from './mcp-tool-result';
import { isToolContentOutput } from '../../core/internal';

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

  it('summarizes content without media, with resources by URI and no binary data', () => {
    const output = toToolOutput(
      {
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'resource', resource: { uri: 'demo://text/1', mimeType: 'text/plain', text: 'hello' } },
          { type: 'resource', resource: { uri: 'demo://blob/2', blob: 'AAECAw==' } },
          { type: 'resource_link', uri: 'demo://blob/3', name: 'Blob 3', mimeType: 'application/octet-stream' },
          { type: 'blob', data: 'AAECAw==', mimeType: 'application/octet-stream' },
          { type: 'hologram' },
        ],
      },
      origin,
    );
    expect(output).toEqual([
      { type: 'text', text: 'Here:' },
      { type: 'resource', uri: 'demo://text/1', mimeType: 'text/plain', text: 'hello' },
      { type: 'resource', uri: 'demo://blob/2', bytes: 4 },
      { type: 'resource_link', uri: 'demo://blob/3', name: 'Blob 3', mimeType: 'application/octet-stream' },
      { type: 'blob', mimeType: 'application/octet-stream', bytes: 4 },
      { type: 'hologram' },
    ]);
  });

  it('passes images, audio and media resources as media parts, in order with the text', () => {
    const output = toToolOutput(
      {
        content: [
          { type: 'text', text: 'Here:' },
          { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
          { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' },
          { type: 'resource', resource: { uri: 'file:///a.pdf', mimeType: 'application/pdf', blob: 'JVBERg==' } },
          { type: 'resource_link', uri: 'demo://blob/3', name: 'Blob 3' },
        ],
        // What server-filesystem's read_media_file sends: the same media again as structured content.
        structuredContent: { content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] },
      },
      origin,
    );
    expect(output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: 'Here:' },
        { type: 'media', mediaType: 'image/png', data: 'iVBORw0KGgo=' },
        { type: 'media', mediaType: 'audio/wav', data: 'AAAA' },
        { type: 'media', mediaType: 'application/pdf', data: 'JVBERg==' },
        { type: 'text', text: '{"type":"resource_link","uri":"demo://blob/3","name":"Blob 3"}' },
      ],
    });
    expect(isToolContentOutput(output)).toBe(true);
  });

  it('describes media past maxMediaBytes instead of passing it', () => {
    const big = Buffer.alloc(300).toString('base64');
    const small = Buffer.alloc(100).toString('base64');
    const output = toToolOutput({ content: [{ type: 'image', data: big, mimeType: 'image/png' }, { type: 'image', data: small, mimeType: 'image/jpeg' }] }, origin, 200);
    expect(output).toEqual({
      type: 'content',
      value: [
        { type: 'text', text: '[The tool returned a file (image/png) of 300 bytes, more than the 200 bytes of media a result may pass to the model (maxMediaBytes); it is left out.]' },
        { type: 'media', mediaType: 'image/jpeg', data: small },
      ],
    });
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
