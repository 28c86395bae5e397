import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { scriptedModel } from '../scripted/scripted-model';
import type { ScriptedModel, ScriptedPromptPart } from '../scripted/scripted-model';
import { text, toolCall } from '../../testing/step-builders';
import type { AgentState } from '../store/state';
import { defineTool } from '../tools/define-tool';
import { isFinalToolCallState } from '../store/tool-call-states';
import type { ProviderPrompt } from '../model/language-model';
import type { StepFinishInfo, ToolHookCall, ToolHookResult } from './agent-hooks';
import { resolveHooks } from './agent-hooks';
import { promptProblem } from './prepare-step';

const ran: unknown[] = [];
const weather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: { type: 'object', properties: { city: { type: 'string', minLength: 2 } }, required: ['city'], additionalProperties: false },
  category: 'web',
  execute: ({ city }) => {
    ran.push(city);
    return { city, celsius: 21 };
  },
});
const email = defineTool({
  name: 'send_email',
  description: 'Sends an email.',
  inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
  needsApproval: true,
  execute: ({ to }) => `sent to ${to}`,
});
const failing = defineTool({
  name: 'flaky',
  description: 'Fails.',
  inputSchema: { type: 'object' },
  execute: () => {
    throw new Error('upstream 503');
  },
});

/** The audit trail of a call, as [state, by, note]. */
const auditOf = (state: AgentState, id: string) => state.toolCalls.find((call) => call.id === id)!.audit.map((entry) => [entry.state, entry.by, entry.note]);
/** The tool results the model received in its second request. */
const resultsSent = (model: ScriptedModel, request = 1) => model.calls[request]!.prompt.at(-1)!.content as readonly ScriptedPromptPart[];

/** Every call has exactly one final result, and the model's requests are valid. */
function expectValidHistory(state: AgentState, model: ScriptedModel): void {
  for (const call of state.toolCalls) {
    expect(isFinalToolCallState(call.state)).toBe(true);
    expect(call.audit.filter((entry) => isFinalToolCallState(entry.state))).toHaveLength(1);
  }
  for (const request of model.calls) expect(promptProblem(request.prompt as unknown as ProviderPrompt)).toBeUndefined();
}

describe('hooks.beforeToolCall', () => {
  it('rewrites the input: validated again, seen by the next hook, the tool and the model, with the original kept and audited', async () => {
    ran.length = 0;
    const seen: unknown[] = [];
    const model = scriptedModel([toolCall('get_weather', { city: 'paris' }, 'w1'), text('Sunny.')]);
    const agent = createAgent({
      model,
      tools: [weather],
      hooks: {
        beforeToolCall: [
          function capitalize({ input }) {
            const { city } = input as { city: string };
            return { action: 'rewrite', input: { city: city[0]!.toUpperCase() + city.slice(1) } };
          },
          (call) => void seen.push(call.input),
        ],
      },
    });
    expect(await agent.send('Weather in paris?')).toEqual({ status: 'idle', error: null });
    const state = agent.getState();
    expect(seen).toEqual([{ city: 'Paris' }]);
    expect(ran).toEqual(['Paris']);
    expect(state.toolCalls[0]).toMatchObject({ input: { city: 'Paris' }, originalInput: { city: 'paris' }, output: { city: 'Paris', celsius: 21 } });
    expect(auditOf(state, 'w1')).toEqual([
      ['input-streaming', 'model', undefined],
      ['input-available', 'model', undefined],
      ['input-available', 'host', 'arguments rewritten by hooks.beforeToolCall[0] (capitalize)'],
      ['running', 'runtime', undefined],
      ['output-available', 'runtime', undefined],
    ]);
    // The model's next request shows the arguments that ran.
    expect(model.calls[1]!.prompt.at(-2)!.content).toContainEqual(expect.objectContaining({ type: 'tool-call', toolCallId: 'w1', input: { city: 'Paris' } }));
  });

  it("a rewrite feeds the approval; a person's edit keeps the model's arguments as the original", async () => {
    const agent = createAgent({
      model: scriptedModel([toolCall('send_email', { to: 'ada' }, 'e1'), text('Sent.')]),
      tools: [email],
      hooks: { beforeToolCall: ({ input }) => ({ action: 'rewrite', input: { to: `${(input as { to: string }).to}@example.com` } }) },
    });
    expect(await agent.send('Mail Ada')).toMatchObject({ status: 'awaiting-people' });
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'approval-requested', input: { to: 'ada@example.com' }, originalInput: { to: 'ada' } });
    await agent.approve('e1', { input: { to: 'ada@example.org' } });
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 'sent to ada@example.org', originalInput: { to: 'ada' } });
  });

  it('a rewrite the schema refuses, or that is not JSON, ends the call with an error naming the hook', async () => {
    ran.length = 0;
    const model = scriptedModel([[toolCall('get_weather', { city: 'Paris' }, 'a'), toolCall('get_weather', { city: 'Rome' }, 'b')], text('Hmm.')]);
    const agent = createAgent({
      model,
      tools: [weather],
      hooks: { beforeToolCall: ({ id }) => ({ action: 'rewrite', input: id === 'a' ? { city: 'P' } : { city: 10n } }) },
    });
    await agent.send('Weather?');
    const [a, b] = agent.getState().toolCalls;
    expect(a).toMatchObject({ state: 'output-error', input: { city: 'Paris' } });
    expect(a!.error).toMatch(/^hooks\.beforeToolCall rewrote the arguments into ones the tool does not accept \(Invalid arguments for "get_weather": .*city.*\) for "get_weather", so the call did not run\.$/);
    expect(b!.error).toBe('hooks.beforeToolCall rewrote the arguments into a value that is not JSON (a BigInt (10) at input.city) for "get_weather", so the call did not run.');
    expect(auditOf(agent.getState(), 'a').at(-1)).toEqual(['output-error', 'host', 'hooks.beforeToolCall rewrote the arguments into invalid ones']);
    expect(ran).toEqual([]);
    expectValidHistory(agent.getState(), model);
  });

  it('deny: the call ends output-denied, the model receives the reason, later hooks and the tool do not run', async () => {
    ran.length = 0;
    const later: string[] = [];
    const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'w1'), text('Understood.')]);
    const agent = createAgent({
      model,
      tools: [weather],
      hooks: { beforeToolCall: [() => ({ action: 'deny', reason: 'Weather lookups are off today.' }), (call) => void later.push(call.id)] },
    });
    await agent.send('Weather?');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-denied' });
    expect(auditOf(agent.getState(), 'w1').at(-1)).toEqual(['output-denied', 'host', 'denied by hooks.beforeToolCall[0]: Weather lookups are off today.']);
    expect(resultsSent(model)).toEqual([
      {
        type: 'tool-result',
        toolCallId: 'w1',
        toolName: 'get_weather',
        output: { type: 'execution-denied', reason: 'This app does not allow this call of "get_weather": Weather lookups are off today. It did not run. Do not call it again unchanged.' },
      },
    ]);
    expect(later).toEqual([]);
    expect(ran).toEqual([]);
  });

  it('allow: runs a tool that asks without asking; the deny list still refuses and a question is still asked', async () => {
    const allowAll = { beforeToolCall: () => ({ action: 'allow' as const }) };
    const allowed = createAgent({ model: scriptedModel([toolCall('send_email', { to: 'ada' }, 'e1'), text('Sent.')]), tools: [email], hooks: allowAll });
    expect(await allowed.send('Mail Ada')).toEqual({ status: 'idle', error: null });
    expect(allowed.getState().toolCalls[0]!.audit.map((entry) => entry.state)).toEqual(['input-streaming', 'input-available', 'running', 'output-available']);

    const denied = createAgent({ model: scriptedModel([toolCall('send_email', { to: 'ada' }, 'e1'), text('No.')]), tools: [email], hooks: allowAll, permissions: { deny: ['send_email'] } });
    await denied.send('Mail Ada');
    expect(auditOf(denied.getState(), 'e1').at(-1)).toEqual(['output-denied', 'runtime', 'refused by the permission policy']);

    const question = { questions: [{ question: 'Which?', header: 'Pick', options: [{ label: 'A' }, { label: 'B' }] }] };
    const asking = createAgent({ model: scriptedModel([toolCall('ask_user_question', question, 'q1'), text('Thanks.')]), askUser: true, hooks: allowAll });
    expect(await asking.send('Ask me')).toMatchObject({ status: 'awaiting-people' });
    expect(asking.getState().toolCalls[0]!.state).toBe('answer-requested');
  });

  it('answer: a result without running the tool, audited as the host; the deny list still wins', async () => {
    ran.length = 0;
    const after: string[] = [];
    const cached = { beforeToolCall: () => ({ action: 'answer' as const, output: { city: 'Paris', celsius: 19, cached: true } }), afterToolCall: (call: ToolHookCall) => void after.push(call.id) };
    const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'w1'), text('19 degrees.')]);
    const agent = createAgent({ model, tools: [weather], hooks: cached });
    await agent.send('Weather?');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: { city: 'Paris', celsius: 19, cached: true } });
    expect(auditOf(agent.getState(), 'w1').slice(2)).toEqual([['output-available', 'host', 'answered by hooks.beforeToolCall without running the tool']]);
    expect(resultsSent(model)[0]).toMatchObject({ toolCallId: 'w1', output: { type: 'json', value: { city: 'Paris', celsius: 19, cached: true } } });
    expect(ran).toEqual([]);
    expect(after).toEqual([]);

    const refused = createAgent({ model: scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'w1'), text('-')]), tools: [weather], hooks: cached, permissions: { deny: ['web'] } });
    await refused.send('Weather?');
    expect(refused.getState().toolCalls[0]).toMatchObject({ state: 'output-denied' });
  });

  it('Stop while a hook waits ends the wait; the call is cancelled', async () => {
    const agent = createAgent({ model: scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'w1'), text('-')]), tools: [weather], hooks: { beforeToolCall: () => new Promise(() => {}) } });
    const run = agent.send('Weather?');
    await expect.poll(() => agent.getState().toolCalls[0]?.state).toBe('input-available');
    await agent.stop();
    expect(await run).toEqual({ status: 'idle', error: null });
    expect(agent.getState().toolCalls[0]!.state).toBe('cancelled');
  });
});

describe('hooks.afterToolCall', () => {
  it('replaces results in order (output or error); the model receives the replacement, the audit says which hook', async () => {
    const seen: ToolHookResult[] = [];
    const model = scriptedModel([[toolCall('get_weather', { city: 'Paris' }, 'w1'), toolCall('flaky', {}, 'f1')], text('Done.')]);
    const agent = createAgent({
      model,
      tools: [weather, failing],
      hooks: {
        afterToolCall: [
          (call, result) => {
            seen.push(result);
            if (call.name === 'flaky') return { output: { fallback: true } };
            return 'output' in result ? { output: { ...(result.output as object), celsius: 'redacted' } } : undefined;
          },
          (call, result) => (call.name === 'get_weather' ? { error: `checked: ${JSON.stringify(result)}` } : undefined),
        ],
      },
    });
    await agent.send('Go');
    const state = agent.getState();
    // The two ran in parallel: the failing one finished first.
    expect(seen).toEqual([{ error: 'The tool "flaky" failed: upstream 503' }, { output: { city: 'Paris', celsius: 21 } }]);
    expect(state.toolCalls.map((call) => [call.id, call.state, call.output ?? call.error])).toEqual([
      ['w1', 'output-error', 'checked: {"output":{"city":"Paris","celsius":"redacted"}}'],
      ['f1', 'output-available', { fallback: true }],
    ]);
    expect(auditOf(state, 'w1').at(-1)).toEqual(['output-error', 'host', 'result replaced by hooks.afterToolCall[1]']);
    expect(auditOf(state, 'f1').at(-1)).toEqual(['output-available', 'host', 'result replaced by hooks.afterToolCall[0]']);
    expect(resultsSent(model)).toMatchObject([
      { toolCallId: 'w1', output: { type: 'error-text', value: 'checked: {"output":{"city":"Paris","celsius":"redacted"}}' } },
      { toolCallId: 'f1', output: { type: 'json', value: { fallback: true } } },
    ]);
  });
});

describe('a hook that fails', () => {
  it('throwing or invalid hooks end their call with an error result naming the hook, and the history stays valid', async () => {
    const model = scriptedModel([
      [toolCall('get_weather', { city: 'Paris' }, 'a'), toolCall('get_weather', { city: 'Rome' }, 'b'), toolCall('get_weather', { city: 'Oslo' }, 'c'), toolCall('get_weather', { city: 'Lima' }, 'd')],
      text('Some failed.'),
    ]);
    const agent = createAgent({
      model,
      tools: [weather],
      hooks: {
        beforeToolCall: function guard({ id }) {
          if (id === 'a') throw new Error('policy service down');
          if (id === 'b') return { action: 'block' } as never;
          return undefined;
        },
        afterToolCall: [
          ({ id }) => {
            if (id === 'c') return Promise.reject(new Error('redactor crashed'));
            return undefined;
          },
          ({ id }) => (id === 'd' ? { output: () => 'not json' } : undefined),
        ],
      },
    });
    expect(await agent.send('Weather in four cities')).toEqual({ status: 'idle', error: null });
    const state = agent.getState();
    expect(state.toolCalls.map((call) => [call.id, call.state, call.error])).toEqual([
      ['a', 'output-error', 'hooks.beforeToolCall (guard) threw (policy service down) for "get_weather", so the call did not run.'],
      ['b', 'output-error', `hooks.beforeToolCall (guard) returned {"action":"block"}, which is not a decision ({ action: 'allow' | 'deny' | 'rewrite' | 'answer', … } or nothing), for "get_weather", so the call did not run.`],
      ['c', 'output-error', 'hooks.afterToolCall[0] threw (redactor crashed) on the result of "get_weather"; the tool ran, but its result was not kept.'],
      ['d', 'output-error', 'hooks.afterToolCall[1] replaced it with a value that is not JSON (a function (output) at output) on the result of "get_weather"; the tool ran, but its result was not kept.'],
    ]);
    expect(auditOf(state, 'a').at(-1)).toEqual(['output-error', 'host', 'hooks.beforeToolCall (guard) threw']);
    expect(auditOf(state, 'c').at(-1)).toEqual(['output-error', 'host', 'hooks.afterToolCall[0] threw']);
    expectValidHistory(state, model);
    expect(resultsSent(model).map((part) => (part as { toolCallId?: string }).toolCallId)).toEqual(['a', 'b', 'c', 'd']);
    expect(state.messages.at(-1)?.parts).toMatchObject([{ type: 'text', text: 'Some failed.' }]);
  });
});

describe('hooks.onStepFinish', () => {
  it('is called after each model step with its number, message, usage, finish and tool calls', async () => {
    const steps: StepFinishInfo[] = [];
    const agent = createAgent({ model: scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'w1'), text('Sunny.')]), tools: [weather], hooks: { onStepFinish: (info) => void steps.push(info) } });
    await agent.send('Weather?');
    const [reply1, reply2] = agent.getState().messages.filter((message) => message.role === 'assistant');
    expect(steps.map((info) => [info.step, info.messageId, info.finishReason, info.toolCalls.map((call) => [call.id, call.state]), info.usage?.totalTokens !== undefined])).toEqual([
      [1, reply1!.id, 'tool-calls', [['w1', 'input-available']], true],
      [2, reply2!.id, 'stop', [], true],
    ]);
    expect(steps[1]!.message.parts).toMatchObject([{ type: 'text', text: 'Sunny.' }]);
  });

  it('one that throws ends the run with an error that says so; the step\'s calls get a result, and retry goes on validly', async () => {
    ran.length = 0;
    let fail = true;
    const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }, 'w1'), text('Sorry, try again.')]);
    const agent = createAgent({
      model,
      tools: [weather],
      hooks: {
        onStepFinish: function meter() {
          if (fail) throw new Error('meter offline');
        },
      },
    });
    const result = await agent.send('Weather?');
    expect(result).toMatchObject({ status: 'error', error: { code: 'internal-error', message: "hooks.onStepFinish (meter) threw after step 1: meter offline. The run was stopped; the step's tool call did not run.", retryable: false } });
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-error', error: "Not run: hooks.onStepFinish (meter) threw after step 1: meter offline. The run was stopped; the step's tool call did not run." });
    expect(ran).toEqual([]);
    fail = false;
    expect(await agent.retry()).toEqual({ status: 'idle', error: null });
    expectValidHistory(agent.getState(), model);
    expect(resultsSent(model)[0]).toMatchObject({ toolCallId: 'w1', output: { type: 'error-text' } });
  });
});

describe('createAgent({ hooks }) is checked', () => {
  it('refuses what is not a hook, naming it; no hooks at all is none', () => {
    const model = scriptedModel([]);
    expect(() => createAgent({ model, hooks: { beforeToolcall: () => undefined } as never })).toThrow('createAgent: `hooks` has no beforeToolcall; the hooks are beforeToolCall, afterToolCall, onStepFinish.');
    expect(() => createAgent({ model, hooks: { afterToolCall: [() => undefined, 'log'] as never } })).toThrow('createAgent: hooks.afterToolCall[1] must be a function, or a list of functions.');
    expect(() => createAgent({ model, hooks: 'all' as never })).toThrow(/`hooks` must be an object/);
    expect(resolveHooks({ beforeToolCall: [] })).toBeUndefined();
  });
});
