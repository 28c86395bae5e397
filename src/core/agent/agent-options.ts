import type { StoreApi } from 'zustand/vanilla';
import type { LoggedEvent } from '../events';
import type { LanguageModel } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import type { AgentError, AgentState, AgentStatus } from '../state';
import type { ToolDefinition } from '../tools/define-tool';
import type { ToolCallHandler } from '../tools/run-tool-call';

export interface AgentLimits {
  /** Model steps per run (one step = one model call). Default 20. */
  maxSteps?: number;
  /** Output tokens per model call, passed to the provider. */
  maxOutputTokens?: number;
}

export interface AgentOptions {
  /** Any AI SDK language model (spec v2, v3 or v4), or `demoModel()`. */
  model: LanguageModel;
  /** The system prompt. */
  instructions?: string;
  tools?: readonly ToolDefinition<never, unknown>[];
  /** Runs declaration-only tools (tools without `execute`) in the host app. */
  onToolCall?: ToolCallHandler;
  limits?: AgentLimits;
  /** Retries of transient model failures before any output streamed. */
  retry?: Partial<RetryPolicy>;
  /** Start from this state instead of an empty conversation. */
  initialState?: AgentState;
  temperature?: number;
}

/** How a run ended, as `send`, `retry` and `stop` report it. */
export interface RunResult {
  status: Exclude<AgentStatus, 'running'>;
  error: AgentError | null;
}

/**
 * A running agent: state plus commands. Create it with `createAgent`; render it with
 * `<AgentChat agent={agent} />` or the hooks of `react-agent-kit/react`.
 */
export interface Agent {
  /**
   * Adds a user message and runs the agent. Settles when the run is idle, waits for a person,
   * or failed (the error is also in the state). Rejects with `AgentCommandError` when `text`
   * is empty or a run is already active: messages are not queued.
   */
  send(text: string): Promise<RunResult>;
  /** Stops the active run. What streamed so far is kept; unfinished tool calls are cancelled. */
  stop(): Promise<void>;
  /** After an error: asks the model again from where the conversation stands. */
  retry(): Promise<RunResult>;
  getState(): AgentState;
  /** Called after every state change. Returns an unsubscribe function. */
  subscribe(listener: (state: AgentState, previous: AgentState) => void): () => void;
  /** Logged events after `cursor`, for views that reconnect. `complete: false` means some were dropped: re-read the state. */
  eventsSince(cursor: number): { events: LoggedEvent[]; complete: boolean };
  /** The zustand store behind the agent, for selector-based subscriptions. Read only: change state through commands. */
  readonly store: StoreApi<AgentState>;
  /** The model in use (provider and id are handy for display). */
  readonly model: LanguageModel;
}

export type AgentCommandErrorCode = 'empty-message' | 'invalid-message' | 'agent-busy' | 'nothing-to-retry';

/** Thrown (as a rejection) by commands called with bad input or at the wrong time. */
export class AgentCommandError extends Error {
  override readonly name = 'AgentCommandError';
  constructor(
    readonly code: AgentCommandErrorCode,
    message: string,
  ) {
    super(message);
  }
}
