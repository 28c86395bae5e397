// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../core/index';
import { scriptedModel, text } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { germanStrings } from '../locales/german-strings';
import { readAloudPart } from './read-aloud-slot';

beforeAll(() => readAloudPart.preload());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

class FakeUtterance {
  lang = '';
  onend: (() => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

/** A `speechSynthesis` that records what it is asked to say; the test ends each utterance. */
function stubSpeechSynthesis() {
  const spoken: FakeUtterance[] = [];
  let speaking: FakeUtterance | undefined;
  const synthesis = {
    spoken,
    speak: vi.fn((utterance: FakeUtterance) => {
      spoken.push(utterance);
      speaking = utterance;
    }),
    cancel: vi.fn(() => {
      const interrupted = speaking;
      speaking = undefined;
      interrupted?.onerror?.({ error: 'interrupted' });
    }),
    /** The voice reaches the end of what it says now. */
    end: () =>
      act(async () => {
        speaking?.onend?.();
      }),
    fail: (error: string) =>
      act(async () => {
        speaking?.onerror?.({ error });
      }),
  };
  vi.stubGlobal('speechSynthesis', synthesis);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return synthesis;
}

const replies = () => screen.queryAllByRole('article', { name: 'Assistant' });

async function chatWith(replyTexts: string[], props: Partial<Parameters<typeof AgentChat>[0]> = { readAloud: true }) {
  const agent = createAgent({ model: scriptedModel(replyTexts.map((reply) => text(reply))) });
  render(<AgentChat agent={agent} {...props} />);
  for (const [index] of replyTexts.entries()) await act(() => agent.send(`question ${index}`).then(() => {}));
  return agent;
}

describe('Read aloud', () => {
  it('speaks a finished reply without its markup, skipping code, says "Stop reading" meanwhile and announces it', async () => {
    const synthesis = stubSpeechSynthesis();
    await chatWith(['# Plan\n\n**Open** [the docs](https://example.com/docs) and run `npm test`:\n\n```sh\nnpm test\n```\n\n| Step | Time |\n| --- | --- |\n| Build | 2 s |']);
    const reply = replies()[0]!;
    const button = await within(reply).findByRole('button', { name: 'Read aloud' });
    // The polite status is in the page before anything is read, so its change is announced.
    const status = button.nextElementSibling!;
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');
    fireEvent.click(button);

    expect(within(reply).getByRole('button', { name: 'Stop reading' })).toBeTruthy();
    expect(status.textContent).toBe('Reading the reply aloud.');
    for (let index = 0; index < 5; index++) await synthesis.end();
    expect(synthesis.spoken.map((utterance) => utterance.text)).toEqual(['Plan.', 'Open the docs and run npm test:', 'Code block skipped.', 'Step, Time.', 'Build, 2 s.']);
    expect(synthesis.spoken.map((utterance) => utterance.text).join(' ')).not.toMatch(/https:|\*\*|#|```|\|/);
    // Read to the end: the button is back.
    expect(within(reply).getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('reads one reply at a time across the chat: starting another stops the first', async () => {
    const synthesis = stubSpeechSynthesis();
    await chatWith(['First reply.', 'Second reply.']);
    const [first, second] = replies();
    fireEvent.click(await within(first!).findByRole('button', { name: 'Read aloud' }));
    fireEvent.click(await within(second!).findByRole('button', { name: 'Read aloud' }));

    expect(synthesis.cancel).toHaveBeenCalled();
    expect(within(first!).getByRole('button', { name: 'Read aloud' })).toBeTruthy();
    expect(within(second!).getByRole('button', { name: 'Stop reading' })).toBeTruthy();
    expect(synthesis.spoken.map((utterance) => utterance.text)).toEqual(['First reply.', 'Second reply.']);
    // The first one, replaced, does not say it stopped: the second says it reads.
    expect(within(first!).queryByText('Stopped reading.')).toBeNull();
  });

  it('stops on "Stop reading", and says so; a voice that fails says that', async () => {
    const synthesis = stubSpeechSynthesis();
    await chatWith(['One. Two.']);
    const reply = replies()[0]!;
    fireEvent.click(await within(reply).findByRole('button', { name: 'Read aloud' }));
    fireEvent.click(within(reply).getByRole('button', { name: 'Stop reading' }));
    expect(synthesis.cancel).toHaveBeenCalled();
    expect(within(reply).getByRole('button', { name: 'Read aloud' })).toBeTruthy();
    expect(within(reply).getByText('Stopped reading.')).toBeTruthy();

    fireEvent.click(within(reply).getByRole('button', { name: 'Read aloud' }));
    await synthesis.fail('synthesis-failed');
    expect(within(reply).getByText('The reply could not be read aloud.')).toBeTruthy();
    expect(within(reply).getByRole('button', { name: 'Read aloud' })).toBeTruthy();
  });

  it('is a real button that works from the keyboard, in the chat’s language', async () => {
    const synthesis = stubSpeechSynthesis();
    await chatWith(['Hallo **Welt**.'], { readAloud: true, strings: germanStrings });
    const button = await within(screen.getAllByRole('article')[1]!).findByRole('button', { name: 'Vorlesen' });
    expect(button.tagName).toBe('BUTTON');
    button.focus();
    // A native button turns Enter and Space into a click; jsdom does not, so the click stands for it.
    fireEvent.click(button);
    expect(synthesis.spoken[0]).toMatchObject({ text: 'Hallo Welt.', lang: 'de' });
    expect(screen.getByRole('button', { name: 'Vorlesen beenden' })).toBe(document.activeElement);
  });

  it('uses the app’s speak adapter, which gets the text and a signal that aborts on stop', async () => {
    let signal!: AbortSignal;
    const speak = vi.fn((spokenText: string, options: { signal: AbortSignal; lang?: string }) => {
      signal = options.signal;
      return new Promise<void>(() => {});
    });
    await chatWith(['Say *this*.\n\n```js\nx()\n```'], { readAloud: { speak, lang: 'en-GB' } });
    const reply = replies()[0]!;
    fireEvent.click(await within(reply).findByRole('button', { name: 'Read aloud' }));
    expect(speak).toHaveBeenCalledWith('Say this.\nCode block skipped.', expect.objectContaining({ lang: 'en-GB' }));
    expect(signal.aborted).toBe(false);
    fireEvent.click(within(reply).getByRole('button', { name: 'Stop reading' }));
    expect(signal.aborted).toBe(true);
  });

  it('is hidden when off, and where nothing can speak', async () => {
    stubSpeechSynthesis();
    await chatWith(['Off by default.'], {});
    expect(within(replies()[0]!).queryByRole('button', { name: 'Read aloud' })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    vi.stubGlobal('speechSynthesis', undefined);
    await chatWith(['No voice here.'], { readAloud: true });
    expect(within(replies()[0]!).getByRole('button', { name: 'Copy reply' })).toBeTruthy();
    expect(within(replies()[0]!).queryByRole('button', { name: 'Read aloud' })).toBeNull();
  });
});
