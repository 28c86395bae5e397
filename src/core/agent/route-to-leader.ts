/**
 * A following tab's commands (`session.tabs`): they run in the tab that leads the conversation,
 * which sends back their result; this tab's state changes as the leader's events arrive. Letting
 * go of the agent (`dispose`) and loading the loop's code (`preload`) stay this tab's own.
 */
import type { TabsRoute } from '../sessions/tabs/session-tabs';
import type { AgentCommandName, AgentCommands } from './session-gate';

const ownCommands: readonly AgentCommandName[] = ['dispose', 'preload'];

/**
 * Wraps each command so that, while this tab follows another, it is sent to the leader.
 *
 * @example
 * ```ts
 * const routed = routeToLeader(commands, session.route);
 * await routed.approve(toolCallId); // runs in the leading tab when this one follows
 * ```
 */
export function routeToLeader(commands: AgentCommands, route: TabsRoute): AgentCommands {
  const routed = { ...commands } as Record<AgentCommandName, (...args: unknown[]) => Promise<unknown>>;
  for (const name of Object.keys(commands) as AgentCommandName[]) {
    if (ownCommands.includes(name)) continue;
    const command = commands[name] as (...args: unknown[]) => Promise<unknown>;
    routed[name] = (...args) => (route.follower ? route.follower.forward(name, args) : command(...args));
  }
  return routed as AgentCommands;
}
