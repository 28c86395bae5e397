import { describe, expect, it, vi } from 'vitest';
import { hangingModel, scriptedModel, text, toolCall } from '../../testing/index';
import { memorySessionStorage } from '../sessions/memory-session-storage';
import type { Message } from '../store/state';
import { defineTool } from '../tools/define-tool';
import { createAgent } from './create-agent';

/**
 * Issue 32, item 2: messages sent while the agent works wait in `state.queue` and are sent in
 * order once it is idle; they wait behind a person's decision; `interrupt` ends the run at its
 * next safe point; the queue survives a reload.
 */

const textOf = (message: Message | undefined) => message?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? '';
const userTexts = (messages: readonly Message[]) => messages.filter((message) => message.role === 'user').map(textOf);
/** The user messages the model was sent in each call. */
const promptsOf = (model: ReturnType<typeof scriptedModel>) =>
  model.calls.map((call) => call.prompt.filter((message) => message.role === 'user').map((message) => (message.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('')));

describe('the message queue', () => {
  it('queues two messages sent while a reply streams, shows them in order, and sends them one after the other', async () => {
    const model = scriptedModel([[text('A long '), text('story.')], [text('Answer two.')], [text('Answer three.')]], { chunkDelayMs: 20 });
    const agent = createAgent({ model });
    const first = agent.send('Tell me a story');
    const second = agent.send('Then this');
    const third = agent.send('And this');
    await vi.waitFor(() => expect(agent.getState().queue?.map((message) => message.text)).toEqual(['Then this', 'And this']));
    expect(userTexts(agent.getState().messages)).toEqual(['Tell me a story']);

    await first;
    await expect(second).resolves.toMatchObject({ status: 'idle' });
    await expect(third).resolves.toMatchObject({ status: 'idle' });
    expect(agent.getState().queue).toBeUndefined();
    expect(agent.getState().messages.map((message) => `${message.role}: ${textOf(message)}`)).toEqual([
      'user: Tell me a story',
      'assistant: A long story.',
      'user: Then this',
      'assistant: Answer two.',
      'user: And this',
      'assistant: Answer three.',
    ]);
    expect(promptsOf(model)).toEqual([['Tell me a story'], ['Tell me a story', 'Then this'], ['Tell me a story', 'Then this', 'And this']]);
  });

  it('a removed message is never sent (its send rejects with removed-from-queue); an edited one is sent as edited', async () => {
    const model = scriptedModel([[text('O'), text('n'), text('e.')], [text('Two.')]], { chunkDelayMs: 150 });
    const agent = createAgent({ model });
    const first = agent.send('First');
    const removed = agent.send('Drop me');
    const edited = agent.send('Typo');
    await vi.waitFor(() => expect(agent.getState().queue).toHaveLength(2));
    const [drop, keep] = agent.getState().queue!;
    await agent.removeQueued(drop!.id);
    await agent.editQueued(keep!.id, 'Fixed');
    await expect(removed).rejects.toMatchObject({ name: 'AgentCommandError', code: 'removed-from-queue' });
    await expect(agent.editQueued(keep!.id, '  ')).rejects.toMatchObject({ code: 'empty-message' });
    await expect(agent.removeQueued('queued-nope')).rejects.toMatchObject({ code: 'unknown-message' });
    await first;
    await edited;
    expect(userTexts(agent.getState().messages)).toEqual(['First', 'Fixed']);
    await expect(agent.editQueued(keep!.id, 'Too late')).rejects.toMatchObject({ code: 'unknown-message' });
  });

  it('waits behind an approval: the queued message is sent only once the person decided and the run ended', async () => {
    let sent = 0;
    const email = defineTool({ name: 'send_email', description: 'Sends an email.', inputSchema: { type: 'object', properties: {} }, needsApproval: true, execute: () => ((sent += 1), 'sent') });
    const model = scriptedModel([toolCall('send_email', {}), text('Sent.'), text('Noted.')]);
    const agent = createAgent({ model, tools: [email] });
    await agent.send('Email Ada');
    expect(agent.getState().status).toBe('awaiting-people');
    const later = agent.send('Also remind me tomorrow');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(agent.getState().queue?.map((message) => message.text)).toEqual(['Also remind me tomorrow']);
    expect(model.calls).toHaveLength(1);

    await agent.approve(agent.getState().toolCalls[0]!.id);
    await later;
    expect(sent).toBe(1);
    expect(agent.getState().messages.map((message) => `${message.role}: ${textOf(message)}`)).toEqual(['user: Email Ada', 'assistant: ', 'assistant: Sent.', 'user: Also remind me tomorrow', 'assistant: Noted.']);
  });

  it("interrupt ends the run once the step's calls have their results, then sends the message first", async () => {
    let looked = 0;
    let release: () => void = () => {};
    const lookup = defineTool({ name: 'lookup', description: 'Looks up.', inputSchema: { type: 'object', properties: {} }, execute: async () => (await new Promise<void>((resolve) => (release = resolve)), (looked += 1), 'found') });
    // Without the interrupt, the second step would be this answer; with it, the model is next asked about the new message.
    const model = scriptedModel([toolCall('lookup', {}), text('Switching topics.'), text('And the other thing.')]);
    const agent = createAgent({ model, tools: [lookup] });
    const run = agent.send('Look things up');
    await vi.waitFor(() => expect(agent.getState().toolCalls[0]?.state).toBe('running'));
    const queued = agent.send('Wait, something else', { whenBusy: 'queue' });
    const urgent = agent.send('Stop that, do this', { whenBusy: 'interrupt' });
    await vi.waitFor(() => expect(agent.getState().queue?.map((message) => message.text)).toEqual(['Stop that, do this', 'Wait, something else']));
    release();
    await run;
    await urgent;
    await queued;
    // The call that was running finished and its result was kept; no second lookup was asked for.
    expect(looked).toBe(1);
    expect(agent.getState().toolCalls.map((call) => call.state)).toEqual(['output-available']);
    expect(agent.getState().messages.map((message) => `${message.role}: ${textOf(message)}`)).toEqual([
      'user: Look things up',
      'assistant: ',
      'user: Stop that, do this',
      'assistant: Switching topics.',
      'user: Wait, something else',
      'assistant: And the other thing.',
    ]);
    expect(model.calls).toHaveLength(3);
  });

  it('refuses with reject, and a whenBusy it does not know', async () => {
    const agent = createAgent({ model: hangingModel({ text: 'Thinking' }) });
    void agent.send('Think');
    await expect(agent.send('Now', { whenBusy: 'reject' })).rejects.toMatchObject({ code: 'agent-busy' });
    await expect(agent.send('Now', { whenBusy: 'later' as never })).rejects.toMatchObject({ code: 'invalid-message' });
    expect(() => createAgent({ model: hangingModel({ text: '' }), whenBusy: 'never' as never })).toThrow("`whenBusy` must be 'queue', 'interrupt' or 'reject'");
    expect(agent.whenBusy).toBe('queue');
    await agent.stop();
  });

  it('survives a reload: a message queued when the page went away is sent once the session is open again', async () => {
    const storage = memorySessionStorage();
    const first = createAgent({ model: hangingModel({ text: 'Working on it' }), session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0, resume: 'never' } });
    await first.session!.ready;
    void first.send('Start');
    void first.send('Queued before the reload').catch(() => {});
    await vi.waitFor(() => expect(first.getState().queue).toHaveLength(1));
    await first.session!.flush();
    // The page goes away: its agent's run never ends (nothing of it is saved any more).
    const saved = await storage.load('chat');
    expect(saved!.snapshot.state.queue?.map((message) => message.text)).toEqual(['Queued before the reload']);

    const model = scriptedModel([text('Got it.')]);
    const second = createAgent({ model, session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0, resume: 'never' } });
    await vi.waitFor(() => expect(second.getState().status).toBe('idle'));
    await vi.waitFor(() => expect(textOf(second.getState().messages.at(-1))).toBe('Got it.'));
    expect(userTexts(second.getState().messages)).toEqual(['Start', 'Queued before the reload']);
    expect(second.getState().queue).toBeUndefined();
    await first.stop();
    await second.dispose();
  });
});
