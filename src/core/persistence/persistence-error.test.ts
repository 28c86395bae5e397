import { describe, expect, it } from 'vitest';
import { PersistenceError, toPersistenceError } from './persistence-error';

describe('toPersistenceError', () => {
  it('maps DOMException names to codes', () => {
    expect(toPersistenceError(new DOMException('full', 'QuotaExceededError'), 'saving').code).toBe('quota-exceeded');
    expect(toPersistenceError(new DOMException('newer', 'VersionError'), 'opening').code).toBe('future-format');
    expect(toPersistenceError(new DOMException('no', 'SecurityError'), 'opening').code).toBe('unavailable');
    expect(toPersistenceError(new DOMException('x', 'DataCloneError'), 'saving').code).toBe('failed');
  });

  it('matches by name, so exceptions from other realms and polyfills map too', () => {
    expect(toPersistenceError({ name: 'QuotaExceededError', message: 'full' }, 'saving').code).toBe('quota-exceeded');
  });

  it('passes a PersistenceError through and keeps the cause otherwise', () => {
    const original = new PersistenceError('closed', 'closed');
    expect(toPersistenceError(original, 'x')).toBe(original);
    const cause = new Error('boom');
    const mapped = toPersistenceError(cause, 'loading');
    expect(mapped.cause).toBe(cause);
    expect(mapped.message).toContain('while loading');
    expect(mapped.message).toContain('boom');
  });
});
