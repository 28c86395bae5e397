/**
 * Contract: a person may approve with edited arguments. The edit is validated again (an invalid
 * edit is refused with `invalid-input` and nothing changes); a valid edit runs with the edited
 * input, the original is kept in `originalInput`, the audit trail records the edit, and the
 * history the model receives shows what actually ran: the tool-call part carries the edited
 * input and the result is the result of that input.
 */
import { describe, expect, it, vi } from 'vitest';
import { AgentCommandError, createAgent, defineTool } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, callPartFor, expectValidToolHistory, lastRequest, resultFor } from './helpers';

interface SendEmailInput {
  to: string;
  subject: string;
  cc?: string[];
}

function setup() {
  const execute = vi.fn((input: SendEmailInput) => ({ sentTo: input.to, subject: input.subject }));
  const sendEmail = defineTool<SendEmailInput, { sentTo: string; subject: string }>({
    name: 'send_email',
    description: 'Sends an email.',
    inputSchema: {
      type: 'object',
      properties: {
        to: { type: 'string', minLength: 3 },
        subject: { type: 'string' },
        cc: { type: 'array', items: { type: 'string' } },
      },
      required: ['to', 'subject'],
      additionalProperties: false,
    },
    needsApproval: true,
    execute,
  });
  const model = scriptedModel([toolCall('send_email', { to: 'all@corp.example', subject: 'Salaries' }, 'mail-1'), text('Sent.')]);
  const agent = createAgent({ model, tools: [sendEmail] });
  return { agent, model, execute };
}

const original = { to: 'all@corp.example', subject: 'Salaries' };
const edited = { to: 'hr@corp.example', subject: 'Salaries (confidential)' };

describe('edited arguments', () => {
  it.each([
    ['a missing required field', { to: 'hr@corp.example' }],
    ['a wrong type', { to: 'hr@corp.example', subject: 7 }],
    ['an extra field', { ...edited, bcc: 'me@example.com' }],
    ['a string that is too short', { to: 'x', subject: 'hi' }],
    ['not an object', 'hr@corp.example'],
  ])('refuses an edit with %s: invalid-input, and nothing changes', async (_case, input) => {
    const { agent, model, execute } = setup();
    await agent.send('email everyone');
    const before = agent.getState();

    const attempt = agent.approve('mail-1', { input });
    await expect(attempt).rejects.toBeInstanceOf(AgentCommandError);
    await expect(attempt).rejects.toMatchObject({ code: 'invalid-input' });

    expect(agent.getState()).toEqual(before);
    const call = callNamed(agent.getState(), 'mail-1');
    expect(call.state).toBe('approval-requested');
    expect(call.approval?.decision).toBeUndefined();
    expect(call.input).toEqual(original);
    expect(call.originalInput).toBeUndefined();
    expect(execute).not.toHaveBeenCalled();
    expect(model.calls).toHaveLength(1);

    // The call can still be decided properly afterwards.
    expect((await agent.approve('mail-1', { input: edited })).status).toBe('idle');
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('runs a valid edit with the edited input and keeps the original', async () => {
    const { agent, execute } = setup();
    await agent.send('email everyone');
    const result = await agent.approve('mail-1', { input: edited });

    expect(result).toEqual({ status: 'idle', error: null });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]![0]).toEqual(edited);
    const call = callNamed(agent.getState(), 'mail-1');
    expect(call.state).toBe('output-available');
    expect(call.input).toEqual(edited);
    expect(call.originalInput).toEqual(original);
    expect(call.output).toEqual({ sentTo: 'hr@corp.example', subject: 'Salaries (confidential)' });
    expect(call.approval?.decision).toMatchObject({ approved: true, edited: true });
  });

  it('records the edit in the audit trail, by the user', async () => {
    const { agent } = setup();
    await agent.send('email everyone');
    await agent.approve('mail-1', { input: edited });
    const audit = callNamed(agent.getState(), 'mail-1').audit;
    expect(audit.some((entry) => entry.by === 'user' && /edit/i.test(entry.note ?? ''))).toBe(true);
    expect(audit.map((entry) => entry.state)).toEqual(expect.arrayContaining(['approval-requested', 'running', 'output-available']));
  });

  it('shows the model what actually ran: the edited input in the tool-call part, and its result', async () => {
    const { agent, model } = setup();
    await agent.send('email everyone');
    await agent.approve('mail-1', { input: edited });

    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(callPartFor(prompt, 'mail-1').input).toEqual(edited);
    expect(resultFor(prompt, 'mail-1')).toEqual({ type: 'json', value: { sentTo: 'hr@corp.example', subject: 'Salaries (confidential)' } });
    expect(JSON.stringify(prompt)).not.toContain('all@corp.example');
  });

  it('an approval without an edit leaves the input as the model sent it and no originalInput', async () => {
    const { agent, execute, model } = setup();
    await agent.send('email everyone');
    await agent.approve('mail-1');
    const call = callNamed(agent.getState(), 'mail-1');
    expect(call.input).toEqual(original);
    expect(call.originalInput).toBeUndefined();
    expect(call.approval?.decision).toMatchObject({ approved: true, edited: false });
    expect(execute.mock.calls[0]![0]).toEqual(original);
    expect(callPartFor(lastRequest(model), 'mail-1').input).toEqual(original);
  });

  it('refuses an edit for a call that is not waiting for approval', async () => {
    const { agent } = setup();
    await agent.send('email everyone');
    await agent.approve('mail-1', { input: edited });
    const before = agent.getState();
    await expect(agent.approve('mail-1', { input: original })).rejects.toMatchObject({ code: 'not-pending' });
    expect(agent.getState()).toEqual(before);
  });

  it('combines an edit with always: the edit runs and the tool is remembered', async () => {
    const { agent, execute } = setup();
    await agent.send('email everyone');
    await agent.approve('mail-1', { input: edited, always: true });
    expect(execute.mock.calls[0]![0]).toEqual(edited);
    expect(agent.getState().alwaysAllowed).toEqual(['send_email']);
  });
});
