import { useMemo, useState } from 'react';
import type { AgentState, Message } from '../../core/index';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import type { KitStrings } from '../strings/kit-strings';
import { useStrings } from '../strings/strings-context';

/** What the announcer says (one place, for the strings set to come). */

/** Longer replies are cut (at a word) with "…": the reply itself is in the thread to read on. */
const maxAnnouncedLength = 300;

/** The last reply, once the agent is idle again after it: `id:status`, else `''` (cheap per token). */
function pickFinishedReply(state: AgentState): string {
  const last = state.messages.at(-1);
  return state.status === 'idle' && last?.role === 'assistant' ? `${last.id}:${last.status}` : '';
}

/**
 * The thread's one live region (polite, atomic, visually hidden), in the page from the first
 * render, an empty chat's included, so the first reply of a new chat is announced too. When a
 * run ends it says the reply, in words ("Assistant replied: …", cut at 300 characters, code blocks
 * named, not read out), or "Reply stopped." Nothing else: tokens as they stream, tool calls
 * changing state, and the actions that appear under a reply are not news (a failed run has its
 * alert, a call waiting for a person its dialog or question). A reply that was there when it
 * mounted (a loaded conversation) is not announced.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}>
 *   <ThreadAnnouncer />
 * </AgentProvider>
 * ```
 */
export function ThreadAnnouncer() {
  const agent = useAgentInstance();
  const finished = useAgentSelector(pickFinishedReply);
  const [initial] = useState(finished);
  const words = useStrings().thread;
  const announcement = useMemo(() => (finished !== '' && finished !== initial ? describeReply(agent.getState().messages, words) : ''), [agent, finished, initial, words]);
  return (
    <div className="rak-visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-rak-announcer="">
      {/* Keyed by the reply: a new reply is new text in the region even when its words are the same. */}
      <span key={finished}>{announcement}</span>
    </div>
  );
}

/** The reply to the last user message, as a short text to read out. */
function describeReply(messages: readonly Message[], words: KitStrings['thread']): string {
  let start = messages.length;
  while (start > 0 && messages[start - 1]!.role !== 'user') start -= 1;
  const reply = messages.slice(start);
  if (reply.at(-1)?.status === 'stopped') return words.replyStopped;
  const markdown = reply.flatMap((message) => message.parts.map((part) => (part.type === 'text' ? part.text : ''))).join('\n\n');
  const text = markdown
    .replace(/^(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1[^\n]*$|(?![\s\S]))/gm, ` ${words.codeBlock}. `)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s*(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return '';
  const space = text.lastIndexOf(' ', maxAnnouncedLength);
  const cut = text.length > maxAnnouncedLength ? `${text.slice(0, space > 0 ? space : maxAnnouncedLength)}…` : text;
  return words.replied(cut);
}
