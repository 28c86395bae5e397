/**
 * The kit's tool-call ids: unique in the conversation, whatever ids the provider sends. Some
 * providers and local servers send the same id (`call_0`) in every step, or twice in one step;
 * taken as they are, the second call and its result would replace the first in the next prompt
 * (the model's history rewritten, and Anthropic refusing the request). So each call the model
 * makes gets an id of its own: the provider's when it is still free (apps and logs see the ids
 * they know), otherwise the provider's with a suffix (`call_0-2`), using only the characters
 * every provider accepts in ids. The provider's id is kept on the call (`providerToolCallId`).
 */
import { createId } from '../store/ids';

/** Maps the provider's ids of one step to the kit's. */
export interface ToolCallIds {
  /** The kit id of the provider's call that is open (started, not yet complete), if any. */
  open(providerId: string): string | undefined;
  /** Opens a new call for `providerId` and returns its kit id (unique in the conversation). */
  start(providerId: string): string;
  /** The provider's call is complete: a later call with the same provider id is a new call. */
  complete(providerId: string): void;
}

const safeId = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * @param taken ids already used in the conversation; ids given out here are added to it.
 * @example
 * ```ts
 * const ids = toolCallIds(new Set(state.toolCalls.map((call) => call.id)));
 * ids.start('call_0'); // 'call_0' (or 'call_0-2' when a call_0 exists)
 * ```
 */
export function toolCallIds(taken: Set<string>): ToolCallIds {
  const openCalls = new Map<string, string>();
  return {
    open: (providerId) => openCalls.get(providerId),
    start(providerId) {
      const id = freeId(providerId, taken);
      taken.add(id);
      openCalls.set(providerId, id);
      return id;
    },
    complete(providerId) {
      openCalls.delete(providerId);
    },
  };
}

function freeId(providerId: string, taken: ReadonlySet<string>): string {
  if (typeof providerId !== 'string' || providerId === '') return createId('call');
  if (!taken.has(providerId)) return providerId;
  // A suffix keeps the id recognizable; an id a suffix cannot make safe gets a fresh one.
  const base = safeId.test(providerId) ? providerId.slice(0, 56) : undefined;
  if (base === undefined) return createId('call');
  for (let suffix = 2; ; suffix++) {
    const candidate = `${base}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
