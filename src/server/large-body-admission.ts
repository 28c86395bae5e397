/**
 * How many large request bodies the handler takes at once, per user and in total. A 25 MiB session
 * save costs the server several times its size while it is read, parsed and stored, so a dozen at
 * once could take gigabytes; past the limits a request gets 503 with `retry-after` before any of
 * its body is read, and the client sends it again later. A body counts as large when it declares
 * a `content-length` over the threshold, or, without one, as soon as that many bytes arrived.
 */
import { errorResponse } from './http-responses';

/**
 * Limits on large request bodies (session saves and file uploads, mostly).
 *
 * @example
 * ```ts
 * createAgentHandler({ authorize, sessions: { store }, largeBodies: { maxConcurrent: 8, maxConcurrentPerUser: 2 } });
 * ```
 */
export interface LargeBodyOptions {
  /** A body over this many bytes is large. Default 1 MiB (the largest body of the routes other than sessions). */
  minBytes?: number;
  /** Large bodies the handler reads at once, for all users together. Default 4. */
  maxConcurrent?: number;
  /** Large bodies one user (the `userId` that `authorize` names) sends at once. Default 2. Requests without a user count only towards `maxConcurrent`. */
  maxConcurrentPerUser?: number;
  /** What `retry-after` says to a request turned away, in seconds. Default 5. */
  retryAfterSeconds?: number;
}

/** The limits with their defaults filled in, and the places taken. */
export interface LargeBodyAdmission {
  readonly minBytes: number;
  /** Takes a place for `userId` (or for no user); `undefined` when the limits are reached. Call the result once to give the place back. */
  enter(userId: string | undefined): (() => void) | undefined;
  /** The 503 for a request turned away. */
  busy(): Response;
  /** Places taken now: in total and by user (for tests and monitoring). */
  taken(): { total: number; byUser: ReadonlyMap<string, number> };
}

/**
 * @example
 * ```ts
 * const admission = largeBodyAdmission({ maxConcurrent: 4 });
 * const leave = admission.enter('ada');
 * if (!leave) return admission.busy();
 * try { return await route(request); } finally { leave(); }
 * ```
 */
export function largeBodyAdmission(options: LargeBodyOptions = {}): LargeBodyAdmission {
  if (typeof options !== 'object' || options === null) throw new TypeError('createAgentHandler: `largeBodies` must be an object such as { maxConcurrent: 4, maxConcurrentPerUser: 2 }.');
  const minBytes = positive('minBytes', options.minBytes, 1024 * 1024);
  const maxConcurrent = whole('maxConcurrent', options.maxConcurrent, 4);
  const maxConcurrentPerUser = whole('maxConcurrentPerUser', options.maxConcurrentPerUser, 2);
  const retryAfterSeconds = whole('retryAfterSeconds', options.retryAfterSeconds, 5);
  const byUser = new Map<string, number>();
  let total = 0;

  return {
    minBytes,
    enter(userId) {
      const mine = userId === undefined ? 0 : (byUser.get(userId) ?? 0);
      if (total >= maxConcurrent || mine >= maxConcurrentPerUser) return undefined;
      total += 1;
      if (userId !== undefined) byUser.set(userId, mine + 1);
      let left = false;
      return () => {
        if (left) return;
        left = true;
        total -= 1;
        if (userId === undefined) return;
        const count = (byUser.get(userId) ?? 1) - 1;
        if (count === 0) byUser.delete(userId);
        else byUser.set(userId, count);
      };
    },
    busy() {
      return errorResponse(
        503,
        'busy',
        `The server is reading as many large requests (over ${minBytes} bytes) as it takes at once; send this one again in ${retryAfterSeconds} s.`,
        // Cross-origin callers can read `retry-after` only when it is exposed.
        { 'retry-after': String(retryAfterSeconds), 'access-control-expose-headers': 'retry-after' },
      );
    },
    taken: () => ({ total, byUser: new Map(byUser) }),
  };
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`createAgentHandler: \`largeBodies.${name}\` must be a positive number, got ${typeof value === 'number' ? value : JSON.stringify(value)}.`);
  return value;
}

function whole(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 1) throw new TypeError(`createAgentHandler: \`largeBodies.${name}\` must be a whole number of at least 1, got ${JSON.stringify(value)}.`);
  return value;
}
