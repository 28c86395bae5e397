import type { Agent } from './agent-options';

/** The agent's members that are commands: functions returning a promise. */
export type AgentCommandName = {
  [Name in keyof Agent]-?: NonNullable<Agent[Name]> extends (...args: never[]) => Promise<unknown> ? Name : never;
}[keyof Agent];

export type AgentCommands = Pick<Agent, AgentCommandName>;

/**
 * Commands that act at once even while a session loads. `stop`: it ends what runs, and while a
 * session loads nothing can run yet (every other command waits); waiting for the load would make
 * it cancel approvals the user has not even seen. `dispose`: letting go must not wait for a load
 * (the session's own disposal still does). `preload`: loading the loop's code needs no conversation.
 */
const ungated: readonly AgentCommandName[] = ['stop', 'dispose', 'preload'];

/**
 * Makes every command wait until `ready` settles (a session's load), so commands act on the
 * restored conversation. It wraps each command of the object it is given, so a command added
 * to `Agent` is gated without anyone remembering to.
 *
 * @example
 * ```ts
 * const gated = gateCommands(commands, session.ready);
 * await gated.send('Hello'); // sent after the session has loaded
 * ```
 */
export function gateCommands(commands: AgentCommands, ready: Promise<unknown> | undefined): AgentCommands {
  if (ready === undefined) return commands;
  const gated = { ...commands } as Record<AgentCommandName, (...args: unknown[]) => Promise<unknown>>;
  for (const name of Object.keys(commands) as AgentCommandName[]) {
    if (ungated.includes(name)) continue;
    const command = commands[name] as (...args: unknown[]) => Promise<unknown>;
    gated[name] = (...args) => ready.then(() => command(...args));
  }
  return gated as AgentCommands;
}
