// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, type Question, type QuestionResult } from '../../core/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

const language: Question = {
  question: 'Which language should the project use?',
  header: 'Language',
  options: [
    { label: 'TypeScript', value: 'ts', description: 'Typed JavaScript', preview: 'const answer: number = 42;' },
    { label: 'Rust', description: 'Fast and safe', preview: 'let answer: u32 = 42;' },
  ],
};
const extras: Question = {
  question: 'Which extras do you want?',
  header: 'Extras',
  multiSelect: true,
  required: false,
  options: [{ label: 'Tests' }, { label: 'Docs' }, { label: 'CI' }],
};

function setup(batches: Question[][], chat: { allowFreeText?: boolean } = {}) {
  const model = scriptedModel([batches.map((questions) => toolCall('ask_user_question', { questions })), text('Thanks!')]);
  const agent = createAgent({ model, askUser: true });
  render(<AgentChat agent={agent} {...chat} />);
  const start = () => act(() => agent.send('Start a project').then(() => {}));
  const output = (index = 0) => agent.getState().toolCalls[index]!.output as QuestionResult;
  return { agent, start, output };
}

const picker = () => screen.getByRole('form', { name: /The agent has (a question|questions)/ });
const inPicker = () => within(picker());
const submit = () => inPicker().getByRole<HTMLButtonElement>('button', { name: 'Submit' });
const settled = (agent: ReturnType<typeof setup>['agent']) => waitFor(() => expect(agent.getState().status).toBe('idle'));

describe('<QuestionPicker> in <AgentChat>', () => {
  it('answers a single-choice question, showing the preview of the chosen option (focus alone changes nothing)', async () => {
    const { agent, start, output } = setup([[language]]);
    await start();
    expect(document.activeElement).toBe(picker());
    const group = inPicker().getByRole('group', { name: /Language/ });
    expect(group.textContent).toContain('Which language should the project use?');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).matches(':disabled')).toBe(true);
    expect(screen.getByText('Answer the question above (or cancel it) to continue.')).toBeTruthy();

    const rust = inPicker().getByRole('radio', { name: 'Rust' });
    expect(rust.getAttribute('aria-describedby')).toBeTruthy();
    // A mouse press focuses the option before the click chooses it: nothing may appear in between,
    // or the options move under the pointer and the click misses.
    const before = picker().innerHTML;
    fireEvent.mouseDown(rust);
    fireEvent.focus(rust);
    expect(picker().innerHTML).toBe(before);
    fireEvent.click(rust);
    expect(inPicker().getByText('let answer: u32 = 42;')).toBeTruthy();
    fireEvent.click(inPicker().getByRole('radio', { name: 'TypeScript' }));
    expect(inPicker().getByText('const answer: number = 42;')).toBeTruthy();
    expect(inPicker().queryByText('let answer: u32 = 42;')).toBeNull();

    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    await settled(agent);
    expect(output()).toEqual({ status: 'answered', answers: [expect.objectContaining({ header: 'Language', values: ['ts'], labels: ['TypeScript'] })] });
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('answers several questions, with checkboxes for multi-select, and enforces the required ones', async () => {
    const { agent, start, output } = setup([[language, extras]]);
    await start();
    expect(submit().disabled).toBe(true);
    expect(inPicker().getByText('To submit, answer “Language”.')).toBeTruthy();
    fireEvent.click(inPicker().getByRole('checkbox', { name: 'CI' }));
    fireEvent.click(inPicker().getByRole('checkbox', { name: 'Tests' }));
    expect(submit().disabled).toBe(true);
    fireEvent.click(inPicker().getByRole('radio', { name: 'Rust' }));
    expect(submit().disabled).toBe(false);
    expect(inPicker().queryByText(/To submit/)).toBeNull();
    fireEvent.click(submit());
    await settled(agent);
    const result = output();
    expect(result.status === 'answered' && result.answers.map((answer) => answer.values)).toEqual([['Rust'], ['Tests', 'CI']]);
  });

  it('takes free text where allowed, and shows the agent’s refusal of answers it does not accept', async () => {
    // The chat is told free text is allowed by default, the agent was not: the agent refuses.
    const withText: Question = { ...language, allowFreeText: true };
    const { agent, start, output } = setup([[withText, extras]], { allowFreeText: true });
    await start();
    const fields = inPicker().getAllByRole('textbox', { name: 'Or in your own words' });
    expect(fields).toHaveLength(2);
    fireEvent.change(fields[0]!, { target: { value: 'Zig' } });
    expect(submit().disabled).toBe(false);
    fireEvent.change(fields[1]!, { target: { value: 'A changelog' } });
    fireEvent.click(submit());
    const refusal = await inPicker().findByRole('alert');
    expect(refusal.textContent).toMatch(/free text is not allowed/);

    fireEvent.change(fields[1]!, { target: { value: '' } });
    fireEvent.click(submit());
    await settled(agent);
    const result = output();
    expect(result.status === 'answered' && result.answers[0]).toMatchObject({ values: [], freeText: 'Zig' });
  });

  it('sends one answer to a single-choice question: choosing an option empties the text, typing text clears the option', async () => {
    const withText: Question = { ...language, allowFreeText: true };
    const { agent, start, output } = setup([[withText]], { allowFreeText: true });
    await start();
    const field = inPicker().getByRole<HTMLInputElement>('textbox', { name: 'Or in your own words' });
    const typescript = inPicker().getByRole<HTMLInputElement>('radio', { name: 'TypeScript' });
    fireEvent.click(typescript);
    fireEvent.change(field, { target: { value: 'Zig' } });
    expect(typescript.checked).toBe(false);
    expect(field.value).toBe('Zig');
    fireEvent.click(typescript);
    expect(typescript.checked).toBe(true);
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: 'Zig' } });
    fireEvent.click(submit());
    await settled(agent);
    const result = output();
    expect(result.status === 'answered' && result.answers[0]).toMatchObject({ values: [], freeText: 'Zig' });
  });

  it('keeps ticked options and text together for a question with several choices', async () => {
    const several: Question = { ...extras, allowFreeText: true };
    const { agent, start, output } = setup([[several]], { allowFreeText: true });
    await start();
    fireEvent.click(inPicker().getByRole('checkbox', { name: 'Docs' }));
    fireEvent.change(inPicker().getByRole('textbox', { name: 'Or in your own words' }), { target: { value: 'A changelog' } });
    expect(inPicker().getByRole<HTMLInputElement>('checkbox', { name: 'Docs' }).checked).toBe(true);
    fireEvent.click(submit());
    await settled(agent);
    const result = output();
    expect(result.status === 'answered' && result.answers[0]).toMatchObject({ values: ['Docs'], freeText: 'A changelog' });
  });

  it('keeps Submit outside the part that scrolls: the hint and the actions are the card’s sticky footer', async () => {
    const { start } = setup([[language, extras]]);
    await start();
    const footer = picker().querySelector('.rak-question-picker-footer')!;
    expect(footer.parentElement).toBe(picker());
    expect(within(footer as HTMLElement).getByRole('button', { name: 'Submit' })).toBe(submit());
    expect(footer).toBe(picker().lastElementChild);
  });

  it('cancels, and the model is told', async () => {
    const { agent, start, output } = setup([[language]]);
    await start();
    fireEvent.click(inPicker().getByRole('button', { name: 'Cancel' }));
    await settled(agent);
    expect(output()).toMatchObject({ status: 'cancelled' });
  });

  it('submits with Enter only from the Submit button', async () => {
    const { agent, start } = setup([[language]]);
    await start();
    const answer = vi.spyOn(agent, 'answer');
    const typescript = inPicker().getByRole('radio', { name: 'TypeScript' });
    fireEvent.click(typescript);
    const notPrevented = fireEvent.keyDown(typescript, { key: 'Enter' });
    expect(notPrevented).toBe(false);
    expect(answer).not.toHaveBeenCalled();
    // A native button turns Enter into a click; jsdom does not, so the click stands for it.
    fireEvent.click(submit());
    expect(answer).toHaveBeenCalledTimes(1);
    await settled(agent);
  });

  it('works through a queue of question calls', async () => {
    const { agent, start, output } = setup([[language], [extras]]);
    await start();
    expect(inPicker().getByText('1 of 2')).toBeTruthy();
    fireEvent.click(inPicker().getByRole('radio', { name: 'Rust' }));
    fireEvent.click(submit());
    await waitFor(() => expect(inPicker().getByRole('group', { name: /Extras/ })).toBeTruthy());
    expect(inPicker().queryByText(/of 2/)).toBeNull();
    // Optional question: nothing chosen is a valid answer.
    expect(submit().disabled).toBe(false);
    fireEvent.click(submit());
    await settled(agent);
    expect(output(0)).toMatchObject({ status: 'answered' });
    expect(output(1)).toMatchObject({ status: 'answered', answers: [{ values: [] }] });
  });
});
