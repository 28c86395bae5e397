import type { BrowserContext, Page } from 'playwright-core';

/**
 * Stand-ins for the browser's speech APIs (headless Chromium has no voice and no microphone), put
 * into the page before it loads, and a record of what the page says to assistive technology:
 *
 * - `SpeechRecognition` / `webkitSpeechRecognition`: started, it sends interim words at once
 *   (`interimWords`); the final words (`finalWords`) come when the test calls `sayFinalWords(page)`;
 *   `stop()` ends it, `abort()` ends it with an `aborted` error, as Chromium does. Every call is in
 *   `window.__recognitionCalls`.
 * - `speechSynthesis` / `SpeechSynthesisUtterance`: each utterance's text and language go to
 *   `window.__spoken`, and its `onend` fires on the next task.
 * - `window.__announced`: each new text of a live region (`role="status"`, `role="alert"`,
 *   `aria-live`), in order, as a screen reader would hear it.
 *
 * @example
 * const { page } = await openPlayground('', { beforeLoad: installFakeSpeech });
 * expect(await spoken(page)).toContain('Markdown tour.');
 */

export const interimWords = 'what is the';
export const finalWords = 'What is the weather in Paris';

interface SpeechWindow {
  __spoken: { text: string; lang: string }[];
  __recognitionCalls: string[];
  __announced: string[];
  __sayFinalWords: () => void;
}

function fakeSpeech({ interim, final }: { interim: string; final: string }): void {
  // Init scripts run in every frame; only the page itself dictates and reads aloud.
  if (window !== window.top) return;
  const scope = window as unknown as SpeechWindow & Record<string, unknown>;
  scope.__spoken = [];
  scope.__recognitionCalls = [];
  scope.__announced = [];

  type Handler = ((event: object) => void) | null;
  // The recognition listening now, for `__sayFinalWords`.
  const listening = new Set<FakeRecognition>();
  class FakeRecognition {
    continuous = false;
    interimResults = false;
    lang = '';
    onresult: Handler = null;
    onerror: Handler = null;
    onend: Handler = null;
    private over = false;
    start(): void {
      scope.__recognitionCalls.push(`start continuous=${this.continuous} interim=${this.interimResults}`);
      listening.add(this);
      setTimeout(() => this.results([[interim, false]]));
    }
    stop(): void {
      scope.__recognitionCalls.push('stop');
      setTimeout(() => this.end());
    }
    abort(): void {
      scope.__recognitionCalls.push('abort');
      setTimeout(() => {
        if (this.over) return;
        this.onerror?.({ error: 'aborted' });
        this.end();
      });
    }
    results(list: [string, boolean][]): void {
      if (this.over) return;
      // SpeechRecognitionResultList: results[i].isFinal, results[i][0].transcript.
      const results = list.map(([transcript, isFinal]) => Object.assign([{ transcript, confidence: 0.9 }], { isFinal }));
      this.onresult?.({ resultIndex: 0, results });
    }
    end(): void {
      if (this.over) return;
      this.over = true;
      listening.delete(this);
      this.onend?.({});
    }
  }
  scope.__sayFinalWords = () => listening.forEach((recognition) => recognition.results([[final, true]]));
  Object.defineProperty(window, 'SpeechRecognition', { value: FakeRecognition, configurable: true, writable: true });
  Object.defineProperty(window, 'webkitSpeechRecognition', { value: FakeRecognition, configurable: true, writable: true });

  class FakeUtterance {
    text: string;
    lang = '';
    onend: Handler = null;
    onerror: Handler = null;
    constructor(text = '') {
      this.text = text;
    }
  }
  const synthesis = {
    speaking: false,
    pending: false,
    paused: false,
    onvoiceschanged: null,
    speak(utterance: FakeUtterance) {
      scope.__spoken.push({ text: utterance.text, lang: utterance.lang });
      setTimeout(() => utterance.onend?.({}));
    },
    cancel() {},
    pause() {},
    resume() {},
    getVoices: () => [],
    addEventListener() {},
    removeEventListener() {},
  };
  Object.defineProperty(window, 'speechSynthesis', { value: synthesis, configurable: true, writable: true });
  Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true, writable: true });

  // What live regions say, in order: each region's new non-empty text, once per change.
  const lastSaid = new WeakMap<Element, string>();
  const liveRegion = (node: Node | null): Element | null => {
    const element = node instanceof Element ? node : (node?.parentElement ?? null);
    return element?.closest('[role="status"], [role="alert"], [aria-live]:not([aria-live="off"])') ?? null;
  };
  const observer = new MutationObserver((mutations) => {
    const regions = new Set<Element>();
    for (const mutation of mutations) {
      const region = liveRegion(mutation.target);
      if (region) regions.add(region);
      for (const added of mutation.addedNodes) {
        if (added instanceof Element && added.matches('[role="status"], [role="alert"]')) regions.add(added);
      }
    }
    for (const region of regions) {
      const text = (region.textContent ?? '').trim();
      if (text !== '' && lastSaid.get(region) !== text) scope.__announced.push(text);
      lastSaid.set(region, text);
    }
  });
  const observe = () => observer.observe(document.documentElement, { subtree: true, childList: true, characterData: true });
  if (document.documentElement) observe();
  else document.addEventListener('readystatechange', observe, { once: true });
}

/** Puts the fakes into every page of `context` before it loads (`openPlayground`'s `beforeLoad`). */
export async function installFakeSpeech(context: BrowserContext): Promise<void> {
  await context.addInitScript(fakeSpeech, { interim: interimWords, final: finalWords });
}

/** The lines given to `speechSynthesis.speak`, in order. */
export function spoken(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as SpeechWindow).__spoken.map((utterance) => utterance.text));
}

/** Every call the page made on a speech recognition (`start ...`, `stop`, `abort`), in order. */
export function recognitionCalls(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as SpeechWindow).__recognitionCalls]);
}

/** What live regions have said so far, in order. */
export function announced(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as SpeechWindow).__announced]);
}

/** The listening recognition hears its final words. */
export async function sayFinalWords(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as SpeechWindow).__sayFinalWords());
}
