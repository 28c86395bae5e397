import { describe, expect, it } from 'vitest';
import { safeUrl } from './safe-url';

describe('safeUrl', () => {
  it.each([
    'https://example.com/a?b=1#c',
    'http://example.com',
    'HTTPS://EXAMPLE.COM',
    'mailto:someone@example.com',
    '/docs/page',
    './relative/path',
    '../up',
    'page.html',
    '#section-2',
    '?query=1',
    '//cdn.example.com/x',
    '/path/with:colon',
  ])('allows %s', (url) => {
    expect(safeUrl(url)).toBe(url);
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\u0001\u001fjavascript:alert(1)',
    'java\tscript:alert(1)',
    'java\nscript:alert(1)',
    'java\rscript:alert(1)',
    'jav\u0000ascript:alert(1)',
    '&#106;avascript:alert(1)',
    '&#x6A;avascript:alert(1)',
    '&#X6a;avascript:alert(1)',
    '&#0000106;avascript:alert(1)',
    '&#106avascript:alert(1)',
    'javascript&colon;alert(1)',
    'javascript&#58;alert(1)',
    'java&Tab;script:alert(1)',
    'jav&#x09;ascript:alert(1)',
    '&amp;#106;avascript:alert(1)',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'DATA:image/svg+xml,<svg onload=alert(1)>',
    'file:///etc/passwd',
    'tel:123',
    'localhost:3000',
    '%6Aavascript:alert(1)',
    '\\javascript:alert(1)',
  ])('refuses %j', (url) => {
    expect(safeUrl(url)).toBeNull();
  });

  it('decodes character references and drops tabs and newlines, as CommonMark and browsers do', () => {
    expect(safeUrl('https://example.com/?a=1&amp;b=2')).toBe('https://example.com/?a=1&b=2');
    expect(safeUrl('https://exa\tmple.com/\npath')).toBe('https://example.com/path');
    expect(safeUrl('  https://example.com  ')).toBe('https://example.com');
  });

  it('refuses empty URLs', () => {
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(' \t ')).toBeNull();
  });

  it('handles invalid numeric references without throwing', () => {
    expect(safeUrl('https://example.com/&#0;&#x110000;')).toBe('https://example.com/\ufffd\ufffd');
  });
});
