// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../core/index';
import { hangingModel, scriptedModel, text } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { dictationPart } from '../composer/composer';
import type { DictationOptions } from './dictation-options';

beforeAll(() => dictationPart.preload());
beforeEach(() => {
  FakeRecognition.instances = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Result = readonly [transcript: string, isFinal: boolean];

/** A `SpeechRecognition` the test drives: it says what it heard, fails, or ends. */
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((event: { results: ArrayLike<{ isFinal: boolean; 0: { transcript: string } }> }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  started = false;
  stopped = false;
  aborted = false;
  constructor() {
    FakeRecognition.instances.push(this);
  }
  start() {
    this.started = true;
  }
  stop() {
    this.stopped = true;
  }
  abort() {
    this.aborted = true;
    this.onerror?.({ error: 'aborted' });
    this.onend?.();
  }
  /** Every result of the session so far, as the browser sends them. */
  hear(results: readonly Result[]) {
    act(() => this.onresult?.({ results: results.map(([transcript, isFinal]) => ({ isFinal, 0: { transcript } })) }));
  }
  fail(error: string) {
    act(() => {
      this.onerror?.({ error });
      this.onend?.();
    });
  }
  end() {
    act(() => this.onend?.());
  }
}

const recognition = () => FakeRecognition.instances.at(-1)!;
const input = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
const microphone = () => screen.findByRole('button', { name: 'Dictate' });
const note = () => document.querySelector('.rak-composer-dictation-note')!;

function chat(dictation: boolean | DictationOptions | undefined, model = scriptedModel([text('Done.')])) {
  const agent = createAgent({ model });
  render(<AgentChat agent={agent} dictation={dictation} />);
  return agent;
}

describe('Dictation with the browser’s speech recognition', () => {
  it('shows the words in the input as they come, after what was typed, with the microphone pressed and a line saying it listens', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    chat(true);
    fireEvent.change(input(), { target: { value: 'Hello ' } });
    const button = await microphone();
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(note().getAttribute('role')).toBe('status');
    expect(note().textContent).toBe('');

    fireEvent.click(button);
    expect(recognition()).toMatchObject({ started: true, continuous: true, interimResults: true });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(note().textContent).toBe('Listening… Press the microphone to finish, Escape to cancel.');

    recognition().hear([['how are', false]]);
    expect(input().value).toBe('Hello how are');
    recognition().hear([['how are you', true], [' today', false]]);
    expect(input().value).toBe('Hello how are you today');
    recognition().hear([['how are you', true], [' today?', true]]);

    // Pressed again: it finishes, and the words stay.
    fireEvent.click(button);
    expect(recognition().stopped).toBe(true);
    recognition().end();
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(note().textContent).toBe('');
    expect(input().value).toBe('Hello how are you today?');
    expect(document.activeElement).toBe(input());
  });

  it('Escape cancels: the input goes back to what it was, it is announced, and a running reply goes on', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const agent = chat(true, hangingModel());
    await act(async () => {
      void agent.send('Work on it').catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(agent.getState().status).toBe('running');
    const stop = vi.spyOn(agent, 'stop');
    fireEvent.change(input(), { target: { value: 'Draft' } });
    fireEvent.click(await microphone());
    recognition().hear([['and more words', false]]);
    expect(input().value).toBe('Draft and more words');

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(input().value).toBe('Draft');
    expect(recognition().aborted).toBe(true);
    expect(note().textContent).toBe('Dictation cancelled.');
    expect(screen.getByRole('button', { name: 'Dictate' }).getAttribute('aria-pressed')).toBe('false');
    expect(stop).not.toHaveBeenCalled();
    expect(agent.getState().status).toBe('running');

    // Escape without dictation stops the reply, as before.
    await act(async () => {
      fireEvent.keyDown(input(), { key: 'Escape' });
    });
    expect(stop).toHaveBeenCalledTimes(1);
  });

  it('Escape on the pressed microphone cancels too', async () => {
    vi.stubGlobal('SpeechRecognition', FakeRecognition);
    chat(true);
    const button = await microphone();
    fireEvent.click(button);
    recognition().hear([['words', false]]);
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(input().value).toBe('');
    expect(recognition().aborted).toBe(true);
  });

  it('says plainly what went wrong: a blocked microphone, none at all, no network', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    chat(true);
    const button = await microphone();
    const cases: [string, string][] = [
      ['not-allowed', 'The microphone is blocked. Allow it in the browser’s settings for this site to dictate.'],
      ['audio-capture', 'No microphone was found. Connect one to dictate.'],
      ['network', 'Dictation needs the network, and the connection failed. Try again.'],
    ];
    for (const [error, message] of cases) {
      fireEvent.click(button);
      recognition().fail(error);
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(button.getAttribute('aria-pressed')).toBe('false');
      expect(note().textContent).toBe('');
    }
    // Trying again clears the problem.
    fireEvent.click(button);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops listening when the message is sent with Enter, and adds nothing after', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    const agent = chat(true);
    const send = vi.spyOn(agent, 'send');
    fireEvent.click(await microphone());
    recognition().hear([['send this', false]]);
    await act(async () => {
      fireEvent.keyDown(input(), { key: 'Enter' });
    });
    expect(send).toHaveBeenCalledWith('send this', undefined);
    expect(recognition().aborted).toBe(true);
    recognition().hear([['send this later', true]]);
    expect(input().value).toBe('');
  });

  it('stops listening when people type, keeping what the input holds', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    chat(true);
    fireEvent.click(await microphone());
    recognition().hear([['spoken', false]]);
    fireEvent.input(input(), { target: { value: 'spoken and typed' } });
    expect(recognition().aborted).toBe(true);
    recognition().hear([['spoken later', true]]);
    expect(input().value).toBe('spoken and typed');
    expect(screen.getByRole('button', { name: 'Dictate' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('is hidden when off, and where the browser cannot recognize speech and there is no transcribe', async () => {
    vi.stubGlobal('webkitSpeechRecognition', FakeRecognition);
    chat(undefined);
    await act(() => dictationPart.preload());
    expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
    cleanup();
    vi.unstubAllGlobals();
    chat(true);
    await act(() => dictationPart.preload());
    expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
  });
});

/** A `MediaRecorder` that records one chunk; a microphone whose track can be stopped. */
function stubRecording(getUserMedia: () => Promise<unknown>) {
  class FakeMediaRecorder {
    state: 'inactive' | 'recording' = 'inactive';
    mimeType = 'audio/webm';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    start() {
      this.state = 'recording';
    }
    stop() {
      this.state = 'inactive';
      this.ondataavailable?.({ data: new Blob(['voice'], { type: 'audio/webm' }) });
      this.onstop?.();
    }
  }
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(getUserMedia) } });
}

describe('Dictation with a transcribe adapter', () => {
  it('records, turns the recording into text with the adapter, and puts it in the input', async () => {
    const track = { stop: vi.fn() };
    stubRecording(async () => ({ getTracks: () => [track] }));
    let finishTranscript!: (text: string) => void;
    const transcribe = vi.fn((_audio: Blob, _options: { signal: AbortSignal; lang?: string }) => new Promise<string>((resolve) => (finishTranscript = resolve)));
    chat({ transcribe, lang: 'en-GB' });
    const button = await microphone();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(note().textContent).toBe('Listening… Press the microphone to finish, Escape to cancel.');

    fireEvent.click(button);
    expect(note().textContent).toBe('Turning your speech into text…');
    expect(track.stop).toHaveBeenCalled();
    const [audio, options] = transcribe.mock.calls[0]!;
    expect(audio.type).toBe('audio/webm');
    expect(audio.size).toBe('voice'.length);
    expect(options.lang).toBe('en-GB');

    await act(async () => finishTranscript('  Dictated   words. '));
    expect(input().value).toBe('Dictated words.');
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(note().textContent).toBe('');
  });

  it('Escape while the recording is turned into text aborts the adapter and keeps the input as it was', async () => {
    stubRecording(async () => ({ getTracks: () => [] }));
    let signal!: AbortSignal;
    const transcribe = vi.fn((_audio: Blob, options: { signal: AbortSignal }) => {
      signal = options.signal;
      return new Promise<string>(() => {});
    });
    chat({ transcribe });
    fireEvent.change(input(), { target: { value: 'Kept' } });
    const button = await microphone();
    await act(async () => {
      fireEvent.click(button);
    });
    fireEvent.click(button);
    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(signal.aborted).toBe(true);
    expect(input().value).toBe('Kept');
    expect(note().textContent).toBe('Dictation cancelled.');
  });

  it('says so when the microphone is blocked, and when the transcription cannot reach its server', async () => {
    stubRecording(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    const transcribe = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    chat({ transcribe });
    await act(async () => {
      fireEvent.click(await microphone());
    });
    expect(screen.getByRole('alert').textContent).toBe('The microphone is blocked. Allow it in the browser’s settings for this site to dictate.');
    cleanup();
    vi.unstubAllGlobals();

    stubRecording(async () => ({ getTracks: () => [] }));
    chat({ transcribe });
    const button = await microphone();
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(screen.getByRole('alert').textContent).toBe('Dictation needs the network, and the connection failed. Try again.');
  });

  it('says no speech was heard when the transcript is empty, and leaves the input as it was', async () => {
    stubRecording(async () => ({ getTracks: () => [] }));
    chat({ transcribe: async () => '  ' });
    fireEvent.change(input(), { target: { value: 'Before' } });
    const button = await microphone();
    await act(async () => {
      fireEvent.click(button);
    });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(screen.getByRole('alert').textContent).toBe('No speech was heard. Try again.');
    expect(input().value).toBe('Before');
  });

  it('is hidden where the page cannot record', async () => {
    chat({ transcribe: async () => 'never' });
    await act(() => dictationPart.preload());
    expect(screen.queryByRole('button', { name: 'Dictate' })).toBeNull();
  });
});
