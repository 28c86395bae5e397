/**
 * What travels between the browser and the backend (`react-agent-kit/server`). Both halves import
 * these types, so a change to the format is a type error on both sides. Every body is JSON; the
 * two streaming routes answer `application/x-ndjson`, one JSON object per line.
 *
 * | route | request | response |
 * |---|---|---|
 * | `POST {base}/model` | `ModelStepRequest` | `ModelStepPart` lines |
 * | `GET {base}/tools` | – | `ToolCatalog` |
 * | `POST {base}/tools/{name}` | `ToolCallRequest` | `ToolCallLine` lines |
 * | `GET {base}/tools/{name}/app` | – | `ToolUiResource` (the tool's MCP App) |
 * | any route, refused | – | `BridgeErrorBody` with a 4xx/5xx status |
 */
import type { ProviderFunctionTool, ProviderPrompt, ProviderToolChoice } from '../model/language-model';
import type { V3StreamPart, V3Usage } from '../providers/stream-parts';
import type { ToolUi } from '../tools/tool-ui';

/** `POST {base}/model`: one model step. The server adds the model and its key; the browser sends the rest. */
export interface ModelStepRequest {
  prompt: ProviderPrompt;
  /** Declarations only: the server never runs these, the model only sees them. */
  tools?: ProviderFunctionTool[];
  toolChoice?: ProviderToolChoice;
  maxOutputTokens?: number;
  temperature?: number;
  /** Which of the server's models, when it offers several by name. */
  model?: string;
}

/** Token counts of a step, in the AI SDK's language model v3 shape. */
export type ModelStepUsage = V3Usage;

/**
 * One line of a model step: the AI SDK's language model v3 stream parts that the kit uses, so the
 * browser reads them with the same code as any provider's stream, except that an error is a
 * `BridgeError`. A step ends with `finish`, or with `error`; a stream that ends with neither was cut off.
 */
export type ModelStepPart = Exclude<V3StreamPart, { type: 'stream-start' | 'error' }> | { type: 'error'; error: BridgeError };

/** An error as the server reports it: never a stack, a key or a provider's raw response. */
export interface BridgeError {
  /** Stable, for code: `unauthorized`, `not-found`, `invalid-request`, `body-too-large`, `model-error`, … */
  code: string;
  /** For people and for the model. */
  message: string;
  /** The HTTP status of the provider call behind a `model-error`, when there was one. */
  status?: number;
  /** Whether asking again may help (rate limits, overload, network). */
  retryable?: boolean;
  /** Seconds the provider asked to wait before asking again. */
  retryAfterSeconds?: number;
}

/** The body of every refused request (any 4xx or 5xx). */
export interface BridgeErrorBody {
  error: BridgeError;
}

/** A backend tool as the browser sees it: a declaration plus hints for approval and retries. */
export interface ToolCatalogEntry {
  name: string;
  description: string;
  /** JSON Schema of the input, as the model receives it. */
  inputSchema: Record<string, unknown>;
  /** JSON Schema of the output, when the tool declares one (an MCP tool's `outputSchema`). */
  outputSchema?: Record<string, unknown>;
  /** `true`, `false`, or `'depends-on-input'` when the server decides per call (the browser then asks). */
  needsApproval: boolean | 'depends-on-input';
  readOnly: boolean;
  /** Safe to send again after a failure in transit. */
  idempotent: boolean;
  category?: string;
  /** The server's own time limit for one call. */
  timeoutMs?: number;
  /** The tool's MCP App (read through `GET {base}/tools/{name}/app`). */
  ui?: Omit<ToolUi, 'read'>;
}

/** `GET {base}/tools`. */
export interface ToolCatalog {
  tools: ToolCatalogEntry[];
  /** Tool sources that are down (an MCP server that did not start), so the UI can say so. */
  unavailable: Array<{ source: string; error: string }>;
}

/** `POST {base}/tools/{name}`. */
export interface ToolCallRequest {
  input: unknown;
  /** The model's id of the call, for the server's logs and the tool's context. */
  toolCallId?: string;
}

/**
 * One line of a tool call's response: any number of `progress` lines, then exactly one `output`
 * or `error`. A tool's failure is a line, not an HTTP error: the request itself succeeded.
 */
export type ToolCallLine =
  | { type: 'progress'; value: unknown }
  | { type: 'output'; value: unknown }
  | { type: 'error'; code: 'invalid-input' | 'failed' | 'timeout' | 'aborted'; message: string };

/** The content type of the streaming routes. */
export const ndjsonContentType = 'application/x-ndjson';
