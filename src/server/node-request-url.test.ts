import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestUrl } from './node-request-url';

function incoming(host: string | undefined, url = '/api/agent/tools?x=1', encrypted = false): IncomingMessage {
  return { headers: host === undefined ? {} : { host }, url, socket: { encrypted } } as unknown as IncomingMessage;
}

describe('requestUrl', () => {
  it('builds the URL from the Host header and the target', () => {
    expect(requestUrl(incoming('example.com'))?.href).toBe('http://example.com/api/agent/tools?x=1');
    expect(requestUrl(incoming('127.0.0.1:3000', '/', true))?.href).toBe('https://127.0.0.1:3000/');
    expect(requestUrl(incoming('[::1]:8080'))?.host).toBe('[::1]:8080');
    expect(requestUrl(incoming('xn--bcher-kva.example'))?.hostname).toBe('xn--bcher-kva.example');
  });

  it('has no URL for a Host that is not a host', () => {
    for (const host of [undefined, '', ' ', '[::1', 'a b', 'user@example.com', 'example.com/path', 'example.com?x', 'example.com#x', 'example.com:99999', 'example.com:port', '[::g]', 'a\\b']) {
      expect([host, requestUrl(incoming(host))]).toEqual([host, undefined]);
    }
  });

  it('keeps "//other" a path and accepts the absolute form', () => {
    expect(requestUrl(incoming('app.example.com', '//other.example/x'))?.href).toBe('http://app.example.com//other.example/x');
    expect(requestUrl(incoming('app.example.com', 'http://proxied.example/y'))?.href).toBe('http://proxied.example/y');
    expect(requestUrl(incoming('app.example.com', '*'))).toBeUndefined();
    expect(requestUrl(incoming('app.example.com', 'file:///etc/passwd'))).toBeUndefined();
  });
});
