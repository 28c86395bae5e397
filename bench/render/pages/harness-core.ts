/**
 * The page side of the render benchmark without any framework, shared by every page (the floor
 * imports only this, so it loads no React). A page reads its scenario from the URL
 * (`?mode=stream|first-render|…&seed=N&tokens=N&pace=MS`), prepares what is not measured, then
 * waits for the runner to call `window.benchRun()`, which does the measured work, waits until the
 * result is on screen and the page is quiet, and reports wall time, long tasks and the element
 * count. The runner measures main-thread time around that call (CDP `Performance.getMetrics`).
 * The runner's build puts this module, the content and the token source in a chunk of their own,
 * left out of every page's up-front bytes.
 */
import { earlierMessages, replySentinel, replyTokens, type SeedMessage } from './content';
import { tokenSource } from './token-source';

/** What each variant implements. */
export interface Variant {
  /** The element whose last children are the last messages (where the reply shows). */
  threadSelector: string;
  /** Renders the app with `seed` as the earlier messages; resolves once it is in the document. */
  mount(container: HTMLElement, seed: readonly SeedMessage[]): Promise<void>;
  /**
   * Sends `text` as a user message and streams `reply` (opened when the library asks for its
   * response) as the assistant's answer; resolves when the library says the reply is complete.
   */
  send(text: string, reply: () => ReadableStream<string>): Promise<void>;
}

/** A page that measures one piece of work of its own (the kit-only scenarios). */
export interface MeasuredPage {
  /** Not measured: e.g. storing what the measured work loads. */
  prepare(parameters: URLSearchParams): Promise<void>;
  /** Measured: resolves once the result is on screen. */
  run(container: HTMLElement): Promise<void>;
}

export interface BenchRunResult {
  wallMs: number;
  /** The longest long tasks: [start after the run began, duration], ms. */
  longTasks: Array<[number, number]>;
  longTaskCount: number;
  longTaskMaxMs: number;
  longTaskTotalMs: number;
  elements: number;
}

declare global {
  interface Window {
    benchReady?: boolean;
    benchError?: string;
    benchRun?: () => Promise<BenchRunResult>;
  }
}

const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask' });

/** Two animation frames and a task: the committed DOM has been laid out and painted at least once. */
export function settle(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/**
 * Frames until three in a row come within 50 ms of each other: work that the app scheduled after
 * its commit (measuring, effects, idle work) has run, so it is measured too. At most 300 frames.
 */
async function quiet(): Promise<void> {
  let last = performance.now();
  for (let frame = 0, calm = 0; frame < 300 && calm < 3; frame++) {
    await new Promise(requestAnimationFrame);
    const now = performance.now();
    calm = now - last < 50 ? calm + 1 : 0;
    last = now;
  }
}

/** Runs `work`, waits until the page is painted and quiet, and reports what it cost. */
async function measured(work: () => Promise<void>): Promise<BenchRunResult> {
  const startedAt = performance.now();
  await work();
  await settle();
  await quiet();
  const wallMs = performance.now() - startedAt;
  // Long-task entries arrive asynchronously, after the task ended.
  await new Promise((resolve) => setTimeout(resolve, 100));
  // Every task that overlaps the run: the one that calls benchRun began a little before `startedAt`,
  // and an app may do all its work in it (a burst that arrives at once is read in microtasks).
  const during = longTasks.filter((entry) => entry.startTime + entry.duration >= startedAt && entry.startTime <= startedAt + wallMs);
  return {
    wallMs,
    longTasks: [...during]
      .sort((a, b) => b.duration - a.duration)
      .slice(0, 10)
      .map((entry) => [Math.round(entry.startTime - startedAt), Math.round(entry.duration)]),
    longTaskCount: during.length,
    longTaskMaxMs: Math.max(0, ...during.map((entry) => entry.duration)),
    longTaskTotalMs: during.reduce((sum, entry) => sum + entry.duration, 0),
    elements: document.getElementsByTagName('*').length,
  };
}

/**
 * Frames until one of the last three children of `threadSelector` contains `sentinel` (the
 * library may say "done" before it painted it). After 600 frames it looks in the whole container
 * (the variant's markup may have changed) before it gives up.
 */
export async function untilShown(container: HTMLElement, threadSelector: string, sentinel: string): Promise<void> {
  const shown = (): boolean => {
    let element = document.querySelector(threadSelector)?.lastElementChild;
    for (let checked = 0; element && checked < 3; checked++, element = element.previousElementSibling) {
      if (element.textContent?.includes(sentinel)) return true;
    }
    return false;
  };
  for (let frame = 0; !shown(); frame++) {
    if (frame === 600) {
      if (container.textContent?.includes(sentinel)) return;
      throw new Error(`"${sentinel}" is not on the page (thread: ${threadSelector}).`);
    }
    await settle();
  }
}

function reportError(error: unknown): void {
  window.benchError = String(error instanceof Error ? (error.stack ?? error.message) : error);
}

/** Starts the page for `variant`: mounts it (unless the mount is what is measured) and exposes `benchRun`. */
export function startBench(variant: Variant): void {
  try {
    prepareBench(variant);
  } catch (error) {
    reportError(error);
  }
}

/** Starts a page that measures work of its own: `prepare`, then `benchRun` runs `run`. */
export function startMeasured(page: MeasuredPage): void {
  const container = document.getElementById('root')!;
  page
    .prepare(new URLSearchParams(location.search))
    .then(() => {
      window.benchRun = () => measured(() => page.run(container));
      window.benchReady = true;
    })
    .catch(reportError);
}

function prepareBench(variant: Variant): void {
  const parameters = new URLSearchParams(location.search);
  const mode = parameters.get('mode') ?? 'stream';
  const seed = earlierMessages(Number(parameters.get('seed') ?? 0));
  const tokens = replyTokens(Number(parameters.get('tokens') ?? 1000));
  const paceMs = Number(parameters.get('pace') ?? 5);
  const container = document.getElementById('root')!;

  const prepare = async () => {
    if (mode === 'first-render') {
      window.benchRun = () => measured(() => variant.mount(container, seed));
    } else {
      await variant.mount(container, seed);
      await settle();
      window.benchRun = () =>
        measured(async () => {
          await variant.send('Please go on.', () => tokenSource(tokens, paceMs));
          await untilShown(container, variant.threadSelector, replySentinel);
        });
    }
    window.benchReady = true;
  };
  prepare().catch(reportError);
}
