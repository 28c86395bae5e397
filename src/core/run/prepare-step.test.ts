import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { defineTool } from '../tools/define-tool';
import { scriptedModel } from '../scripted/scripted-model';
import { text, toolCall } from '../../testing/step-builders';
import { promptProblem, type PrepareStepInput } from './prepare-step';

const tool = (name: string) => defineTool({ name, description: `The ${name} tool.`, inputSchema: { type: 'object' }, execute: () => `${name} done` });

describe('createAgent({ prepareStep })', () => {
  it('is called before every model call; what it returns is what the model receives', async () => {
    const seen: PrepareStepInput[] = [];
    const model = scriptedModel([toolCall('search'), text('Found it.')]);
    const agent = createAgent({
      model,
      instructions: 'Be brief.',
      tools: [tool('search'), tool('delete_all')],
      prepareStep: (input) => {
        seen.push(input);
        // Step 1 offers only search; step 2 gets an extra system line.
        if (input.step === 1) return { activeTools: ['search'] };
        return { prompt: [{ role: 'system', content: 'Be brief. Answer in one line.' }, ...input.prompt.slice(1)] };
      },
    });
    await agent.send('Find it');
    expect(seen.map((input) => [input.step, input.tools.map((declared) => declared.name), input.prompt.length, input.state.messages.length])).toEqual([
      [1, ['search', 'delete_all'], 2, 1],
      [2, ['search', 'delete_all'], 4, 2],
    ]);
    expect(model.calls[0]!.tools?.map((declared) => declared.name)).toEqual(['search']);
    expect(model.calls[1]!.tools?.map((declared) => declared.name)).toEqual(['search', 'delete_all']);
    expect(model.calls[1]!.prompt[0]).toEqual({ role: 'system', content: 'Be brief. Answer in one line.' });
    expect(agent.getState().messages.at(-1)?.parts).toMatchObject([{ type: 'text', text: 'Found it.' }]);
  });

  it('ends the run with a clear error, sending nothing, when the hook throws or returns what cannot be sent', async () => {
    const cases: [string, PrepareStepInput['prompt'] | (() => never) | { activeTools: string[] } | string, RegExp][] = [
      ['throws', () => { throw new Error('no quota left'); }, /prepareStep threw in step 1: no quota left\. Nothing was sent/],
      ['orphans a call', [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }, { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'search', input: {} }] }], /not all answered/],
      ['names a tool it does not have', { activeTools: ['rm_rf'] }, /does not have in step 1: "rm_rf"/],
      ['returns a string', 'hello', /returned string/],
    ];
    for (const [, answer, message] of cases) {
      const model = scriptedModel([text('never')]);
      const agent = createAgent({
        model,
        tools: [tool('search')],
        prepareStep: () => (typeof answer === 'function' ? answer() : Array.isArray(answer) ? { prompt: answer } : (answer as never)),
      });
      const result = await agent.send('hi');
      expect(result.status).toBe('error');
      expect(agent.getState().error?.message).toMatch(message);
      expect(model.calls).toHaveLength(0);
    }
  });

  it('is refused at creation when it is not a function', () => {
    expect(() => createAgent({ model: scriptedModel([]), prepareStep: 'yes' as never })).toThrow(/`prepareStep` must be a function/);
  });
});

describe('promptProblem', () => {
  const user = { role: 'user', content: [{ type: 'text', text: 'hi' }] };
  it('accepts what the kit sends and names the first problem otherwise', () => {
    expect(promptProblem([{ role: 'system', content: 'x' }, user])).toBeUndefined();
    expect(promptProblem({})).toBe('it is not a list of messages');
    expect(promptProblem([{ role: 'system', content: 'x' }])).toBe('it has no user message');
    expect(promptProblem([user, { role: 'robot', content: [] }])).toBe('messages[1] has the role "robot"');
    expect(promptProblem([{ role: 'system', content: ['x'] }, user])).toBe('messages[0] (system) needs text content');
    expect(promptProblem([{ role: 'user', content: [{ type: 'tool-result', toolCallId: 'a' }] }])).toMatch(/content\[0\] is not a part a user message may have/);
    expect(promptProblem([user, { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'x', output: { type: 'text', value: '' } }] }])).toMatch(/do not answer the tool calls/);
  });
});
