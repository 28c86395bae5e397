import { describe, expect, it } from 'vitest';
import { validateMcpServerConfigs, type McpServerConfig } from './mcp-server-config';

const check = (servers: unknown) => () => validateMcpServerConfigs(servers as McpServerConfig[]);

describe('validateMcpServerConfigs', () => {
  it('accepts stdio and http servers with every option', () => {
    expect(
      check([
        { name: 'files', transport: 'stdio', command: 'node', args: ['server.js'], env: { TOKEN: 'x' }, cwd: '/tmp', timeoutMs: 5000, include: ['read'], exclude: ['write'] },
        { name: 'docs', transport: 'http', url: 'https://mcp.example.com/mcp', headers: { authorization: 'Bearer secret' } },
      ]),
    ).not.toThrow();
    expect(check([])).not.toThrow();
  });

  it('refuses a missing, empty or duplicate name', () => {
    expect(check([{ transport: 'stdio', command: 'x' }])).toThrow(new TypeError('mcpServers[0]: `name` must be a non-empty string.'));
    expect(check([{ name: ' ', transport: 'stdio', command: 'x' }])).toThrow(TypeError);
    expect(check([{ name: 'a', transport: 'stdio', command: 'x' }, { name: 'a', transport: 'http', url: 'http://localhost/mcp' }])).toThrow(
      new TypeError('mcpServers[1] ("a"): another server is already named "a"; names must be unique.'),
    );
  });

  it('refuses an unknown transport and fields of the other transport', () => {
    expect(check([{ name: 'a', transport: 'sse', url: 'http://localhost/sse' }])).toThrow(new TypeError(`mcpServers[0] ("a"): unknown transport "sse"; use 'stdio' or 'http' (Streamable HTTP).`));
    expect(check([{ name: 'a', transport: 'stdio', command: 'x', url: 'http://localhost' }])).toThrow(new TypeError('mcpServers[0] ("a"): unknown field `url` for a stdio server.'));
  });

  it('refuses a bad URL without repeating it (it may hold a token)', () => {
    for (const url of ['not a url', 'ftp://example.com/mcp?token=secret123', '/relative/mcp', 42]) {
      const attempt = check([{ name: 'docs', transport: 'http', url }]);
      expect(attempt).toThrow(new TypeError('mcpServers[0] ("docs"): `url` must be an absolute http: or https: URL.'));
    }
  });

  it('refuses credentials in the URL (fetch cannot send them)', () => {
    expect(check([{ name: 'docs', transport: 'http', url: 'https://me:secret@mcp.example.com/mcp' }])).toThrow(
      new TypeError('mcpServers[0] ("docs"): `url` must not contain credentials (user:password@); send them in `headers` (authorization) instead.'),
    );
  });

  it('refuses fields of the wrong type', () => {
    expect(check([{ name: 'a', transport: 'stdio' }])).toThrow('a stdio server needs `command`');
    expect(check([{ name: 'a', transport: 'stdio', command: 'x', args: 'one two' }])).toThrow('`args` must be an array of strings');
    expect(check([{ name: 'a', transport: 'stdio', command: 'x', env: { PORT: 3000 } }])).toThrow('`env` must be an object whose values are strings');
    expect(check([{ name: 'a', transport: 'http', url: 'http://localhost', headers: ['x'] }])).toThrow('`headers` must be an object');
    expect(check([{ name: 'a', transport: 'stdio', command: 'x', timeoutMs: 0 }])).toThrow('`timeoutMs` must be a positive number');
    expect(check([{ name: 'a', transport: 'stdio', command: 'x', include: 'echo' }])).toThrow('`include` must be an array of strings');
    expect(check({ name: 'a' })).toThrow('mcpServers must be an array');
    expect(check([null])).toThrow('mcpServers[0] is not a server configuration object.');
  });

  it('never repeats environment or header values in its messages', () => {
    try {
      validateMcpServerConfigs([{ name: 'a', transport: 'stdio', command: 'x', env: { TOKEN: 'hunter2-secret', PORT: 1 as unknown as string } }]);
      expect.unreachable();
    } catch (error) {
      expect(String(error)).not.toContain('hunter2');
    }
  });
});
