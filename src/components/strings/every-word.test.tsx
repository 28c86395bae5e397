// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { englishStrings, type KitStrings } from './kit-strings';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

/**
 * Every word the chat shows comes from the strings set: with a set whose every word is wrapped in
 * ⟦ ⟧, no text, name, title or placeholder of the kit's own is left unwrapped, in the states of a
 * conversation (empty, a reply with a tool call and its details, an approval with its form, a
 * question, an error, the workspace). What people or the model wrote (messages, arguments, file
 * names, code) is not the kit's and is left out.
 */

afterEach(cleanup);

/** `strings` with every word marked: a string in ⟦ ⟧, and so is every sentence a function makes. */
function marked<T>(strings: T): T {
  if (typeof strings === 'string') return (strings === '' ? '' : `⟦${strings}⟧`) as T;
  if (typeof strings === 'function') return ((...args: unknown[]) => `⟦${(strings as (...args: unknown[]) => string)(...args)}⟧`) as T;
  if (typeof strings === 'object' && strings !== null) return Object.fromEntries(Object.entries(strings).map(([key, value]) => [key, marked(value)])) as T;
  return strings;
}
const pseudo: KitStrings = { ...marked(englishStrings), locale: 'en', direction: 'ltr' };

/** Where the words are not the kit's: what people, the model or tools wrote. */
const notTheKits = [
  '.rak-md',
  '.rak-json-text',
  'pre',
  'code',
  'time',
  // "+12 ms": the SI unit reads the same in every language.
  '.rak-tool-audit-time',
  '.rak-question-header',
  // The form's labels are the tool's own (its schema's titles and property names).
  '.rak-form-label',
  // Why a person is asked is said by the runtime (its permission rules), in its words.
  '.rak-approval-reason',
  'textarea',
  '.rak-tool-chip-summary',
  '.rak-reasoning-text',
  '.rak-error-text',
  '.rak-tool-error',
  '.rak-tool-audit-note',
  '.rak-tool-view',
  '.rak-question-text',
  '.rak-question-option-label',
  '.rak-question-option-description',
  '.rak-dialog-summary',
  '.rak-approval-summary',
  '.rak-approval-description',
  '.rak-tree-name',
  '.rak-viewer-title',
  '.rak-viewer-size',
  '.rak-diff-table',
  // The plan's steps are the model's words.
  '.rak-plan-text',
  // Starter prompts and follow-ups are the app's or the model's words.
  '.rak-suggestion',
  '.rak-plan-current',
  '[aria-hidden="true"]',
].join(', ');

/** The kit's own words in `root` that are not from the set. */
function unmarkedWords(root: HTMLElement): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent!.trim();
    if (words === '' || /^[\s\p{P}\p{S}\d]*$/u.test(words) || node.parentElement!.closest(notTheKits)) continue;
    if (!/^⟦[\s\S]*⟧$/.test(words)) found.push(`text "${words}" in <${node.parentElement!.tagName.toLowerCase()} class="${node.parentElement!.className}">`);
  }
  for (const element of root.querySelectorAll<HTMLElement>('[aria-label], [title], [placeholder], [alt]')) {
    if (element.closest(notTheKits) && !element.matches('textarea')) continue;
    for (const attribute of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = element.getAttribute(attribute);
      if (value && !/^[\s\p{P}\p{S}\d]*$/u.test(value) && !/^⟦[\s\S]*⟧$/.test(value)) found.push(`${attribute}="${value}" on <${element.tagName.toLowerCase()} class="${element.className}">`);
    }
  }
  return found;
}

const chat = () => screen.getByTestId('agent-chat');

describe('every word from the strings set', () => {
  it('in an empty chat, a reply with a tool call and its details, an approval with its form, and an error', async () => {
    const getWeather = defineTool({
      name: 'get_weather',
      description: 'The weather in a city.',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      execute: ({ city }: { city: string }) => ({ city, celsius: 21 }),
    });
    const sendEmail = defineTool({
      name: 'send_email',
      description: 'Sends an email.',
      inputSchema: { type: 'object', properties: { to: { type: 'string' }, urgent: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['to'] },
      needsApproval: true,
      execute: () => 'sent',
    });
    const agent = createAgent({
      model: scriptedModel([toolCall('get_weather', { city: 'Paris' }), text('Sunny.'), toolCall('send_email', { to: 'ada@example.com', urgent: false, tags: ['a'] }), text('Sent.')]),
      tools: [getWeather, sendEmail],
      sandbox: createSandbox({ files: { '/README.md': '# Hello\n' } }),
    });
    render(<AgentChat agent={agent} strings={pseudo} />);
    expect(unmarkedWords(chat())).toEqual([]);

    await act(() => agent.send('Weather?').then(() => {}));
    const chip = document.querySelector<HTMLElement>('.rak-tool-chip')!;
    fireEvent.click(within(chip).getByRole('button', { expanded: false }));
    for (const details of chip.querySelectorAll('details')) details.open = true;
    expect(unmarkedWords(chat())).toEqual([]);

    let sent!: Promise<unknown>;
    act(() => void (sent = agent.send('Email Ada')));
    const dialog = await screen.findByRole('alertdialog');
    expect(unmarkedWords(dialog)).toEqual([]);
    expect(dialog.querySelector('.rak-approval-reason')!.textContent).toContain('⟦Why you are asked: ⟧');
    expect(unmarkedWords(chat())).toEqual([]);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: '⟦Deny⟧' }));
    });
    expect(unmarkedWords(chat())).toEqual([]);
    await act(async () => {
      fireEvent.click(within(chat()).getByRole('button', { name: '⟦Confirm deny⟧' }));
      await sent;
    });
    expect(unmarkedWords(chat())).toEqual([]);
  });

  it('with a question waiting for an answer', async () => {
    const questions = [
      { question: 'Cats or dogs?', header: 'Pet', options: [{ label: 'Cats' }, { label: 'Dogs' }] },
      { question: 'Which colours?', header: 'Colours', multiSelect: true, options: [{ label: 'Red' }, { label: 'Blue' }] },
    ];
    const agent = createAgent({ model: scriptedModel([toolCall('ask_user_question', { questions }), text('Noted.')]), askUser: { allowFreeText: true } });
    render(<AgentChat agent={agent} strings={pseudo} />);
    let sent!: Promise<unknown>;
    act(() => void (sent = agent.send('Ask me')));
    await screen.findByRole('form');
    expect(unmarkedWords(chat())).toEqual([]);
    await act(async () => {
      await agent.stop();
      await sent;
    });
  });

  it('with a plan, open and closed', async () => {
    const todos = [
      { content: 'Read', status: 'completed' },
      { content: 'Write', activeForm: 'Writing', status: 'in_progress' },
      { content: 'Check', status: 'pending' },
    ];
    const agent = createAgent({ model: scriptedModel([toolCall('todo_write', { todos }), text('On it.')]), todos: true });
    render(<AgentChat agent={agent} strings={pseudo} />);
    await act(() => agent.send('Plan it').then(() => {}));
    const plan = chat().querySelector<HTMLElement>('.rak-plan')!;
    expect(plan.getAttribute('aria-label')).toBe('⟦Plan⟧');
    expect(unmarkedWords(chat())).toEqual([]);
    fireEvent.click(within(plan).getByRole('button'));
    expect(unmarkedWords(chat())).toEqual([]);
  });

  it('with voice: the microphone listening and failing, a reply being read aloud', async () => {
    const listening: { onresult?: unknown; onerror: ((event: { error: string }) => void) | null; onend: (() => void) | null }[] = [];
    class Recognition {
      onerror: ((event: { error: string }) => void) | null = null;
      onend: (() => void) | null = null;
      constructor() {
        listening.push(this);
      }
      start() {}
      stop() {}
      abort() {}
    }
    vi.stubGlobal('webkitSpeechRecognition', Recognition);
    vi.stubGlobal('speechSynthesis', { speak: () => {}, cancel: () => {} });
    vi.stubGlobal('SpeechSynthesisUtterance', class {});
    try {
      const agent = createAgent({ model: scriptedModel([text('Read **me**.')]) });
      render(<AgentChat agent={agent} strings={pseudo} dictation readAloud />);
      await act(() => agent.send('Hello').then(() => {}));
      fireEvent.click(await screen.findByRole('button', { name: '⟦Dictate⟧' }));
      fireEvent.click(await screen.findByRole('button', { name: '⟦Read aloud⟧' }));
      expect(unmarkedWords(chat())).toEqual([]);
      act(() => {
        listening[0]!.onerror?.({ error: 'not-allowed' });
        listening[0]!.onend?.();
      });
      fireEvent.click(screen.getByRole('button', { name: '⟦Stop reading⟧' }));
      expect(screen.getByRole('alert').textContent).toMatch(/^⟦.*⟧$/);
      expect(unmarkedWords(chat())).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('with starter prompts, then follow-ups after a reply', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hello.')]) });
    render(<AgentChat agent={agent} strings={pseudo} suggestions={{ starters: ['Hi', { label: 'Weather', prompt: 'Weather?' }], followUps: () => ['Why?', 'How?'] }} />);
    expect(screen.getByRole('group', { name: '⟦Suggested prompts⟧' })).toBeTruthy();
    expect(unmarkedWords(chat())).toEqual([]);
    await act(() => agent.send('Hi').then(() => {}));
    expect(await screen.findByRole('group', { name: '⟦Suggested follow-ups⟧' })).toBeTruthy();
    expect(chat().textContent).toContain('⟦2 suggested follow-ups above the message box⟧');
    expect(unmarkedWords(chat())).toEqual([]);
  });

  it('with an error to retry', async () => {
    const agent = createAgent({
      model: {
        specificationVersion: 'v3',
        provider: 'test',
        modelId: 'failing',
        supportedUrls: {},
        doGenerate: () => Promise.reject(new Error('unused')),
        doStream: () => Promise.reject(new Error('The network is down.')),
      } as never,
    });
    render(<AgentChat agent={agent} strings={pseudo} />);
    await act(() => agent.send('Hello').then(() => {}));
    await waitFor(() => expect(screen.getByRole('alert')).toBeTruthy());
    expect(unmarkedWords(chat())).toEqual([]);
  });
});
