// @vitest-environment jsdom
/**
 * Contract: what a person approves is what they see. Bidirectional controls and other invisible
 * characters in what a person decides on or reads as a name (tool arguments, paths, file names,
 * diffs, question texts and option labels) are shown as marked `U+XXXX` tokens, never as the raw
 * character: a `write_file` to `rtl/safe\u202Egnp.exe` never reads as "safeexe.png". The
 * approval dialog warns when the arguments (keys too) or the preview hold any. Attributes that
 * people meet (accessible names, tooltips) carry the same marks as text.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentChat, FileExplorer } from '../../src/components/index';
import { createAgent, type QuestionResult } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { preloadChatParts } from '../setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

const override = '\u202E';
const spoofedPath = `rtl/safe${override}gnp.exe`;
const invisible = /[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/u;

/** Every place in `element` where a person could meet a raw invisible character: text, and attributes other than data and form values. */
function rawInvisibleIn(element: Element): string[] {
  const places: string[] = [];
  if (invisible.test(element.textContent ?? '')) places.push(`text: ${JSON.stringify(element.textContent)}`);
  for (const node of [element, ...element.querySelectorAll('*')]) {
    for (const attribute of node.attributes) {
      if (attribute.name.startsWith('data-') || attribute.name === 'value') continue;
      if (invisible.test(attribute.value)) places.push(`${node.tagName.toLowerCase()}[${attribute.name}]: ${JSON.stringify(attribute.value)}`);
    }
    if (node instanceof HTMLTextAreaElement && invisible.test(node.value)) places.push(`textarea value: ${JSON.stringify(node.value)}`);
  }
  return places;
}

describe('what a person approves is what they see', () => {
  it('shows a write_file to rtl/safe\\u202Egnp.exe with a U+202E mark in the path, and warns', async () => {
    const sandbox = createSandbox();
    const model = scriptedModel([toolCall('write_file', { path: spoofedPath, content: 'MZ\n' }), text('Written.')]);
    const agent = createAgent({ model, sandbox });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Save the picture').then(() => {}));

    const dialog = screen.getByRole('alertdialog', { name: /^Run write_file/ });
    const preview = within(dialog).getByRole('region', { name: 'File change' });
    const path = preview.querySelector('.rak-approval-file-title code')!;
    expect(path.textContent).toBe('/rtl/safeU+202Egnp.exe');
    const mark = path.querySelector('.rak-invisible-char')!;
    expect(mark.textContent).toBe('U+202E');
    expect(mark.getAttribute('title')).toContain('RIGHT-TO-LEFT OVERRIDE');

    const warning = within(dialog).getByText(/invisible or direction-changing characters/).closest('.rak-invisible-warning')!;
    expect(warning.textContent).toContain('input.path contains U+202E RIGHT-TO-LEFT OVERRIDE');
    // The dialog announces the warning with its description.
    expect(dialog.getAttribute('aria-describedby')!.split(' ')).toContain(warning.id);

    // The editable arguments show the character as a JSON escape, which parses back to the same path.
    const argumentsInput = within(dialog).getByRole<HTMLTextAreaElement>('textbox', { name: /Arguments/ });
    expect(argumentsInput.value).toContain('"path": "rtl/safe\\u202Egnp.exe"');
    expect(JSON.parse(argumentsInput.value)).toEqual({ path: spoofedPath, content: 'MZ\n' });

    expect(rawInvisibleIn(dialog)).toEqual([]);
    // Behind the dialog, the tool call's card shows the same mark.
    expect(rawInvisibleIn(document.body)).toEqual([]);
    expect(document.querySelector('.rak-tool-chip .rak-invisible-char')?.textContent).toBe('U+202E');

    // Approving runs what the model asked for, unchanged.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(agent.getState().status).toBe('idle'));
    expect(agent.getState().toolCalls[0]!.originalInput).toBeUndefined();
    expect(sandbox.readFile(`/${spoofedPath}`)).toBe('MZ\n');
  });

  it('warns about an invisible character in a key, and about one typed into the editor', async () => {
    const sandbox = createSandbox();
    const model = scriptedModel([toolCall('write_file', { path: 'notes.txt', content: 'hi\n' }), text('Written.')]);
    const agent = createAgent({ model, sandbox });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Write notes').then(() => {}));
    const dialog = screen.getByRole('alertdialog', { name: /^Run write_file/ });
    expect(dialog.querySelector('.rak-invisible-warning')).toBeNull();

    // Typed into the form: the warning lists it.
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Path' }), { target: { value: 'notes\u202E.txt' } });
    expect(dialog.querySelector('.rak-invisible-warning')!.textContent).toContain('input.path contains U+202E');
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Path' }), { target: { value: 'notes.txt' } });
    expect(dialog.querySelector('.rak-invisible-warning')).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit as JSON' }));
    const argumentsInput = within(dialog).getByRole('textbox', { name: /Arguments/ });
    fireEvent.change(argumentsInput, { target: { value: '{"path": "notes.txt", "content": "hi\\n", "over\u2066write": true}' } });
    const warning = dialog.querySelector('.rak-invisible-warning')!;
    expect(warning.textContent).toContain('contains U+2066 LEFT-TO-RIGHT ISOLATE');
    expect(warning.textContent).toContain('(its key)');
    expect(warning.querySelector('.rak-invisible-char')!.textContent).toBe('U+2066');
  });

  it('shows an option label that carries U+2066 with a mark, in the question picker', async () => {
    const question = {
      question: 'Which file should I delete?',
      header: `Clean${'\u2067'}up`,
      options: [{ label: `old.log ${'\u2066'}(not config.yml)${'\u2069'}`, value: 'config.yml' }, { label: 'none' }],
    };
    const agent = createAgent({ model: scriptedModel([toolCall('ask_user_question', { questions: [question] }), text('OK.')]), askUser: true });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Tidy up').then(() => {}));

    const picker = screen.getByRole('form', { name: 'The agent has a question' });
    const option = within(picker).getByRole('radio', { name: 'old.log U+2066(not config.yml)U+2069' });
    expect(within(picker).getByText(/^old\.log/).querySelectorAll('.rak-invisible-char')).toHaveLength(2);
    expect(picker.querySelector('.rak-question-header')!.textContent).toBe('CleanU+2067up');
    expect(rawInvisibleIn(picker)).toEqual([]);

    fireEvent.click(option);
    fireEvent.click(within(picker).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(agent.getState().status).toBe('idle'));
    expect((agent.getState().toolCalls[0]!.output as QuestionResult).status).toBe('answered');
  });

  it('shows a file named safe\\u202Egnp.exe with a mark in the file explorer', () => {
    const sandbox = createSandbox({ files: { [`/${spoofedPath}`]: 'MZ\n' } });
    render(<FileExplorer sandbox={sandbox} />);
    const tree = screen.getByRole('tree', { name: 'Files' });
    fireEvent.click(within(tree).getByText('rtl'));
    // Named by what it shows (WCAG 2.5.3, label in name), the mark as displayed.
    const file = within(tree).getByRole('treeitem', { name: 'safeU+202Egnp.exe' });
    expect(file.querySelector('.rak-tree-name')!.textContent).toBe('safeU+202Egnp.exe');
    fireEvent.click(within(file).getByText(/^safe/));

    const viewer = screen.getByRole('region', { name: 'File /rtl/safe[U+202E]gnp.exe' });
    expect(viewer.querySelector('.rak-viewer-title')!.textContent).toBe('/rtl/safeU+202Egnp.exe');
    expect(rawInvisibleIn(document.body)).toEqual([]);
  });
});
