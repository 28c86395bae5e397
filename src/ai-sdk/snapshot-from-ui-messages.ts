import type { UIMessage } from 'ai';
import { agentSnapshotVersion, type AgentSnapshot } from '../core/sessions/index';
import { fromUIMessages } from './from-ui-messages';

/**
 * An AI SDK history as a snapshot to start an agent from: `createAgent({ model, snapshot })` then
 * treats it as a saved conversation. Calls left unfinished are closed with a result that says so,
 * and an approval the history records is asked again: data never authorizes a call.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, tools, snapshot: snapshotFromUIMessages(await db.loadChat(chatId)) });
 * ```
 */
export function snapshotFromUIMessages(messages: readonly UIMessage[]): AgentSnapshot {
  return { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: fromUIMessages(messages) };
}
