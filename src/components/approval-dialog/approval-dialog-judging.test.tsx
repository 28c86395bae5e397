// @vitest-environment jsdom
/**
 * Approvals people can judge: the dialog leads with what will happen in words, says which rule
 * asked, edits the arguments in a form generated from the tool's schema (JSON as a fallback),
 * marks the risky parts of a shell command, and shows the app's own preview when it has one.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, defineTool, type PermissionPolicy, type ToolDefinition } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { ToolRenderersProvider } from '../tool-renderers/tool-renderers';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

const emailSchema = {
  type: 'object',
  properties: {
    to: { type: 'string', description: 'The recipient address' },
    subject: { type: 'string', maxLength: 40 },
    body: { type: 'string' },
    priority: { type: 'integer', minimum: 1, maximum: 5 },
    urgent: { type: 'boolean' },
    channel: { type: 'string', enum: ['mail', 'sms'] },
    cc: { type: 'array', items: { type: 'string' } },
    options: { type: 'object', title: 'Delivery', properties: { trackOpens: { type: 'boolean' } } },
  },
  required: ['to', 'subject', 'body'],
  additionalProperties: false,
} as const;

const draft = { to: 'ada@example.com', subject: 'Launch', body: 'Hi Ada,\nThe launch is on track.', priority: 3, channel: 'mail' };

function setupEmail(options: { summarize?: (input: typeof draft) => string; permissions?: PermissionPolicy; needsApproval?: boolean } = {}) {
  const sent: unknown[] = [];
  const sendEmail = defineTool({
    name: 'send_email',
    description: 'Sends an email through the company mail server.',
    inputSchema: emailSchema,
    needsApproval: options.needsApproval ?? true,
    ...(options.summarize ? { summarize: options.summarize } : {}),
    execute: (input) => {
      sent.push(input);
      return { sent: true, subject: input.subject };
    },
  }) as ToolDefinition;
  const model = scriptedModel([toolCall('send_email', draft), text('Sent.')]);
  const agent = createAgent({ model, tools: [sendEmail], ...(options.permissions ? { permissions: options.permissions } : {}) });
  return { agent, model, sent, start: () => act(() => agent.send('Email Ada about the launch').then(() => {})) };
}

const dialog = () => screen.getByRole('alertdialog');
const button = (name: string | RegExp) => within(dialog()).getByRole<HTMLButtonElement>('button', { name });
const field = (name: string) => within(dialog()).getByRole<HTMLInputElement>('textbox', { name });
const settled = (agent: { getState: () => { status: string } }) => waitFor(() => expect(agent.getState().status).toBe('idle'));

describe('the approval dialog leads with what will happen', () => {
  it("shows the tool's summary as its heading and name, the rule that asked, and the model's text collapsed", async () => {
    const { agent, start } = setupEmail({ summarize: ({ to, subject }) => `Send an email to ${to}: ${subject}` });
    render(<AgentChat agent={agent} />);
    await start();
    const modal = screen.getByRole('alertdialog', { name: 'Send an email to ada@example.com: Launch' });
    expect(within(modal).getByRole('heading', { level: 2 }).textContent).toBe('Send an email to ada@example.com: Launch');
    expect(modal.querySelector('.rak-approval-tool')!.textContent).toBe('Tool send_email');
    expect(document.getElementById(modal.getAttribute('aria-describedby')!)!.textContent).toBe('Why you are asked: "send_email" always asks a person before it runs.');
    const details = modal.querySelector('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('What the tool tells the agent')).toBeTruthy();
    expect(details.textContent).toContain('Sends an email through the company mail server.');

    // The summary describes the model's request: after an edit, the dialog says so.
    expect(within(modal).queryByText(/you changed the arguments/)).toBeNull();
    fireEvent.change(field('Subject'), { target: { value: 'Launch moved' } });
    expect(within(modal).getByText(/you changed the arguments below/)).toBeTruthy();
  });

  it('uses a sentence from the name and arguments when summarize throws, and the run goes on', async () => {
    const { agent, sent, start } = setupEmail({
      summarize: () => {
        throw new Error('no summary today');
      },
    });
    render(<AgentChat agent={agent} />);
    await start();
    expect(screen.getByRole('alertdialog', { name: 'Run send_email with to “ada@example.com”, subject “Launch”, body “Hi Ada, The launch is on track.”, 2 more' })).toBeTruthy();
    fireEvent.click(button('Approve'));
    await settled(agent);
    expect(sent).toEqual([draft]);
  });

  it('says when the policy asked rather than the tool', async () => {
    const { agent, start } = setupEmail({ needsApproval: false, permissions: { mode: 'read-only' } });
    render(<AgentChat agent={agent} />);
    await start();
    expect(within(dialog()).getByText(/^Why you are asked/).parentElement!.textContent).toBe('Why you are asked: This agent is in read-only mode, and "send_email" can change things.');
  });
});

describe('the arguments form', () => {
  it('shows each argument as a labelled field of its kind, and the edit is what runs and what the model reads', async () => {
    const { agent, model, sent, start } = setupEmail();
    render(<AgentChat agent={agent} />);
    await start();
    const form = within(dialog()).getByRole('group', { name: 'Arguments' });
    const to = within(form).getByRole<HTMLInputElement>('textbox', { name: 'To' });
    expect(to.value).toBe('ada@example.com');
    expect(to.getAttribute('aria-required')).toBe('true');
    expect(document.getElementById(to.getAttribute('aria-describedby')!)!.textContent).toBe('The recipient address');
    expect(within(form).getByRole('textbox', { name: 'Body' }).tagName).toBe('TEXTAREA');
    expect(within(form).getByRole<HTMLTextAreaElement>('textbox', { name: 'Body' }).value).toBe(draft.body);
    expect(within(form).getByRole<HTMLInputElement>('textbox', { name: 'Priority' }).value).toBe('3');
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: 'Urgent' }).checked).toBe(false);
    expect(within(within(form).getByRole('group', { name: 'Channel' })).getByRole<HTMLInputElement>('radio', { name: 'mail' }).checked).toBe(true);
    expect(within(form).getByRole('group', { name: 'Cc' })).toBeTruthy();
    expect(within(within(form).getByRole('group', { name: 'Delivery' })).getByRole('checkbox', { name: 'Track opens' })).toBeTruthy();

    fireEvent.change(within(form).getByRole('textbox', { name: 'Subject' }), { target: { value: 'Launch moved' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Urgent' }));
    fireEvent.click(within(form).getByRole('radio', { name: 'sms' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Add an item' }));
    const cc = within(form).getByRole<HTMLInputElement>('textbox', { name: 'Cc, item 1' });
    expect(document.activeElement).toBe(cc);
    fireEvent.change(cc, { target: { value: 'grace@example.com' } });
    fireEvent.click(button('Approve'));
    await settled(agent);

    const edited = { ...draft, subject: 'Launch moved', urgent: true, channel: 'sms', cc: ['grace@example.com'] };
    expect(sent).toEqual([edited]);
    const call = agent.getState().toolCalls[0]!;
    expect(call.originalInput).toEqual(draft);
    expect(call.approval?.decision?.edited).toBe(true);
    // The model's next request shows the arguments that ran.
    const toolCallPart = model.calls[1]!.prompt.flatMap((message) => (Array.isArray(message.content) ? message.content : [])).find((part) => part.type === 'tool-call');
    expect(toolCallPart).toMatchObject({ input: edited });
  });

  it('approving untouched sends the model’s arguments as they were (no edit)', async () => {
    const { agent, sent, start } = setupEmail();
    render(<AgentChat agent={agent} />);
    await start();
    fireEvent.click(button('Approve'));
    await settled(agent);
    expect(sent).toEqual([draft]);
    expect(agent.getState().toolCalls[0]!.originalInput).toBeUndefined();
  });

  it('marks an invalid field with its error and keeps Approve off until it is fixed', async () => {
    const { agent, sent, start } = setupEmail();
    render(<AgentChat agent={agent} />);
    await start();
    const priority = field('Priority');
    fireEvent.change(priority, { target: { value: '2.5' } });
    expect(priority.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(priority.getAttribute('aria-describedby')!)!.textContent).toBe('Enter a whole number.');
    expect(button('Approve').disabled).toBe(true);
    expect(button('Always allow send_email').disabled).toBe(true);
    expect(within(dialog()).getByText('Fix the arguments to approve.')).toBeTruthy();
    fireEvent.change(field('To'), { target: { value: '' } });
    expect(document.getElementById(field('To').getAttribute('aria-describedby')!.split(' ').at(-1)!)!.textContent).toBe('Required.');

    fireEvent.change(priority, { target: { value: '9' } });
    expect(document.getElementById(priority.getAttribute('aria-describedby')!)!.textContent).toBe('Enter 5 or less.');
    fireEvent.change(priority, { target: { value: '5' } });
    fireEvent.change(field('To'), { target: { value: 'ada@example.com' } });
    expect(priority.getAttribute('aria-invalid')).toBeNull();
    expect(button('Approve').disabled).toBe(false);
    fireEvent.click(button('Approve'));
    await settled(agent);
    expect(sent).toEqual([{ ...draft, priority: 5 }]);
  });

  it('switches to JSON and back, keeping the edits; JSON that does not fit the form stays JSON', async () => {
    const { agent, sent, start } = setupEmail();
    render(<AgentChat agent={agent} />);
    await start();
    fireEvent.change(field('Subject'), { target: { value: 'Launch moved' } });
    button('Edit as JSON').focus();
    fireEvent.click(button('Edit as JSON'));
    // Focus goes with the switch to the JSON editor's head.
    expect(document.activeElement).toBe(button('Edit in a form'));
    const json = within(dialog()).getByRole<HTMLTextAreaElement>('textbox', { name: /Arguments/ });
    expect(JSON.parse(json.value)).toEqual({ ...draft, subject: 'Launch moved' });
    expect(within(dialog()).queryByRole('group', { name: 'Arguments' })).toBeNull();

    fireEvent.change(json, { target: { value: JSON.stringify({ ...draft, subject: 'From JSON', bcc: 'x@example.com' }) } });
    fireEvent.click(button('Edit in a form'));
    expect(within(dialog()).getByRole('status').textContent).toBe('These arguments no longer fit the form; keep editing them as JSON, or Reset.');
    expect(within(dialog()).getByRole('textbox', { name: /Arguments/ })).toBe(json);

    fireEvent.change(json, { target: { value: JSON.stringify({ ...draft, subject: 'From JSON' }) } });
    fireEvent.click(button('Edit in a form'));
    expect(field('Subject').value).toBe('From JSON');
    fireEvent.click(button('Approve'));
    await settled(agent);
    expect(sent).toEqual([{ ...draft, subject: 'From JSON' }]);
  });

  it('uses the JSON editor alone when the schema has something the form cannot show', async () => {
    const tool = defineTool({
      name: 'tag',
      description: 'Tags an item.',
      inputSchema: { type: 'object', properties: { id: { anyOf: [{ type: 'string' }, { type: 'number' }] } }, required: ['id'] },
      needsApproval: true,
      execute: () => 'tagged',
    });
    const agent = createAgent({ model: scriptedModel([toolCall('tag', { id: 7 }), text('Done.')]), tools: [tool] });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Tag it').then(() => {}));
    expect(JSON.parse(within(dialog()).getByRole<HTMLTextAreaElement>('textbox', { name: /Arguments/ }).value)).toEqual({ id: 7 });
    expect(within(dialog()).queryByRole('button', { name: 'Edit in a form' })).toBeNull();
    expect(within(dialog()).getByText('Edited as JSON: the form cannot show “id”.')).toBeTruthy();
  });
});

describe('previews by kind', () => {
  it('shows a bash command with its deletion and its overwriting redirection marked, in words too', async () => {
    const bash = defineTool({
      name: 'bash',
      description: 'Runs a bash script.',
      inputSchema: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
      needsApproval: true,
      execute: () => ({ exitCode: 0, stdout: '', stderr: '' }),
    });
    const agent = createAgent({ model: scriptedModel([toolCall('bash', { command: 'rm -rf build && echo done > out.txt' }), text('Done.')]), tools: [bash] });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Clean up').then(() => {}));
    const preview = within(dialog()).getByRole('region', { name: 'Command' });
    const marks = [...preview.querySelectorAll('mark')];
    expect(marks.map((mark) => [mark.textContent, mark.getAttribute('data-risk')])).toEqual([
      ['rm -rf build (deletes files)', 'deletes'],
      ['> out.txt (overwrites files)', 'overwrites'],
    ]);
    expect(marks.map((mark) => mark.querySelector('.rak-visually-hidden')!.textContent)).toEqual([' (deletes files)', ' (overwrites files)']);
    expect(preview.querySelector('pre')!.getAttribute('dir')).toBe('ltr');
    expect(within(preview).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['deletes files', 'overwrites files']);

    // The preview follows the edited command.
    fireEvent.change(within(dialog()).getByRole('textbox', { name: 'Command' }), { target: { value: 'ls -la' } });
    expect(preview.querySelectorAll('mark')).toHaveLength(0);
    expect(within(preview).queryByRole('list')).toBeNull();
  });

  it("shows the app's own approval view in place of the kit's preview", async () => {
    const sandbox = createSandbox();
    const agent = createAgent({ model: scriptedModel([toolCall('write_file', { path: 'notes.md', content: '# Notes\n' }), text('Written.')]), sandbox });
    render(
      <ToolRenderersProvider renderers={{ write_file: { approval: ({ call }) => <p data-testid="app-preview">{`A new page: ${(call.input as { path: string }).path}`}</p> } }}>
        <AgentChat agent={agent} />
      </ToolRenderersProvider>,
    );
    await act(() => agent.send('Write notes').then(() => {}));
    expect(within(dialog()).getByTestId('app-preview').textContent).toBe('A new page: notes.md');
    expect(within(dialog()).queryByRole('region', { name: 'File change' })).toBeNull();
    // The decision stays the kit's.
    fireEvent.click(button('Approve'));
    await settled(agent);
    expect(sandbox.readFile('/notes.md')).toBe('# Notes\n');
  });

  it("keeps the kit's file diff when the app has no approval view for the tool", async () => {
    const sandbox = createSandbox();
    const agent = createAgent({ model: scriptedModel([toolCall('write_file', { path: 'notes.md', content: '# Notes\n' }), text('Written.')]), sandbox });
    render(
      <ToolRenderersProvider renderers={{ write_file: { done: () => <p>written</p> } }}>
        <AgentChat agent={agent} />
      </ToolRenderersProvider>,
    );
    await act(() => agent.send('Write notes').then(() => {}));
    expect(within(dialog()).getByRole('region', { name: 'File change' })).toBeTruthy();
  });
});
