import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { scriptedModel, source, stateFromEvents, text } from '../../testing/index';
import { toUIMessages } from '../../ai-sdk/to-ui-messages';
import { fromUIMessages } from '../../ai-sdk/from-ui-messages';
import { createSnapshot, readSnapshot } from '../sessions/snapshot-format';

/** Issue 33, item 5: sources a reply drew on, kept from the model's stream. */

describe('sources', () => {
  it('keeps the sources of the stream in the reply, never sends them back, and survives export, UIMessages and the log', async () => {
    const model = scriptedModel([
      [text('Paris is the capital of France [1], on the Seine [2].'), source({ id: '1', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris' }), source({ id: '2', mediaType: 'application/pdf', title: 'Rivers of France', filename: 'rivers.pdf' })],
      [text('About 2 million.')],
    ]);
    const agent = createAgent({ model });
    await agent.send('Capital of France?');
    const reply = agent.getState().messages[1]!;
    const sources = reply.parts.filter((part) => part.type === 'source');
    expect(sources).toEqual([
      { type: 'source', id: expect.any(String), sourceId: '1', sourceType: 'url', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris' },
      { type: 'source', id: expect.any(String), sourceId: '2', sourceType: 'document', title: 'Rivers of France', mediaType: 'application/pdf', filename: 'rivers.pdf' },
    ]);
    await agent.send('Population?');
    // The model is sent the reply's words, not its sources.
    expect(JSON.stringify(model.calls[1]!.prompt)).not.toContain('wikipedia');
    expect(JSON.stringify(model.calls[1]!.prompt)).toContain('Paris is the capital');

    const state = agent.getState();
    expect(stateFromEvents(agent.eventsSince(0).events.map(({ event }) => event))).toEqual(state);
    expect(readSnapshot(JSON.parse(JSON.stringify(createSnapshot(state)))).state).toEqual(state);
    const ui = toUIMessages(state);
    expect(ui[1]!.parts.filter((part) => part.type.startsWith('source-'))).toEqual([
      { type: 'source-url', sourceId: '1', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris' },
      { type: 'source-document', sourceId: '2', mediaType: 'application/pdf', title: 'Rivers of France', filename: 'rivers.pdf' },
    ]);
    expect(fromUIMessages(ui)).toEqual(state);
  });

  it('takes the sources of a history the AI SDK wrote as the kit’s own', () => {
    const state = fromUIMessages([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Capital?' }] },
      { id: 'a', role: 'assistant', parts: [{ type: 'text', text: 'Paris [1].' }, { type: 'source-url', sourceId: '1', url: 'https://example.com/paris' }] },
    ]);
    expect(state.messages[1]!.parts.at(-1)).toMatchObject({ type: 'source', sourceId: '1', sourceType: 'url', url: 'https://example.com/paris' });
  });
});
