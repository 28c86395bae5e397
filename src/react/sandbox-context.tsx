import { createContext, useContext, type ReactNode } from 'react';
import type { Sandbox } from '../core/index';
import { useOptionalAgentInstance } from './agent-context';

const SandboxContext = /* @__PURE__ */ createContext<Sandbox | undefined>(undefined);

/**
 * Makes a sandbox available to the workspace hooks (`useFiles`, `useFile`, `useSandboxChanges`,
 * ...) and components (`FileExplorer`) below it. Only needed for a sandbox without an agent: an
 * agent created with `createAgent({ sandbox })` provides its sandbox through `AgentProvider`
 * (and `<AgentChat>`). A `SandboxProvider` inside an `AgentProvider` wins over the agent's sandbox.
 *
 * @example
 * ```tsx
 * const sandbox = createSandbox({ files: { '/notes.md': '# Notes\n' } });
 * root.render(<SandboxProvider sandbox={sandbox}><FileExplorer /></SandboxProvider>);
 * ```
 */
export function SandboxProvider({ sandbox, children }: { sandbox: Sandbox | undefined; children?: ReactNode }) {
  return <SandboxContext.Provider value={sandbox}>{children}</SandboxContext.Provider>;
}

/**
 * The sandbox the workspace hooks work on: the nearest `SandboxProvider`'s, else the agent's
 * (`agent.sandbox` of the nearest `AgentProvider`), else `undefined` (no workspace: the hooks
 * then report no files). Unlike the agent hooks it does not throw outside an `AgentProvider`.
 *
 * @example
 * ```tsx
 * function SandboxBadge() {
 *   const sandbox = useSandbox();
 *   return sandbox ? <span>{sandbox.usage().files} files</span> : null;
 * }
 * ```
 */
export function useSandbox(): Sandbox | undefined {
  const provided = useContext(SandboxContext);
  const agent = useOptionalAgentInstance();
  return provided ?? agent?.sandbox;
}
