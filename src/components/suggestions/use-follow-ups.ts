import { useEffect, useRef, useState } from 'react';
import type { AgentState } from '../../core/index';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import type { FollowUpSource } from './suggestion-options';

/** The most follow-ups shown, and the longest one kept (in characters), whatever the source gives. */
const maxShown = 5;
const maxChars = 160;

/**
 * The reply follow-ups may follow: the last message, when it is a finished reply and the agent is
 * idle with nothing queued; `null` otherwise (running, waiting for people, failed, queued, empty).
 */
export function followUpMoment(state: AgentState): string | null {
  if (state.status !== 'idle' || state.queue !== undefined) return null;
  const last = state.messages.at(-1);
  return last?.role === 'assistant' && last.status === 'done' ? last.id : null;
}

/**
 * The follow-ups for the reply the conversation ends with, from `source`, asked once per reply:
 * `[]` while there are none to show (at another moment, before they came, after a failure). A
 * function's identity does not matter (an inline arrow asks again only for a new reply); `'model'`
 * asks `agent.suggestFollowUps` (none for an agent without it), and only for a reply of a run this
 * page ran (a restored session does not pay for a request on load, and a reply synced from another
 * device is not changed by this one).
 *
 * @example
 * ```ts
 * const { replyId, suggestions } = useFollowUps((state) => (state.messages.length > 2 ? ['Summarize this'] : []));
 * ```
 */
export function useFollowUps(source: FollowUpSource): { replyId: string | null; suggestions: readonly string[] } {
  const agent = useAgentInstance();
  const moment = useAgentSelector(followUpMoment);
  const latestSource = useRef(source);
  latestSource.current = source;
  const kind = typeof source === 'function' ? 'function' : source;
  const [initialReply] = useState(() => followUpMoment(agent.getState()));
  // One request per reply, kept across effects that run again for the same one (strict mode, a re-render).
  const asked = useRef<{ replyId: string; answer: Promise<readonly string[]> } | null>(null);
  const [result, setResult] = useState<{ replyId: string; suggestions: readonly string[] } | null>(null);
  // The runs this page ran: a reply that arrived otherwise (restored, or synced from another
  // device) is asked nothing of the model, whose answer would change the conversation there too.
  const ranHere = useRef(new Set<string>());
  useEffect(() => {
    const offStart = agent.on('run-start', (event) => void ranHere.current.add(event.runId));
    const offResume = agent.on('run-resume', (event) => void ranHere.current.add(event.runId));
    return () => {
      offStart();
      offResume();
    };
  }, [agent]);

  useEffect(() => {
    if (moment === null || kind === false) return undefined;
    if (asked.current?.replyId !== moment) {
      const current = latestSource.current;
      let answer: Promise<readonly string[]>;
      if (typeof current === 'function') answer = Promise.resolve().then(() => current(agent.getState()));
      else if (moment !== initialReply && agent.suggestFollowUps && ranHere.current.has(agent.getState().messages.at(-1)?.runId ?? '')) answer = agent.suggestFollowUps();
      else answer = Promise.resolve([]);
      asked.current = { replyId: moment, answer };
    }
    let current = true;
    // A source that fails shows none: the chips are an offer, not something people wait for.
    asked.current.answer.then(
      (suggestions) => current && setResult({ replyId: moment, suggestions: cleaned(suggestions) }),
      () => current && setResult({ replyId: moment, suggestions: [] }),
    );
    return () => {
      current = false;
    };
  }, [agent, moment, kind, initialReply]);

  return { replyId: moment, suggestions: result !== null && result.replyId === moment ? result.suggestions : [] };
}

function cleaned(suggestions: readonly unknown[]): string[] {
  const kept: string[] = [];
  // What an app's function returns is checked as the model's answer is: strings, short, once each.
  for (const value of Array.isArray(suggestions) ? suggestions : []) {
    const text = typeof value === 'string' ? value.trim() : '';
    if (text !== '' && text.length <= maxChars && !kept.includes(text)) kept.push(text);
  }
  return kept.slice(0, maxShown);
}
