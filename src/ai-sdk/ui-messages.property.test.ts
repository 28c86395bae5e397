/**
 * Round trips between the kit's state and AI SDK UI messages. Random conversations (text, tool
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
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 6 }), fc.array(fc.constantFrom<Decision>('approve', 'deny', 'stop', 'answer'), { maxLength: 4 }), async (steps, decisions) => {
        const agent = createAgent({ model: scriptedModel(scripted(steps)), tools, askUser: true, retry: { maxRetries: 0 } });
        const seen: AgentState[] = [];
        const unsubscribe = agent.subscribe((state) => seen.push(state));
        await agent.send('go');
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
});
