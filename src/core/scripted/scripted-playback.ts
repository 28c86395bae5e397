/**
 * The scripted model's playback: a plan played as a `ReadableStream`, paced by timers, ended by
 * an abort of the call or a cancel by the reader.
 */
import type { PlanEntry } from './scripted-plan';
import type { ScriptedStreamPart } from './scripted-model-types';

/** The error an aborted call fails with: the signal's reason, or an `AbortError`. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
}

/**
 * Plays a plan as a stream, pulled by the reader. Without delays no timer is ever set. An abort
 * errors the stream with the signal's reason (as `fetch`-based providers do) and a cancel by
 * the reader stops it; both clear the pending timer.
 */
export function playPlan(
  plan: readonly PlanEntry[],
  signal: AbortSignal | undefined,
  chunkDelay: (chunkIndex: number) => number,
): ReadableStream<ScriptedStreamPart> {
  let next = 0;
  let pacedCount = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  let onAbort: (() => void) | undefined;

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      wake = resolve;
      // An infinite pause sets no timer: only an abort or a cancel ends it.
      if (Number.isFinite(ms)) timer = setTimeout(resolve, ms);
    });
  const stop = (): void => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    wake?.();
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  };

  return new ReadableStream<ScriptedStreamPart>({
    start(controller) {
      if (signal === undefined) return;
      onAbort = () => {
        if (stopped) return;
        stop();
        controller.error(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      while (!stopped) {
        const entry = plan[next];
        next += 1;
        if (entry === undefined) {
          stop();
          controller.close();
          return;
        }
        if ('pauseMs' in entry) {
          if (entry.pauseMs > 0) await wait(entry.pauseMs);
          continue;
        }
        if (entry.paced) {
          const ms = chunkDelay(pacedCount);
          pacedCount += 1;
          if (ms > 0) await wait(ms);
          if (stopped) return;
        }
        controller.enqueue(entry.part);
        return;
      }
    },
    cancel() {
      stop();
    },
  });
}
