import { PersistenceError } from 'react-agent-kit';
import { httpSessionStorage, indexedDbSessionStorage, type SessionStorage } from 'react-agent-kit/sessions';

/**
 * Where the playground keeps its conversations (and their files): on the dev server, whose
 * session routes (`createAgentHandler({ sessions })`, PGlite) every browser that opens the
 * playground shares, or in this browser's IndexedDB only.
 */
export type ConversationPlace = 'server' | 'browser';

const placeKey = 'rak-playground-conversations';

/** The place chosen last, kept across reloads; the dev server when none was chosen. */
export function loadConversationPlace(): ConversationPlace {
  return localStorage.getItem(placeKey) === 'browser' ? 'browser' : 'server';
}

export function saveConversationPlace(place: ConversationPlace): void {
  localStorage.setItem(placeKey, place);
}

// The browser's key is the one the playground used before it had a choice, so its last conversation stays open.
const activeKeys: Record<ConversationPlace, string> = { browser: 'rak-playground-session', server: 'rak-playground-session:server' };

/** The conversation of this place that was open last, if any. */
export function lastSessionId(place: ConversationPlace): string | null {
  return localStorage.getItem(activeKeys[place]);
}

export function rememberSessionId(place: ConversationPlace, id: string): void {
  localStorage.setItem(activeKeys[place], id);
}

/** The storage of a place, opened: where it really is (the browser when the server has none), and why not where it was asked. */
export interface OpenedConversations {
  readonly place: ConversationPlace;
  readonly storage: SessionStorage;
  /** Why the conversations are not on the dev server although it was chosen; `null` when they are where they were asked. */
  readonly fallback: string | null;
}

/** Where the dev server's agent handler is mounted (see playground/server). */
export const sessionsUrl = '/api/agent';

/**
 * Opens the storage of `place`. For the dev server, one listing asks first whether this server
 * keeps conversations at all: the built, static playground has no session routes (a 404, or the
 * page itself instead of JSON), and then they stay in this browser and `fallback` says why. A dev
 * server that does not answer (down, or this device offline) is still the place: its storage
 * works from this browser's copy and sends what changed when the server is back.
 *
 * @example
 * ```ts
 * const { storage, place, fallback } = await openConversations(loadConversationPlace());
 * ```
 */
export async function openConversations(
  place: ConversationPlace,
  open: { server?: () => SessionStorage; browser?: () => SessionStorage; probe?: () => SessionStorage } = {},
): Promise<OpenedConversations> {
  const browser = open.browser ?? (() => indexedDbSessionStorage({ name: 'playground' }));
  if (place === 'browser') return { place, storage: browser(), fallback: null };
  const server = open.server ?? (() => httpSessionStorage(sessionsUrl));
  // The question goes to the server itself, not to a copy that would answer for it.
  const probe = (open.probe ?? (() => httpSessionStorage(sessionsUrl, { offline: false })))();
  try {
    await probe.list();
  } catch (error) {
    if (!(error instanceof PersistenceError && error.code === 'unavailable')) {
      return { place: 'browser', storage: browser(), fallback: 'This server keeps no conversations (a built playground has no dev server), so they are kept in this browser.' };
    }
  } finally {
    await probe.close().catch(() => {});
  }
  return { place, storage: server(), fallback: null };
}
