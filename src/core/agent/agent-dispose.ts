import { AgentCommandError } from './agent-options';
import type { AgentCommandName, AgentCommands } from './session-gate';

/** Commands that still work after `dispose`: ending what runs, and disposing again. */
const alwaysOpen: readonly AgentCommandName[] = ['stop', 'dispose'];

/**
 * Makes every command but `stop` and `dispose` reject with `agent-disposed` once the agent is
 * disposed, so a late click or a stale reference fails clearly instead of starting a run on tools
 * that were let go. It wraps each command of the object it is given (a new command is covered
 * without anyone remembering to).
 *
 * @example
 * ```ts
 * const open = closeOnDispose(commands, () => disposed);
 * await open.send('Hi'); // rejects with AgentCommandError 'agent-disposed' after dispose()
 * ```
 */
export function closeOnDispose(commands: AgentCommands, isDisposed: () => boolean): AgentCommands {
  const closable = { ...commands } as Record<AgentCommandName, (...args: unknown[]) => Promise<unknown>>;
  for (const name of Object.keys(commands) as AgentCommandName[]) {
    if (alwaysOpen.includes(name)) continue;
    const command = commands[name] as (...args: unknown[]) => Promise<unknown>;
    closable[name] = (...args) =>
      isDisposed() ? Promise.reject(new AgentCommandError('agent-disposed', `${name}(): this agent was disposed (agent.dispose()); create a new agent to go on.`)) : command(...args);
  }
  return closable as AgentCommands;
}
