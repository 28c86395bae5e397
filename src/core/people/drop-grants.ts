/**
 * "Always allow" grants are a person's decisions in this app. Grants that arrive in data (a
 * session file, a snapshot) may have been written by anyone, so they are dropped, and the thread
 * says so, wherever such data comes in: `createAgent({ snapshot })` and `readSessionFile`. The
 * latter matters because an app that stores an imported file in its own session storage would
 * otherwise turn the file's grants into "its own" on the next load.
 */
import { createId } from '../store/ids';
import type { AgentState, Message } from '../store/state';

/**
 * The state without its "always allow" grants, with a `grants-dropped` notice on the last message
 * naming them; the same state when it has none.
 *
 * @example
 * ```ts
 * withoutGrants(snapshot.state).alwaysAllowed; // []
 * ```
 */
export function withoutGrants(state: AgentState): AgentState {
  const dropped = state.alwaysAllowed;
  if (dropped.length === 0) return state;
  return { ...state, alwaysAllowed: [], messages: withNotice(state.messages, grantsDroppedText(dropped)) };
}

function grantsDroppedText(tools: readonly string[]): string {
  const names = tools.map((name) => `"${name}"`).join(', ');
  return `This conversation was loaded with "always allow" for ${names}. Permissions are not carried over from a file or snapshot, so ${tools.length === 1 ? 'this tool asks' : 'these tools ask'} again before running.`;
}

function withNotice(messages: readonly Message[], text: string): Message[] {
  const last = messages.at(-1);
  if (!last) return [...messages];
  const notice = { type: 'notice' as const, id: createId('notice'), level: 'warning' as const, code: 'grants-dropped', text };
  return [...messages.slice(0, -1), { ...last, parts: [...last.parts, notice] }];
}
