import { describe, expect, it } from 'vitest';
import type { QuestionOption } from '../people/question-types';
import type { ScriptedModel, ScriptedPromptMessage, ScriptedStreamPart, ScriptedTool } from '../scripted/scripted-model';
import { demoModel } from './demo-model';
import { demoQuestionInput } from './demo-questions';

const user = (text: string): ScriptedPromptMessage => ({ role: 'user', content: [{ type: 'text', text }] });

const sendEmailTool: ScriptedTool = {
  type: 'function',
  name: 'send_email',
  inputSchema: {
    type: 'object',
    properties: { to: { type: 'string' }, subject: { type: 'string' }, body: { type: 'string' } },
    required: ['to', 'subject', 'body'],
    additionalProperties: false,
  },
};
const deleteRecordsTool: ScriptedTool = {
  type: 'function',
  name: 'delete_records',
  inputSchema: {
    type: 'object',
    properties: { table: { type: 'string', enum: ['sessions', 'logs'] }, olderThanDays: { type: 'integer', minimum: 1 } },
    required: ['table', 'olderThanDays'],
  },
};
const askTool: ScriptedTool = { type: 'function', name: 'ask_user_question', inputSchema: { type: 'object' } };
const weatherTool: ScriptedTool = { type: 'function', name: 'get_weather', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } };
const allTools = [weatherTool, sendEmailTool, deleteRecordsTool, askTool];

async function run(model: ScriptedModel, prompt: ScriptedPromptMessage[], tools: ScriptedTool[] = allTools): Promise<ScriptedStreamPart[]> {
  const reader = (await model.doStream({ prompt, tools })).stream.getReader();
  const parts: ScriptedStreamPart[] = [];
  for (let result = await reader.read(); !result.done; result = await reader.read()) parts.push(result.value);
  return parts;
}

const textOf = (parts: ScriptedStreamPart[]) => parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');

async function firstCall(text: string, tools: ScriptedTool[] = allTools) {
  const parts = await run(demoModel({ speed: 'instant' }), [user(text)], tools);
  const call = parts.find((part) => part.type === 'tool-call');
  if (call?.type !== 'tool-call') throw new Error(`no tool call for "${text}": ${textOf(parts)}`);
  expect(parts.at(-1)).toMatchObject({ finishReason: { unified: 'tool-calls' } });
  return { toolName: call.toolName, input: JSON.parse(call.input) as Record<string, unknown>, text: textOf(parts) };
}

/** The follow-up step, in the v3 prompt shape: the request, the call (with the input that ran), its result. */
async function followUp(text: string, toolName: string, input: unknown, output: object): Promise<string> {
  const prompt: ScriptedPromptMessage[] = [
    { role: 'system', content: 'You are the react-agent-kit demo assistant.' },
    user(text),
    { role: 'assistant', content: [{ type: 'text', text: 'Let me do that.' }, { type: 'tool-call', toolCallId: 'call-1', toolName, input }] },
    { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName, output }] },
  ];
  const parts = await run(demoModel({ speed: 'instant' }), prompt);
  expect(parts.some((part) => part.type === 'tool-call')).toBe(false);
  expect(parts.at(-1)).toMatchObject({ finishReason: { unified: 'stop' } });
  return textOf(parts);
}

const denied = (name: string, reason?: string) => ({
  type: 'error-text',
  value: `The user denied running "${name}"${reason ? `. Reason: ${reason}` : '.'} It did not run. Do not call it again unchanged; adjust your approach or ask the user.`,
});

describe('demo: send an email (approval)', () => {
  const prompt = 'Send an email to Ada about the launch';

  it('drafts the email and calls send_email with it', async () => {
    const { toolName, input, text } = await firstCall(prompt);
    expect(toolName).toBe('send_email');
    expect(input).toEqual({ to: 'ada@example.com', subject: 'Launch update', body: expect.stringMatching(/^Hi Ada,\n\n.*launch/) });
    expect(text).toMatch(/approve.*edit.*deny/s);
  });

  it('derives the recipient and topic from simple requests', async () => {
    expect((await firstCall('Email Bob about the quarterly report')).input).toMatchObject({ to: 'bob@example.com', subject: 'Quarterly report' });
    expect((await firstCall('send a mail to grace.hopper@navy.mil about lunch')).input).toMatchObject({
      to: 'grace.hopper@navy.mil',
      subject: 'Lunch update',
      body: expect.stringMatching(/^Hi Grace,/),
    });
    expect((await firstCall('Send an email please')).input).toMatchObject({ to: 'ada@example.com', subject: 'Launch update' });
  });

  it('fits an app email tool with another schema', async () => {
    const tool: ScriptedTool = {
      type: 'function',
      name: 'send_mail',
      inputSchema: { type: 'object', properties: { to: { type: 'string' }, cc: { type: 'string' }, subject: { type: 'string' } }, required: ['to', 'cc'] },
    };
    const { toolName, input } = await firstCall(prompt, [tool]);
    expect(toolName).toBe('send_mail');
    expect(input).toEqual({ to: 'ada@example.com', cc: 'demo', subject: 'Launch update' });
  });

  it('says it has no email tool when none is offered', async () => {
    const text = textOf(await run(demoModel({ speed: 'instant' }), [user(prompt)], [weatherTool]));
    expect(text).toMatch(/none to send an email/);
  });

  it('confirms a sent email with the arguments that ran', async () => {
    const { input } = await firstCall(prompt);
    const text = await followUp(prompt, 'send_email', input, { type: 'json', value: { sent: true, to: input.to, subject: input.subject, id: 'msg_1a2b3c4d' } });
    expect(text).toMatch(/^Done: the email was sent to ada@example\.com\./);
    expect(text).toContain('This is exactly what ran, as you approved it:');
    expect(text).toContain('**Subject:** Launch update');
    expect(text).toContain('> Hi Ada,');
    expect(text).toContain('Message id: `msg_1a2b3c4d`');
  });

  it('quotes the edited arguments, read from the tool call in the prompt', async () => {
    const { input } = await firstCall(prompt);
    const edited = { ...input, subject: 'Launch moved to Friday', body: 'Hi Ada,\n\nThe launch moves to Friday.' };
    // The tool's own result echoes the subject, but the call's input is what ran.
    const text = await followUp(prompt, 'send_email', edited, { type: 'json', value: { sent: true, to: 'ada@example.com', subject: 'Launch moved to Friday', id: 'msg_9' } });
    expect(text).toContain('You edited the subject and body before approving, so this is your version, exactly as it ran:');
    expect(text).toContain('**Subject:** Launch moved to Friday');
    expect(text).toContain('> The launch moves to Friday.');
    expect(text).not.toContain('Launch update');

    const readdressed = await followUp(prompt, 'send_email', { ...input, to: 'grace@example.com' }, { type: 'json', value: { sent: true } });
    expect(readdressed).toMatch(/sent to grace@example\.com/);
    expect(readdressed).toContain('You edited the recipient before approving');
  });

  it('acknowledges a denial and quotes the reason', async () => {
    const { input } = await firstCall(prompt);
    const text = await followUp(prompt, 'send_email', input, denied('send_email', 'Wait until the press release is out.'));
    expect(text).toMatch(/^Understood: I did not send the email to ada@example\.com\. Your reason: "Wait until the press release is out"\./);
    expect(text).not.toMatch(/Done|failed/);
    const noReason = await followUp(prompt, 'send_email', input, denied('send_email'));
    expect(noReason).toMatch(/^Understood: I did not send the email to ada@example\.com\.\n\nNothing left your outbox/);
    const sdkDenial = await followUp(prompt, 'send_email', input, { type: 'execution-denied', reason: 'not today' });
    expect(sdkDenial).toContain('Your reason: "not today"');
  });

  it('tells a policy refusal and a failure apart from a denial', async () => {
    const { input } = await firstCall(prompt);
    const policy = await followUp(prompt, 'send_email', input, {
      type: 'error-text',
      value: 'The agent\'s permission policy does not allow the tool "send_email"; it was not run. Do not call it again.',
    });
    expect(policy).toMatch(/permission policy does not allow `send_email`, so the email to ada@example\.com was not sent/);
    const failed = await followUp(prompt, 'send_email', input, { type: 'error-text', value: 'SMTP server unreachable' });
    expect(failed).toMatch(/^Sending the email to ada@example\.com failed: SMTP server unreachable/);
  });
});

describe('demo: ask me questions', () => {
  const prompt = 'Help me plan a project — ask me questions';

  it('asks a single-select question with previews and free text, and a multi-select one', async () => {
    const { toolName, input } = await firstCall(prompt);
    expect(toolName).toBe('ask_user_question');
    expect(input).toEqual(demoQuestionInput);
    const [stack, features] = demoQuestionInput.questions;
    expect(stack).toMatchObject({ header: 'Stack', multiSelect: false, allowFreeText: true });
    expect(stack!.options.map((option) => option.label)).toEqual(['TypeScript', 'Python', 'Go']);
    for (const option of stack!.options as QuestionOption[]) {
      expect(option.description).toBeTruthy();
      expect(option.preview).toMatch(/\n/);
    }
    expect(features).toMatchObject({ header: 'Features', multiSelect: true });
    expect(features!.options.length).toBeGreaterThanOrEqual(3);
    expect(features!.options.length).toBeLessThanOrEqual(4);
    for (const text of ['Help me choose a stack', 'Ask me a question', 'Quiz me']) expect((await firstCall(text)).toolName).toBe('ask_user_question');
  });

  it('summarizes the answers by their labels, with free text', async () => {
    const answered = {
      status: 'answered',
      answers: [
        { question: 'Which language should the project use?', header: 'Stack', values: ['go'], labels: ['Go'], freeText: 'with htmx' },
        { question: 'Which features should the first version include?', header: 'Features', values: ['auth', 'tests'], labels: ['Authentication', 'Tests'] },
      ],
    };
    const text = await followUp(prompt, 'ask_user_question', demoQuestionInput, { type: 'json', value: answered });
    expect(text).toContain('- **Stack**: Go, and you added: "with htmx"');
    expect(text).toContain('- **Features**: Authentication, Tests');
    expect(text).toContain('1. Set up a Go project');
    expect(text).toContain('2. Build the first features: Authentication, Tests');
    expect(text).not.toContain('"values"');
  });

  it('reads typed-only and skipped answers', async () => {
    const answered = {
      status: 'answered',
      answers: [
        { question: 'q1', header: 'Stack', values: [], labels: [], freeText: 'Rust' },
        { question: 'q2', header: 'Features', values: [], labels: [] },
      ],
    };
    const text = await followUp(prompt, 'ask_user_question', demoQuestionInput, { type: 'json', value: answered });
    expect(text).toContain('- **Stack**: "Rust" (typed)');
    expect(text).toContain('- **Features**: *(skipped)*');
    expect(text).toContain('1. Set up a Rust project');
    expect(text).toContain('2. Keep the first version small');
  });

  it('acknowledges a cancelled question and offers to go on without it', async () => {
    const cancelled = { status: 'cancelled', message: 'The user dismissed the question without answering. Continue without it or ask differently.' };
    const text = await followUp(prompt, 'ask_user_question', demoQuestionInput, { type: 'json', value: cancelled });
    expect(text).toMatch(/^No problem: you closed the questions without answering\./);
    expect(text).toMatch(/continue without them/);
    const withNote = await followUp(prompt, 'ask_user_question', demoQuestionInput, {
      type: 'json',
      value: { status: 'cancelled', message: 'The user dismissed the question: not now' },
    });
    expect(withNote).toContain('without answering ("not now")');
  });
});

describe('demo: clean up old records', () => {
  it('calls delete_records with the table and age', async () => {
    expect(await firstCall('Clean up old records')).toMatchObject({ toolName: 'delete_records', input: { table: 'sessions', olderThanDays: 30 } });
    expect((await firstCall('Clean up records older than 30 days')).input).toEqual({ table: 'sessions', olderThanDays: 30 });
    expect((await firstCall('Delete logs older than 180 days')).input).toEqual({ table: 'logs', olderThanDays: 180 });
    expect((await firstCall('run a cleanup')).text).toMatch(/depends on the arguments/);
  });

  it('summarizes the count, a denial and an error', async () => {
    const input = { table: 'sessions', olderThanDays: 30 };
    const prompt = 'Clean up old records';
    expect(await followUp(prompt, 'delete_records', input, { type: 'json', value: { table: 'sessions', olderThanDays: 30, deleted: 642 } })).toMatch(
      /^Cleaned up: deleted \*\*642\*\* records from `sessions` older than 30 days\./,
    );
    expect(await followUp(prompt, 'delete_records', input, denied('delete_records', 'We still need them for the audit.'))).toMatch(
      /^Okay, I left the records alone: nothing from `sessions` older than 30 days was deleted\. Your reason: "We still need them for the audit"\./,
    );
    expect(await followUp(prompt, 'delete_records', input, { type: 'error-text', value: 'Database is read-only' })).toMatch(/^The cleanup failed: Database is read-only/);
  });
});

describe('demo: people tools picked by "use a tool"', () => {
  it('get their demo arguments, so the follow-up sees no edits', async () => {
    const { toolName, input } = await firstCall('use a tool', [sendEmailTool]);
    expect(toolName).toBe('send_email');
    expect(input).toMatchObject({ to: 'ada@example.com', subject: 'Launch update' });
    expect(await followUp('use a tool', 'send_email', input, { type: 'json', value: { sent: true } })).toContain('This is exactly what ran');
    expect((await firstCall('use a tool', [deleteRecordsTool])).input).toEqual({ table: 'sessions', olderThanDays: 30 });
    expect((await firstCall('use a tool', [askTool])).input).toEqual(demoQuestionInput);
  });
});

describe('demo: people in the loop stays deterministic', () => {
  it('streams the same parts for the same conversation', async () => {
    for (const text of ['Send an email to Ada about the launch', 'Help me plan a project — ask me questions', 'Clean up old records']) {
      const first = await run(demoModel({ speed: 'instant' }), [user(text)]);
      const second = await run(demoModel({ speed: 'instant' }), [user(text)]);
      expect(second).toEqual(first);
    }
    const after = () => followUp('Send an email to Ada', 'send_email', { to: 'ada@example.com' }, denied('send_email', 'no'));
    expect(await after()).toBe(await after());
  });
});
