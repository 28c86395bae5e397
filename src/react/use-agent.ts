import { useMemo } from 'react';
import type { Agent, AgentError, AgentState, AgentStatus, Message, ToolCall, Usage } from '../core/index';
import { useAgentInstance } from './agent-context';
import { shallowEqual, useAgentSelector } from './use-agent-selector';

export interface UseAgentResult {
  status: AgentStatus;
  messages: Message[];
  toolCalls: ToolCall[];
  error: AgentError | null;
  usage: Usage;
  /** True while a run is active (`status === 'running'`). */
  isRunning: boolean;
  send: Agent['send'];
  stop: Agent['stop'];
  retry: Agent['retry'];
  agent: Agent;
}

const pickOverview = (state: AgentState) => ({
  status: state.status,
  messages: state.messages,
  toolCalls: state.toolCalls,
  error: state.error,
  usage: state.usage,
});

/**
 * The agent's state and commands in one object. It re-renders on every state change,
 * including each streamed token; for large views, pick slices with `useAgentSelector`,
 * `useMessageIds` and `useMessage` instead.
 *
 * @example
 * ```tsx
 * function Status() {
 *   const { status, send, stop } = useAgent();
 *   return status === 'running' ? <button onClick={stop}>Stop</button> : <button onClick={() => send('Hi')}>Say hi</button>;
 * }
 * ```
 */
export function useAgent(): UseAgentResult {
  const agent = useAgentInstance();
  const overview = useAgentSelector(pickOverview, shallowEqual);
  return useMemo(
    () => ({
      ...overview,
      isRunning: overview.status === 'running',
      send: agent.send,
      stop: agent.stop,
      retry: agent.retry,
      agent,
    }),
    [overview, agent],
  );
}
