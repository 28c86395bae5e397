// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../core/index';
import { scriptedModel, text } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import type { AttachmentOptions } from './attachment-options';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

// A 1x1 PNG.
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const photo = () => new File([Uint8Array.from(atob(png), (character) => character.charCodeAt(0))], 'photo.png', { type: 'image/png' });
const notes = () => new File(['# Notes\n'], 'notes.md');

let created: string[];
let revoked: string[];
beforeEach(() => {
  // jsdom has no object URLs: each created one is counted, and revoking one is recorded.
  created = [];
  revoked = [];
  URL.createObjectURL = vi.fn(() => {
    created.push(`blob:test/${created.length + 1}`);
    return created.at(-1)!;
  });
  URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
});
afterEach(cleanup);

/** The composer's live region: what was attached or removed, and why a file was not. */
const liveRegion = () => document.querySelector('.rak-composer-attachment-notes[aria-live="polite"]')!;
const problem = () => liveRegion().querySelector('.rak-composer-attachment-problem')?.textContent ?? '';

function setup(attachments?: AttachmentOptions | false) {
  const model = scriptedModel([text('A red pixel.')]);
  const agent = createAgent({ model });
  render(<AgentChat agent={agent} attachments={attachments} />);
  const input = () => screen.getByTestId<HTMLInputElement>('composer-file-input');
  const pick = (...files: File[]) => fireEvent.change(input(), { target: { files } });
  const composer = () => screen.getByRole('textbox', { name: 'Message' });
  const chips = () => screen.queryByRole('list', { name: 'Attachments' });
  return { model, agent, input, pick, composer, chips };
}

describe('attachments in the composer', () => {
  it('a picked image shows as a thumbnail, is sent to the model as a file part, and shows in the sent message; the composer is empty again', async () => {
    const { model, pick, composer, chips } = setup();
    pick(photo());
    expect(within(chips()!).getByRole('img', { name: 'photo.png' })).toHaveProperty('src', 'blob:test/1');
    expect(liveRegion().textContent).toBe('Attached photo.png.');
    fireEvent.change(composer(), { target: { value: 'What is this?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(chips()).toBeNull();
    await waitFor(() => expect(model.calls).toHaveLength(1));
    expect(model.calls[0]!.prompt.at(-1)).toEqual({ role: 'user', content: [{ type: 'file', mediaType: 'image/png', filename: 'photo.png', data: png }, { type: 'text', text: 'What is this?' }] });
    const sent = await screen.findByRole('article', { name: 'You' });
    expect(within(sent).getByRole('img', { name: 'photo.png' })).toHaveProperty('src', 'blob:test/2');
    // The composer's preview is revoked once the message is sent.
    await waitFor(() => expect(revoked).toContain('blob:test/1'));
    expect((composer() as HTMLTextAreaElement).value).toBe('');
  });

  it('a file can be sent without text, and other files show as chips with name and size', async () => {
    const { model, pick, chips } = setup();
    pick(notes());
    expect(within(chips()!).getByText('notes.md')).toBeTruthy();
    expect(within(chips()!).getByText('8 B')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(model.calls).toHaveLength(1));
    // The system gave no type: the name's ending did.
    expect(model.calls[0]!.prompt.at(-1)).toEqual({ role: 'user', content: [{ type: 'file', mediaType: 'text/markdown', filename: 'notes.md', data: btoa('# Notes\n') }] });
    const sent = await screen.findByRole('article', { name: 'You' });
    expect(within(sent).getByText('notes.md')).toBeTruthy();
  });

  it('a pasted image is attached, and pasted text is still typed', () => {
    const { composer, chips } = setup();
    fireEvent.paste(composer(), { clipboardData: { files: [photo()], getData: () => '' } });
    expect(within(chips()!).getByRole('img', { name: 'photo.png' })).toBeTruthy();
    const pastedText = fireEvent.paste(composer(), { clipboardData: { files: [], getData: () => 'hello' } });
    expect(pastedText).toBe(true);
    expect(within(chips()!).getAllByRole('listitem')).toHaveLength(1);
  });

  it('dropping files shows a drop state while they are over the composer, then attaches them', () => {
    const { composer, chips } = setup();
    const form = composer().closest('form')!;
    const dataTransfer = { types: ['Files'], files: [notes()], dropEffect: 'none' };
    fireEvent.dragEnter(form, { dataTransfer });
    expect(form.getAttribute('data-dragging')).toBe('true');
    expect(screen.getByText('Drop files to attach')).toBeTruthy();
    fireEvent.drop(form, { dataTransfer });
    expect(form.hasAttribute('data-dragging')).toBe(false);
    expect(screen.queryByText('Drop files to attach')).toBeNull();
    expect(within(chips()!).getByText('notes.md')).toBeTruthy();
    // Dragging text from the page is not a file drop.
    fireEvent.dragEnter(form, { dataTransfer: { types: ['text/plain'], files: [] } });
    expect(form.hasAttribute('data-dragging')).toBe(false);
  });

  it('a file too large or of a type not accepted is not attached, and a message says why', () => {
    const { pick, chips } = setup({ maxSize: 50, accept: ['image/*', '.csv'] });
    pick(photo());
    expect(problem()).toBe('photo.png is 68 B; files can be up to 50 B.');
    expect(chips()).toBeNull();
    pick(new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }));
    expect(problem()).toBe('report.pdf (application/pdf) cannot be attached here. You can attach images and .csv.');
    pick(new File(['a,b'], 'data.csv', { type: 'text/csv' }));
    expect(within(chips()!).getByText('data.csv')).toBeTruthy();
    expect(problem()).toBe('');
  });

  it('more files than allowed: the first ones are attached, the message names the rest', () => {
    const { pick, chips } = setup({ maxFiles: 2 });
    pick(new File(['a'], 'a.txt', { type: 'text/plain' }), new File(['b'], 'b.txt', { type: 'text/plain' }), new File(['c'], 'c.txt', { type: 'text/plain' }));
    expect(within(chips()!).getAllByRole('listitem')).toHaveLength(2);
    expect(problem()).toBe('You can attach up to 2 files; c.txt was not added.');
  });

  it('removing a chip drops the file, frees its preview, says so, and returns focus to the input', () => {
    const { pick, chips, composer } = setup();
    pick(photo(), notes());
    fireEvent.click(screen.getByRole('button', { name: 'Remove photo.png' }));
    expect(revoked).toEqual(['blob:test/1']);
    expect(within(chips()!).getAllByRole('listitem')).toHaveLength(1);
    expect(liveRegion().textContent).toBe('Removed photo.png.');
    expect(document.activeElement).toBe(composer());
    fireEvent.click(screen.getByRole('button', { name: 'Remove notes.md' }));
    expect(chips()).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
  });

  it('previews are freed when the chat goes away', () => {
    const { pick } = setup();
    pick(photo());
    cleanup();
    expect(revoked).toEqual(['blob:test/1']);
  });

  it('a refused message puts its files back', async () => {
    const { agent, pick } = setup();
    const send = vi.spyOn(agent, 'send').mockRejectedValueOnce(new Error('The agent is busy.'));
    pick(photo());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(send).toHaveBeenCalledWith('', { files: [expect.any(File)] });
    expect(screen.getByRole('img', { name: 'photo.png' })).toBeTruthy();
    expect(revoked).toEqual([]);
  });

  it('attachments={false}: no attach button, and a pasted file is not attached', () => {
    const { composer, chips } = setup(false);
    expect(screen.queryByRole('button', { name: 'Attach files' })).toBeNull();
    fireEvent.paste(composer(), { clipboardData: { files: [photo()], getData: () => '' } });
    expect(chips()).toBeNull();
  });

  it('the attach button opens the picker, which accepts the configured types', () => {
    const { input } = setup({ accept: ['image/*', '.csv'] });
    const click = vi.spyOn(input(), 'click');
    fireEvent.click(screen.getByRole('button', { name: 'Attach files' }));
    expect(click).toHaveBeenCalledTimes(1);
    expect(input().getAttribute('accept')).toBe('image/*,.csv');
  });

  it('a large image costs nothing per streamed token: its part keeps its identity and its thumbnail is made once', async () => {
    const big = new Uint8Array(5_000_000);
    const model = scriptedModel([text('word '.repeat(60))], { chunkDelayMs: 20 });
    const agent = createAgent({ model });
    render(<AgentChat agent={agent} />);
    fireEvent.change(screen.getByTestId('composer-file-input'), { target: { files: [new File([big], 'big.png', { type: 'image/png' })] } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(agent.getState().messages).toHaveLength(2));
    const file = agent.getState().messages[0]!.parts[0];
    let states = 0;
    const unsubscribe = agent.subscribe(() => void states++);
    await waitFor(() => expect(agent.getState().status).toBe('idle'), { timeout: 5000 });
    unsubscribe();
    expect(states).toBeGreaterThan(10);
    expect(agent.getState().messages[0]!.parts[0]).toBe(file);
    // One preview in the composer, one thumbnail in the thread: none per token.
    expect(created).toHaveLength(2);
  });
});

describe('file names with invisible characters (issue 26, item 8)', () => {
  // "page\u202Elmth.txt" reads "pagetxt.html" where the override acts.
  const spoof = 'page\u202Elmth.txt';
  const marked = 'page[U+202E]lmth.txt';
  const raw = /[\u202E\u2066]/;
  /** Every text and attribute on the page: none may hold the characters themselves. */
  function expectNothingRaw() {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
    for (let node: Node | null = walker.currentNode; node !== null; node = walker.nextNode()) {
      if (node.nodeType === Node.TEXT_NODE) expect(node.nodeValue, 'a text on the page').not.toMatch(raw);
      else for (const attribute of (node as Element).attributes) expect(attribute.value, `${(node as Element).tagName}[${attribute.name}]`).not.toMatch(raw);
    }
  }
  const markIn = (element: Element) => [...element.querySelectorAll('.rak-invisible-char')].map((mark) => mark.getAttribute('data-code-point'));

  it('the composer\'s chips, the sent message\'s files, the announcements and the refusals mark them', async () => {
    const { model, pick, chips } = setup({ maxFiles: 2 });
    pick(new File(['hello'], spoof, { type: 'text/plain' }), new File([Uint8Array.from(atob(png), (character) => character.charCodeAt(0))], 'cat\u202Egnp.exe', { type: 'image/png' }), new File(['x'], 'b\u2066.txt', { type: 'text/plain' }));
    const [file, image] = within(chips()!).getAllByRole('listitem');
    expect(file!.textContent).toBe('pageU+202Elmth.txt5 B×');
    expect(markIn(file!)).toEqual(['U+202E']);
    expect(file!.getAttribute('title')).toBe(marked);
    expect(within(image!).getByRole('img').getAttribute('alt')).toBe('cat[U+202E]gnp.exe');
    expect(screen.getByRole('button', { name: `Remove ${marked}` })).toBeTruthy();
    expect(liveRegion().querySelector('.rak-visually-hidden')!.textContent).toBe(`Attached ${marked} and cat[U+202E]gnp.exe.`);
    expect(problem()).toBe('You can attach up to 2 files; b[U+2066].txt was not added.');
    expectNothingRaw();

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(model.calls).toHaveLength(1));
    // The model gets the name as it is.
    expect(model.calls[0]!.prompt.at(-1)).toMatchObject({ content: [{ filename: spoof }, { filename: 'cat\u202Egnp.exe' }] });
    const sent = await screen.findByRole('article', { name: 'You' });
    const [sentFile, sentImage] = within(sent).getAllByRole('listitem');
    expect(sentFile!.textContent).toBe('pageU+202Elmth.txt5 B');
    expect(markIn(sentFile!)).toEqual(['U+202E']);
    expect(sentFile!.getAttribute('title')).toBe(marked);
    expect(within(sentImage!).getByRole('img').getAttribute('alt')).toBe('cat[U+202E]gnp.exe');
    expect(sentImage!.getAttribute('title')).toBe('cat[U+202E]gnp.exe');
    expectNothingRaw();
  });

  it('a refused file and a removed one are named with their marks', () => {
    const { pick } = setup({ maxSize: 3 });
    pick(new File(['too long'], spoof, { type: 'text/plain' }));
    expect(problem()).toBe(`${marked} is 8 B; files can be up to 3 B.`);
    pick(new File([''], spoof, { type: 'text/plain' }));
    expect(problem()).toBe(`${marked} is empty.`);
    pick(new File(['ok'], spoof, { type: 'text/plain' }));
    fireEvent.click(screen.getByRole('button', { name: `Remove ${marked}` }));
    expect(liveRegion().querySelector('.rak-visually-hidden')!.textContent).toBe(`Removed ${marked}.`);
    expectNothingRaw();
  });
});
