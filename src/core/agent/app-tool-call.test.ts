import { describe, expect, it, vi } from 'vitest';
import { scriptedModel, text } from '../../testing/index';
import { createAgent } from './create-agent';
import { AgentCommandError } from './agent-options';
import { toProviderPrompt } from '../model/to-provider-prompt';
import { defineTool } from '../tools/define-tool';
import { canResume } from '../sessions/seal-interrupted';

/** `agent.callTool`: a call an MCP App asked for is a call of the agent, under its policy. */
let runs = 0;
const increment = defineTool({
  name: 'increment',
  description: 'Adds one.',
  inputSchema: { type: 'object', properties: { count: { type: 'number' } }, required: ['count'] },
  execute: ({ count }) => {
    runs += 1;
    return { count: count + 1 };
  },
});

function agentWith(mode: 'ask' | 'auto', deny: string[] = [], needsApproval = true) {
  const model = scriptedModel([text('Hello.')]);
  return { agent: createAgent({ model, tools: [{ ...increment, needsApproval }], permissions: { mode, deny } }), model };
}

describe('agent.callTool', () => {
  it('asks a person when the policy says so: nothing runs before the approval, then the result comes back; no model step follows', async () => {
    runs = 0;
    const { agent, model } = agentWith('ask');
    const pending = agent.callTool!('increment', { count: 1 });
    // The command's code loads with its first use; then the call waits for the person.
    await vi.waitFor(() => expect(agent.getState().toolCalls.at(-1)?.state).toBe('approval-requested'));
    const waiting = agent.getState().toolCalls.at(-1)!;
    expect(agent.getState().status).toBe('awaiting-people');
    expect(runs).toBe(0);
    await agent.approve(waiting.id);
    const call = await pending;
    expect(call).toMatchObject({ state: 'output-available', output: { count: 2 } });
    expect(call.audit.map((entry) => entry.by)).toContain('user');
    expect(runs).toBe(1);
    expect(model.calls).toHaveLength(0);
    expect(agent.getState().status).toBe('idle');
    expect(agent.getState().messages.at(-1)).toMatchObject({ role: 'assistant', requestedBy: 'app' });
    // Nothing is left to resume: the model owes no reply to a step it did not take.
    expect(canResume(agent.getState())).toBe(false);
    // The model sees the call and its result in its next request, as a valid pair.
    const prompt = toProviderPrompt({ messages: agent.getState().messages, toolCalls: agent.getState().toolCalls });
    expect(prompt.map((message) => message.role)).toEqual(['assistant', 'tool']);
  });

  it('a denial and the deny list are results too; the tool never runs', async () => {
    runs = 0;
    const asked = agentWith('ask');
    const pending = asked.agent.callTool!('increment', { count: 1 });
    await vi.waitFor(() => expect(asked.agent.getState().toolCalls.at(-1)?.state).toBe('approval-requested'));
    await asked.agent.deny(asked.agent.getState().toolCalls.at(-1)!.id, { reason: 'not now' });
    expect(await pending).toMatchObject({ state: 'output-denied' });
    const refused = agentWith('auto', ['increment']);
    expect(await refused.agent.callTool!('increment', { count: 1 })).toMatchObject({ state: 'output-denied' });
    expect(runs).toBe(0);
  });

  it('validates the input, refuses unknown tools, and is refused while the agent is busy', async () => {
    const { agent } = agentWith('auto', [], false);
    expect(await agent.callTool!('increment', { count: 'one' })).toMatchObject({ state: 'output-error' });
    await expect(agent.callTool!('delete_everything', {})).rejects.toBeInstanceOf(AgentCommandError);
    const first = agent.callTool!('increment', { count: 1 });
    await expect(agent.callTool!('increment', { count: 1 })).rejects.toMatchObject({ code: 'agent-busy' });
    await first;
  });
});
