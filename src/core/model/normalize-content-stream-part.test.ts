import { describe, expect, it } from 'vitest';
import { normalizeContentStreamPart } from './normalize-content-stream-part';

describe('normalizeContentStreamPart', () => {
  it('reads a delta from a model stream (`delta`) and from streamText (`text`)', () => {
    expect(normalizeContentStreamPart({ type: 'text-delta', id: 't1', delta: 'Hel' })).toEqual({ type: 'text-delta', id: 't1', delta: 'Hel' });
    expect(normalizeContentStreamPart({ type: 'reasoning-delta', id: 'r1', text: 'Hmm' })).toEqual({ type: 'reasoning-delta', id: 'r1', delta: 'Hmm' });
    expect(normalizeContentStreamPart({ type: 'tool-input-delta', id: 'c1' })).toEqual({ type: 'tool-input-delta', id: 'c1', delta: '' });
  });

  it('leaves finish, error and what the loop does not use to the caller', () => {
    expect(normalizeContentStreamPart({ type: 'finish', finishReason: 'stop' })).toBeNull();
    expect(normalizeContentStreamPart({ type: 'error', error: new Error('x') })).toBeNull();
    expect(normalizeContentStreamPart({ type: 'start-step' })).toBeNull();
  });

  it('drops tools the provider ran itself', () => {
    expect(normalizeContentStreamPart({ type: 'tool-input-start', id: 'c1', toolName: 'web_search', providerExecuted: true })).toBeNull();
    expect(normalizeContentStreamPart({ type: 'tool-input-start', id: 'c1', toolName: 'lookup' })).toEqual({ type: 'tool-input-start', id: 'c1', toolName: 'lookup' });
  });
});
