import { createContext, useContext, type ReactNode } from 'react';
import type { Agent } from '../core/index';

const AgentContext = /* @__PURE__ */ createContext<Agent | null>(null);

/**
 * Makes an agent available to the hooks and components below it.
 *
 * @example
 * ```tsx
 * const agent = createAgent({ model: demoModel() });
 * root.render(<AgentProvider agent={agent}><MyChat /></AgentProvider>);
 * ```
 */
export function AgentProvider({ agent, children }: { agent: Agent; children?: ReactNode }) {
  return <AgentContext.Provider value={agent}>{children}</AgentContext.Provider>;
}

/**
 * The agent of the nearest `AgentProvider`. Throws a clear error outside of one, so a
 * missing provider is found at once rather than as `undefined` further down.
 *
 * @example
 * ```tsx
 * const agent = useAgentInstance();
 * ```
 */
export function useAgentInstance(): Agent {
  const agent = useContext(AgentContext);
  if (!agent) {
    throw new Error('react-agent-kit: this hook must be used inside <AgentProvider agent={agent}> (or <AgentChat agent={agent} />).');
  }
  return agent;
}

/**
 * The agent of the nearest `AgentProvider`, or `undefined` outside of one: for hooks that also
 * work without an agent (the workspace hooks over a `SandboxProvider`).
 *
 * @example
 * ```tsx
 * const sandbox = useOptionalAgentInstance()?.sandbox;
 * ```
 */
export function useOptionalAgentInstance(): Agent | undefined {
  return useContext(AgentContext) ?? undefined;
}
