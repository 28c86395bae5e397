import { useCallback, useEffect, useState } from 'react';
import { createId } from 'react-agent-kit';
import { lastSessionId, loadConversationPlace, openConversations, rememberSessionId, saveConversationPlace, type ConversationPlace, type OpenedConversations } from './conversation-place';

/** A fresh conversation id. */
export const newSessionId = (): string => createId('session', '-');

/** The playground's conversations: where they are kept, and which one is open. */
export interface PlaygroundConversations {
  /** The storage in use, where it is, and why it is not where it was asked; `null` until it is open. */
  readonly opened: OpenedConversations | null;
  /** The open conversation (of `opened`); `null` until the storage is open. */
  readonly sessionId: string | null;
  /** Whether another place is being opened (the switch waits meanwhile). */
  readonly opening: boolean;
  /** Where the conversations are, or are going while `opening`: what the switch shows checked. */
  readonly place: ConversationPlace;
  /** Opens a conversation of the current place (a new one: a fresh id). */
  openSession(id: string): void;
  /**
   * Keeps the conversations in `place` from now on (remembered across reloads): its list, and
   * the conversation of that place that was open last, or a new one. The agent's storage swaps
   * with the conversation; the old storage is closed once its agent let go (usePlaygroundAgent).
   */
  choose(place: ConversationPlace): void;
}

interface Current {
  readonly request: object;
  readonly opened: OpenedConversations;
  readonly sessionId: string;
}

/**
 * Where the playground's conversations are: the place chosen last (the dev server by default),
 * or the browser when the dev server keeps none.
 *
 * @example
 * ```tsx
 * const { opened, sessionId, openSession, choose } = usePlaygroundConversations();
 * ```
 */
export function usePlaygroundConversations(open: typeof openConversations = openConversations): PlaygroundConversations {
  const [request, setRequest] = useState(() => ({ place: loadConversationPlace() }));
  const [current, setCurrent] = useState<Current | null>(null);
  useEffect(() => {
    let cancelled = false;
    void open(request.place).then((opened) => {
      // Asked for another place meanwhile: this storage was never used.
      if (cancelled) return void opened.storage.close();
      setCurrent({ request, opened, sessionId: lastSessionId(opened.place) ?? newSessionId() });
    });
    return () => {
      cancelled = true;
    };
  }, [request, open]);
  useEffect(() => {
    if (current) rememberSessionId(current.opened.place, current.sessionId);
  }, [current]);
  const openSession = useCallback((id: string) => setCurrent((shown) => shown && { ...shown, sessionId: id }), []);
  const choose = useCallback(
    (place: ConversationPlace) => {
      saveConversationPlace(place);
      // Already there (the browser after the server could not be used): it is a choice now, not a fallback.
      if (current?.opened.place === place) setCurrent({ ...current, opened: { ...current.opened, fallback: null } });
      else setRequest({ place });
    },
    [current],
  );
  const opening = current?.request !== request;
  return { opened: current?.opened ?? null, sessionId: current?.sessionId ?? null, opening, place: opening || !current ? request.place : current.opened.place, openSession, choose };
}

const places: ReadonlyArray<{ place: ConversationPlace; label: string; hint: string }> = [
  { place: 'server', label: 'On the dev server', hint: 'Every browser that opens this playground sees them (PGlite in playground/.data).' },
  { place: 'browser', label: 'In this browser only', hint: "Kept in this browser's IndexedDB; the server never sees them." },
];

/** Props of {@link ConversationsSwitch}. */
export interface ConversationsSwitchProps {
  /** Where the conversations are (or are going): the option checked. */
  place: ConversationPlace;
  /** Why the dev server is not in use although it was chosen, or `null`. */
  fallback: string | null;
  onChange: (place: ConversationPlace) => void;
  disabled: boolean;
}

/**
 * The sidebar's choice of where conversations are kept, checked where they are; when the dev
 * server could not be used, the hint under it says why (choosing it again tries again). Off while
 * a run is going or a place is opening.
 *
 * @example
 * ```tsx
 * <ConversationsSwitch place={conversations.place} fallback={opened.fallback} onChange={conversations.choose} disabled={busy} />
 * ```
 */
export function ConversationsSwitch({ place, fallback, onChange, disabled }: ConversationsSwitchProps) {
  return (
    <fieldset className="pg-choice" disabled={disabled}>
      <legend className="pg-section-title">Conversations</legend>
      {places.map((option) => (
        <label key={option.place} className="pg-choice-option">
          <input type="radio" name="pg-conversations" value={option.place} checked={place === option.place} onChange={() => onChange(option.place)} />
          <span>
            {option.label}
            <small>{option.place === 'server' && fallback !== null ? `Not in use: ${fallback}` : option.hint}</small>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
