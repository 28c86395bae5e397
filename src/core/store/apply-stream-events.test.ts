import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStreamEvents } from './apply-stream-events';
import type { StreamEvent } from './delta-buffer';
import { reduce } from './reducer';
import { createInitialState, type AgentState } from './state';

/** Two messages (one id twice, as the reducer allows), parts of every kind, two calls (one id twice). */
function startState(): AgentState {
  return {
    ...createInitialState(),
    messages: [
      { id: 'm1', role: 'assistant', parts: [{ type: 'text', id: 'p1', text: 'old', status: 'done' }], status: 'done', createdAt: 0 },
      { id: 'm2', role: 'assistant', parts: [{ type: 'reasoning', id: 'p1', text: 'a', status: 'streaming' }, { type: 'tool-call', toolCallId: 'c1' }, { type: 'notice', id: 'n1', level: 'info', code: 'note', text: 'Note.' }], status: 'streaming', createdAt: 1 },
      { id: 'm2', role: 'assistant', parts: [], status: 'streaming', createdAt: 2 },
    ],
    toolCalls: [
      { id: 'c1', name: 'x', messageId: 'm2', inputText: '{', input: undefined, state: 'input-streaming', audit: [] },
      { id: 'c2', name: 'x', messageId: 'm2', inputText: '', input: undefined, state: 'input-streaming', audit: [] },
      { id: 'c1', name: 'x', messageId: 'm2', inputText: '', input: undefined, state: 'input-streaming', audit: [] },
    ],
  };
}

const messageId = fc.constantFrom('m1', 'm2', 'gone');
const partId = fc.constantFrom('p1', 'p2', 'p3', 'n1');
const streamEvent: fc.Arbitrary<StreamEvent> = fc.oneof(
  fc.record({ type: fc.constantFrom('text-start' as const, 'reasoning-start' as const, 'text-end' as const, 'reasoning-end' as const), messageId, partId }),
  fc.record({ type: fc.constantFrom('text-delta' as const, 'reasoning-delta' as const), messageId, partId, delta: fc.string({ maxLength: 3 }) }),
  fc.record({ type: fc.constant('tool-call-input-delta' as const), toolCallId: fc.constantFrom('c1', 'c2', 'gone'), delta: fc.string({ maxLength: 3 }) }),
);

describe('applyStreamEvents', () => {
  it('gives the state that applying each event with reduce gives, for any sequence', () => {
    fc.assert(
      fc.property(fc.array(streamEvent, { maxLength: 40 }), (events) => {
        const state = startState();
        expect(applyStreamEvents(state, events)).toEqual(events.reduce(reduce, state));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves what it does not touch as it was, and the state it was given unchanged', () => {
    const state = startState();
    const frozen = structuredClone(state);
    const next = applyStreamEvents(state, [{ type: 'text-start', messageId: 'm1', partId: 'p9' }, { type: 'text-delta', messageId: 'm1', partId: 'p9', delta: 'Hi' }]);
    expect(state).toEqual(frozen);
    expect(next.messages[1]).toBe(state.messages[1]);
    expect(next.toolCalls).toBe(state.toolCalls);
    expect(next.messages[0]!.parts).toEqual([state.messages[0]!.parts[0], { type: 'text', id: 'p9', text: 'Hi', status: 'streaming' }]);
    expect(applyStreamEvents(state, [])).toBe(state);
  });
});
