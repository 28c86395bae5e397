import type { AgentState } from '../core/index';
import { useAgentSelector } from './use-agent-selector';

const pickRemote = (state: AgentState): unknown => state.remote;

/**
 * A remote agent's shared state (`agUiAgent` of `react-agent-kit/ag-ui`: its `STATE_SNAPSHOT` and
 * `STATE_DELTA` events), read-only, or what `selector` picks from it; `undefined` until the agent
 * sends one. Re-renders only when the selected value changes (compared with `Object.is`; unchanged
 * branches of the state keep their identity across deltas).
 *
 * @example
 * ```tsx
 * function Progress() {
 *   const steps = useRemoteState((state: { steps?: string[] } | undefined) => state?.steps);
 *   return <ol>{steps?.map((step) => <li key={step}>{step}</li>)}</ol>;
 * }
 * ```
 */
export function useRemoteState<State = unknown, Selected = State | undefined>(selector?: (state: State | undefined) => Selected): Selected {
  return useAgentSelector((state) => (selector ? selector(pickRemote(state) as State | undefined) : (pickRemote(state) as Selected)));
}
