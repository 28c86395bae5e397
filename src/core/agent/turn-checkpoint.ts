import type { Sandbox } from '../sandbox/sandbox-types';
import type { Message } from '../store/state';
import { AgentCommandError } from './agent-options';

/**
 * The sandbox's checkpoint ids, after checking that `message` (a user message a rollback, an edit
 * or a regeneration goes back to) has one: its files can be put back. Throws `checkpoint-missing`
 * (and nothing has changed) when it has none.
 *
 * @example
 * ```ts
 * const known = checkpointIdsWith(sandbox, message, `rollback(${JSON.stringify(message.id)})`);
 * sandbox.restore(message.checkpointId!);
 * ```
 */
export function checkpointIdsWith(sandbox: Sandbox, message: Message, command: string): Set<string> {
  const known = new Set(sandbox.checkpoints().map((checkpoint) => checkpoint.id));
  if (message.checkpointId === undefined || !known.has(message.checkpointId)) {
    throw new AgentCommandError(
      'checkpoint-missing',
      `${command}: the sandbox has no checkpoint for this message (it was sent before the sandbox was attached, or its checkpoint was deleted), so the files cannot be restored. Nothing was changed.`,
    );
  }
  return known;
}
