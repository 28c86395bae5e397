import type { AgentEvent } from '../store/events';
import type { AgentError, AgentState, Usage } from '../store/state';
import type { ProviderFunctionTool } from '../model/language-model';

/**
 * What an engine step gets: the step's assistant message (already added, `streaming`), the
 * state, `dispatch` for its events, the tools the agent offers, and the run's signal (Stop).
 */
export interface EngineStepContext {
  runId: string;
  step: number;
  /** The assistant message of this step; the step streams into it (and may add calls to it). */
  messageId: string;
  getState: () => AgentState;
  dispatch: (event: AgentEvent) => void;
  signal: AbortSignal;
  now: () => number;
  /** The agent's tools as a model would be offered them (built-in ones included). */
  tools: readonly ProviderFunctionTool[];
  /** Tool-call ids the conversation already uses. */
  takenToolCallIds: ReadonlySet<string>;
}

/** How an engine step ended: its usage when known, and the failure (in the engine's words) when it failed. */
export interface EngineStepResult {
  usage: Usage | null;
  /** Set when the step failed; what streamed before stays in the message. */
  error?: Omit<AgentError, 'at'>;
}

/**
 * A replacement for the loop's model call: another engine (a remote AG-UI run) produces the
 * step's text, reasoning and tool calls through the same events. Calls it leaves in
 * `input-available` go to the loop's tool phase like a model's; every other call it adds must be
 * final when it resolves. Throws only when aborted.
 */
export type EngineStep = (context: EngineStepContext) => Promise<EngineStepResult>;

/**
 * The key under which `createAgent`'s options carry an engine step. Internal: engines of the kit
 * (`react-agent-kit/ag-ui`) set it; it is not part of the documented `AgentOptions`.
 */
export const engineStepKey: unique symbol = Symbol.for('react-agent-kit.engineStep');
