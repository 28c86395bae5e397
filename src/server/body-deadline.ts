/**
 * A request body's deadline that moves with the body: a body that keeps arriving is not cut,
 * however long it is and however slow the client's uplink, while one that stalls, or trickles in
 * slower than a minimum rate, is. Two rules, checked together:
 *
 * - idle: no byte for `idleMs` (counted from the start until the first byte) ends it;
 * - rate: at any time the body may have taken `idleMs` plus one second per `minBytesPerSecond`
 *   bytes received so far; past that it ends too (a client that sends a byte just before each
 *   idle deadline cannot hold a connection, and what it holds, for long).
 *
 * A fixed deadline for the whole body made the size limit and the deadline contradict each
 * other: 32 MiB in 30 s needs more than 1 MB/s of uplink.
 */

/** How long a body may take, by how it moves. */
export interface BodyPace {
  /** Longest gap between two bytes (and before the first), in milliseconds. `Infinity`: none. */
  idleMs: number;
  /** The slowest average a body may arrive at, in bytes a second, after its first `idleMs`. */
  minBytesPerSecond: number;
}

/** A running deadline: told of every byte, it calls `expire` once if the body falls behind. */
export interface BodyDeadline {
  /** `bytes` more arrived. */
  progress(bytes: number): void;
  /** The body ended (or no one waits for it any more): the deadline never fires. */
  stop(): void;
}

/**
 * Starts the deadline now. The check runs on a timer set for the earliest moment the body could
 * fall behind, and is set again from there, so a body of many small chunks costs no timer work per chunk.
 *
 * @example
 * ```ts
 * const deadline = bodyDeadline({ idleMs: 30_000, minBytesPerSecond: 8192 }, () => reader.cancel());
 * for (const chunk of chunks) deadline.progress(chunk.byteLength);
 * deadline.stop();
 * ```
 */
export function bodyDeadline(pace: BodyPace, expire: () => void): BodyDeadline {
  const started = Date.now();
  let lastProgress = started;
  let received = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  /** When the body falls behind unless more arrives first. */
  const due = () => Math.min(lastProgress + pace.idleMs, started + pace.idleMs + (received * 1000) / pace.minBytesPerSecond);

  const arm = () => {
    const wait = Math.max(0, due() - Date.now());
    // A deadline past what a timer can hold (`Infinity`) means none.
    if (wait > maxTimerMs) return;
    timer = setTimeout(check, wait);
    (timer as { unref?: () => void }).unref?.();
  };
  const check = () => {
    timer = undefined;
    if (stopped) return;
    if (Date.now() >= due()) {
      stopped = true;
      expire();
    } else arm();
  };
  arm();

  return {
    progress(bytes) {
      if (stopped) return;
      received += bytes;
      lastProgress = Date.now();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/**
 * Checks the options of a pace, for the error message of the function that takes them.
 *
 * @example
 * ```ts
 * const pace = bodyPace('createAgentHandler', options.bodyTimeoutMs, options.minBodyBytesPerSecond);
 * ```
 */
export function bodyPace(owner: string, idleMs: number | undefined, minBytesPerSecond: number | undefined): BodyPace {
  return {
    idleMs: positive(owner, 'bodyTimeoutMs', idleMs, defaultBodyIdleMs),
    minBytesPerSecond: positive(owner, 'minBodyBytesPerSecond', minBytesPerSecond, defaultMinBodyBytesPerSecond),
  };
}

/** The default longest silence of a body: 30 s. */
export const defaultBodyIdleMs = 30_000;
/**
 * The default slowest average: 8 KiB a second (64 kbit/s, a poor mobile uplink), so a 32 MiB
 * session save may take up to about 70 minutes while it keeps moving.
 */
export const defaultMinBodyBytesPerSecond = 8 * 1024;

const maxTimerMs = 2 ** 31 - 1;

function positive(owner: string, name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`${owner}: \`${name}\` must be a positive number, got ${typeof value === 'number' ? value : JSON.stringify(value)}.`);
  return value;
}
