/**
 * The AG-UI protocol (1.0) as `agUiHandler` reads and writes it: the request (`RunAgentInput`),
 * its messages, tools and resume entries, and the events the handler streams. Written out here
 * rather than imported from `@ag-ui/core`, so the server entry needs none of the protocol's
 * packages at run time or in its types; the names and shapes are the protocol's.
 */

/** A tool call inside an assistant message: its arguments are JSON text. */
export interface AgUiToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** A part of a user message's content: text, or a file given by its base64 data. */
export type AgUiContentPart =
  | { type: 'text'; text: string }
  | { type: 'image' | 'audio' | 'video' | 'document'; source: { type: 'data'; value: string; mimeType: string } | { type: string; value?: string; mimeType?: string } };

/** One message of the conversation a client sends (`RunAgentInput.messages`). */
export type AgUiMessage =
  | { id: string; role: 'user'; content: string | AgUiContentPart[]; name?: string }
  | { id: string; role: 'assistant'; content?: string; toolCalls?: AgUiToolCall[]; name?: string }
  | { id: string; role: 'tool'; toolCallId: string; content: string | AgUiContentPart[]; error?: string; metadata?: Record<string, unknown> }
  | { id: string; role: 'reasoning'; content: string }
  | { id: string; role: 'system' | 'developer'; content: string }
  | { id: string; role: 'activity'; activityType: string; content: Record<string, unknown> };

/** A tool the client offers for this run (a "client tool": the client runs it). */
export interface AgUiTool {
  name: string;
  description: string;
  /** JSON Schema of the arguments. */
  parameters?: Record<string, unknown>;
}

/** The answer to one interrupt of the previous run. */
export interface AgUiResumeEntry {
  interruptId: string;
  status: 'resolved' | 'cancelled';
  payload?: unknown;
  metadata?: Record<string, unknown>;
}

/** The request: one run of the agent on a thread. */
export interface AgUiRunInput {
  threadId: string;
  runId: string;
  parentRunId?: string;
  state?: unknown;
  messages: AgUiMessage[];
  tools: AgUiTool[];
  context: Array<{ description: string; value: string }>;
  forwardedProps?: unknown;
  resume?: AgUiResumeEntry[];
}

/** Something the run waits for from a person; the next run's `resume` answers it by `id`. */
export interface AgUiInterrupt {
  id: string;
  reason: string;
  message?: string;
  toolCallId?: string;
  responseSchema?: Record<string, unknown>;
  expiresAt?: string;
  metadata?: Record<string, unknown>;
}

/** Why a run ended (`RUN_FINISHED.outcome`). */
export type AgUiRunOutcome = { type: 'success'; pendingToolCallIds?: string[] } | { type: 'interrupt'; interrupts: AgUiInterrupt[] } | { type: 'cancelled' };

/** The events the handler sends, one per SSE `data:` line. */
export type AgUiEvent =
  | { type: 'RUN_STARTED'; threadId: string; runId: string; protocolVersion: string; parentRunId?: string }
  | { type: 'RUN_FINISHED'; threadId: string; runId: string; outcome?: AgUiRunOutcome }
  | { type: 'RUN_ERROR'; message: string; code?: string }
  | { type: 'STEP_STARTED' | 'STEP_FINISHED'; stepName: string }
  | { type: 'TEXT_MESSAGE_START'; messageId: string; role: 'assistant' }
  | { type: 'TEXT_MESSAGE_CONTENT'; messageId: string; delta: string }
  | { type: 'TEXT_MESSAGE_END'; messageId: string }
  | { type: 'REASONING_START' | 'REASONING_END' | 'REASONING_MESSAGE_END'; messageId: string }
  | { type: 'REASONING_MESSAGE_START'; messageId: string; role: 'reasoning' }
  | { type: 'REASONING_MESSAGE_CONTENT'; messageId: string; delta: string }
  | { type: 'TOOL_CALL_START'; toolCallId: string; toolCallName: string; parentMessageId?: string }
  | { type: 'TOOL_CALL_ARGS'; toolCallId: string; delta: string }
  | { type: 'TOOL_CALL_END'; toolCallId: string }
  | { type: 'TOOL_CALL_RESULT'; messageId: string; toolCallId: string; content: string; role: 'tool'; metadata?: Record<string, unknown> };

/** The protocol version the handler speaks, declared on RUN_STARTED. */
export const agUiProtocolVersion = '1.0';

/**
 * The key under which the handler marks its own data in `metadata` (the protocol reserves
 * `ag-ui` for itself; other keys are open): a tool result that is an error says so there.
 */
export const kitMetadataKey = 'react-agent-kit';
