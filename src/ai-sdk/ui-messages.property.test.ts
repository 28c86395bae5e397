/**
 * Round trips between the kit's state and AI SDK UI messages. Random conversations (files, text, tool
 * calls that succeed, fail or ask, people who approve, deny or stop, questions, a model that fails)
 * are run on scripted models; after every command, and at points while replies stream,
 * `fromUIMessages(toUIMessages(state))` must be the state, and `toUIMessages` must give what
 * the AI SDK validates as UI messages.
 */
import { validateUIMessages } from 'ai';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAgent, type Agent, type AgentState } from '../core/index';
import { failingCall, scriptedModel, text, toolCall, type ScriptedStepInput } from '../testing/index';
import { fromUIMessages } from './from-ui-messages';
import { toUIMessages } from './to-ui-messages';
import { propertyTools as tools } from '../../test/fixtures/property-tools';
import { propertyFiles } from '../../test/fixtures/property-files';


type Step = { kind: 'text'; text: string } | { kind: 'call'; tool: 'ok' | 'fails' | 'asks' | 'ask_user_question'; word: string } | { kind: 'fail' };
type Decision = 'approve' | 'deny' | 'stop' | 'answer';

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), text: fc.string({ minLength: 1, maxLength: 12 }) }),
  fc.record({ kind: fc.constant('call' as const), tool: fc.constantFrom('ok' as const, 'fails' as const, 'asks' as const, 'ask_user_question' as const), word: fc.string({ maxLength: 6 }) }),
  fc.constant({ kind: 'fail' as const }),
);

function scripted(steps: Step[]): ScriptedStepInput[] {
  return [
    ...steps.map((planned, index): ScriptedStepInput => {
      if (planned.kind === 'text') return text(planned.text);
      if (planned.kind === 'fail') return failingCall({ status: 400, message: 'Bad request.' });
      if (planned.tool === 'ask_user_question') return toolCall('ask_user_question', { questions: [{ question: `Which ${planned.word}?`, header: 'Pick', options: [{ label: 'A' }, { label: 'B' }] }] }, `call-${index}`);
      return toolCall(planned.tool, { word: planned.word }, `call-${index}`);
    }),
    text('Done.'),
  ];
}

function expectRoundTrip(state: AgentState): void {
  const messages = toUIMessages(state);
  expect(fromUIMessages(messages)).toEqual(state);
  // The same through JSON, as a database stores them.
  expect(fromUIMessages(JSON.parse(JSON.stringify(messages)) as typeof messages)).toEqual(state);
}

async function decide(agent: Agent, decision: Decision): Promise<void> {
  const waiting = agent.getState().toolCalls.find((call) => call.state === 'approval-requested' || call.state === 'answer-requested');
  if (!waiting) return;
  if (decision === 'stop') return agent.stop();
  if (waiting.state === 'answer-requested') {
    await (decision === 'answer' ? agent.answer(waiting.id, [{ values: ['A'] }]) : agent.cancelQuestion(waiting.id));
    return;
  }
  await (decision === 'deny' ? agent.deny(waiting.id, { reason: 'Not that.' }) : agent.approve(waiting.id));
}

describe('toUIMessages and fromUIMessages', () => {
  it('give back the same state after every command and while replies stream', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), fc.array(fc.constantFrom<Decision>('approve', 'deny', 'stop', 'answer'), { maxLength: 4 }), propertyFiles, async (steps, decisions, files) => {
        const agent = createAgent({ model: scriptedModel(scripted(steps)), tools, askUser: true, retry: { maxRetries: 0 } });
        const seen: AgentState[] = [];
        const unsubscribe = agent.subscribe((state) => seen.push(state));
        await agent.send('go', { files });
        for (const decision of decisions) await decide(agent, decision);
        if (agent.getState().status === 'error') await agent.retry();
        unsubscribe();
        // A state without messages has nothing to carry its conversation fields.
        for (const state of [...seen.filter((_, index) => index % 5 === 0), agent.getState()].filter((state) => state.messages.length > 0)) expectRoundTrip(state);
      }),
      { numRuns: 60 },
    );
  });

  it('make UI messages the AI SDK accepts, with tool parts in its states', async () => {
    const agent = createAgent({ model: scriptedModel([toolCall('ok', { word: 'hi' }, 'call-1'), toolCall('asks', { word: 'x' }, 'call-2'), text('Done.')]), tools });
    await agent.send('go');
    await agent.deny('call-2', { reason: 'No.' });
    const messages = toUIMessages(agent.getState());
    await expect(validateUIMessages({ messages })).resolves.toHaveLength(messages.length);
    const toolParts = messages.flatMap((message) => message.parts.filter((part) => part.type.startsWith('tool-')));
    expect(toolParts).toEqual([
      { type: 'tool-ok', toolCallId: 'call-1', state: 'output-available', input: { word: 'hi' }, output: { echoed: 'hi' } },
      { type: 'tool-asks', toolCallId: 'call-2', state: 'output-denied', input: { word: 'x' }, approval: { id: 'call-2', approved: false, reason: 'No.' } },
    ]);
  });

  it("give a user's files as file parts with data URLs, and read them back; other file parts stay as they came", async () => {
    const agent = createAgent({ model: scriptedModel([text('A pixel.')]) });
    await agent.send('What is it?', { files: [{ mediaType: 'image/png', filename: 'photo.png', data: 'iVBORw0KGgo=' }] });
    const messages = toUIMessages(agent.getState());
    expect(messages[0]!.parts).toEqual([
      { type: 'file', mediaType: 'image/png', filename: 'photo.png', url: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'text', text: 'What is it?', state: 'done' },
    ]);
    await expect(validateUIMessages({ messages })).resolves.toHaveLength(2);
    expect(fromUIMessages(messages)).toEqual(agent.getState());
    // From another app: a data URL file is the kit's; a linked one is kept aside, and comes back in place.
    const history = fromUIMessages([
      { id: 'u1', role: 'user', parts: [{ type: 'file', mediaType: 'text/plain', url: 'data:text/plain;base64,aGk=' }, { type: 'file', mediaType: 'image/png', url: 'https://example.com/a.png' }, { type: 'text', text: 'Read these' }] },
    ]);
    expect(history.messages[0]!.parts).toEqual([{ type: 'file', id: expect.any(String), mediaType: 'text/plain', data: 'aGk=' }, { type: 'text', id: expect.any(String), text: 'Read these', status: 'done' }]);
    expect(history.messages[0]!.foreignParts).toEqual([{ at: 1, part: { type: 'file', mediaType: 'image/png', url: 'https://example.com/a.png' } }]);
    expect(toUIMessages(history)[0]!.parts.map((part) => part.type)).toEqual(['file', 'file', 'text']);
  });
});
