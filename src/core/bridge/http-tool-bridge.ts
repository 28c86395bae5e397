/**
 * `httpToolBridge(url)`: tools that run on the kit's backend (`createAgentHandler`). The browser
 * keeps the whole tool-call life cycle (validation, approval, time limit, stop, the one result
 * per call); only the body of the call crosses the network. Every way the network can fail ends
 * the call with an error result that says what happened, and the run goes on.
 */
import type { ToolCallLine, ToolCatalog, ToolCatalogEntry } from './wire-format';
import { isToolUi, type ToolUi, type ToolUiResource } from '../tools/tool-ui';
import { defineTool, type ToolDefinition, type ToolExecutionContext } from '../tools/define-tool';
import { ToolFailureError } from '../tools/invoke-tool';
import { errorDetail } from '../providers/api-call-error';
import { ndjsonLines } from './ndjson-lines';
import { abortableSleep } from '../model/abortable-sleep';
import { deadlineOption, fetchWithDeadline } from '../providers/fetch-deadline';

/** Options of {@link httpToolBridge}. */
export interface HttpToolBridgeOptions {
  /** Headers for every request (say, `authorization`); a function is called per request. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
  /**
   * Time limit of a call, in the browser, for tools whose catalog entry sets none. Default 65 s
   * (the server's default is 60 s). It is the call's deadline: a server that accepts the request
   * and never answers ends the call with an error result when it runs out.
   */
  timeoutMs?: number;
  /**
   * How long loading the catalog (`loadTools`) may take, answer included, before it is given up
   * as a server that cannot be reached (no tools, and `error` says why). Default 30000 (30 s).
   */
  catalogTimeoutMs?: number;
  /** Attempts after the first for idempotent tools whose request failed in transit (unreachable, 502, 503, 504). Default 2. */
  retries?: number;
  /** Wait before the first retry; doubles each time. Default 300 ms. */
  retryDelayMs?: number;
}

/**
 * The server's catalog as runnable tools, and the sources that are down. When the catalog itself
 * could not be had (the server is down, answered an error, or sent something else), `tools` is
 * empty, `unavailable` names the server with the reason, and `error` says it for people.
 */
export interface BackendTools {
  tools: ToolDefinition<never, unknown>[];
  unavailable: ToolCatalog['unavailable'];
  /** Why the catalog could not be loaded; absent when it was. */
  error?: Error;
}

/** Tools on a backend. */
export interface ToolBridge {
  /** Where the handler is mounted. */
  readonly url: string;
  /**
   * Fetches the catalog and returns its tools, ready for `createAgent({ tools })`. Never rejects
   * because of the server: when the catalog cannot be had, there are no tools and `error` and
   * `unavailable` say why, so an app started while its backend is down still chats. Rejects only
   * when `signal` aborts.
   */
  loadTools(options?: { signal?: AbortSignal }): Promise<BackendTools>;
  /** A declaration (no `execute`) of yours that the server runs: same name on both sides. */
  bind<Input, Output>(declaration: ToolDefinition<Input, Output>): ToolDefinition<Input, Output>;
  /** Runs one call on the server; the result, or a `ToolFailureError` whose message is the call's error result. */
  run(name: string, input: unknown, context: ToolExecutionContext, options?: { idempotent?: boolean }): Promise<unknown>;
}

// The browser's limit sits above the server's, so the server's clearer timeout message wins.
const serverTimeoutMarginMs = 5_000;
const defaultTimeoutMs = 65_000;
const defaultCatalogTimeoutMs = 30_000;
const transientStatuses = new Set([502, 503, 504]);

/**
 * @example
 * ```ts
 * const backend = httpToolBridge('/api/agent');
 * const { tools } = await backend.loadTools();
 * const agent = createAgent({ model: remoteModel('/api/agent'), tools });
 * ```
 */
export function httpToolBridge(url: string, options: HttpToolBridgeOptions = {}): ToolBridge {
  if (typeof url !== 'string' || url === '') throw new TypeError('httpToolBridge: pass the URL where the agent handler is mounted, e.g. httpToolBridge("/api/agent").');
  const base = url.replace(/\/+$/, '');
  const fetchFunction = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const headers = () => ({ 'content-type': 'application/json', ...(typeof options.headers === 'function' ? options.headers() : options.headers) });
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 300;
  const catalogTimeoutMs = deadlineOption('httpToolBridge', 'catalogTimeoutMs', options.catalogTimeoutMs, defaultCatalogTimeoutMs);

  async function attempt(name: string, input: unknown, context: ToolExecutionContext): Promise<unknown> {
    // The request follows the call's signal only until the call has its answer: a stop after that
    // (the run ends, the agent is disposed) leaves the last bytes to arrive, so a finished call is
    // not shown as cancelled (net::ERR_ABORTED) in the network panel.
    const request = followUntilReleased(context.signal);
    try {
      return await attemptWith(name, input, { ...context, signal: request.signal });
    } finally {
      request.release();
    }
  }

  async function attemptWith(name: string, input: unknown, context: ToolExecutionContext): Promise<unknown> {
    let response: Response;
    try {
      response = await fetchFunction(`${base}/tools/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify({ input, toolCallId: context.toolCallId }),
        signal: context.signal,
      });
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw new TransitError(`The tool "${name}" could not run: the tool server at ${base} could not be reached (${describe(error)}). Is it running?`);
    }
    if (!response.ok) {
      const detail = await errorDetailOf(response);
      const message = `The tool "${name}" could not run: the tool server answered ${response.status}${detail ? ` (${detail})` : ''}.`;
      throw transientStatuses.has(response.status) ? new TransitError(message) : new ToolFailureError(message);
    }
    if (!response.body) throw new ToolFailureError(`The tool "${name}" could not run: the tool server answered without a body.`);
    // The output is the last line: the body is read to its end rather than cancelled after it, so
    // the network panel does not show a finished call as cancelled (net::ERR_ABORTED).
    let output: { value: unknown } | undefined;
    try {
      for await (const line of ndjsonLines(response.body)) {
        if (output) continue;
        const value = 'value' in line ? (line.value as ToolCallLine | null) : null;
        if (value?.type === 'progress') context.reportProgress(value.value);
        else if (value?.type === 'output') output = { value: value.value };
        else if (value?.type === 'error' && typeof value.message === 'string') throw new ToolFailureError(value.message);
        else throw new ToolFailureError(`The tool "${name}" could not run: the tool server sent data that is not the tool protocol (${'malformed' in line ? line.malformed : JSON.stringify(line.value)}).`);
      }
    } catch (error) {
      // A read that fails because the connection broke is the same as a body that ends early.
      if (error instanceof ToolFailureError || (context.signal.aborted && !output)) throw error;
    }
    if (output) return output.value;
    if (context.signal.aborted) throw context.signal.reason;
    throw new TransitError(`The tool "${name}" may not have finished: the connection to the tool server closed before its result arrived.`);
  }

  async function run(name: string, input: unknown, context: ToolExecutionContext, runOptions: { idempotent?: boolean } = {}): Promise<unknown> {
    for (let retry = 0; ; retry++) {
      try {
        return await attempt(name, input, context);
      } catch (error) {
        // Only a call that is safe to repeat is sent again; any other would risk doing it twice.
        if (!(error instanceof TransitError) || !runOptions.idempotent || retry >= retries || context.signal.aborted) {
          throw error instanceof TransitError ? new ToolFailureError(error.message) : error;
        }
        await abortableSleep(retryDelayMs * 2 ** retry, context.signal);
      }
    }
  }

  function bind<Input, Output>(declaration: ToolDefinition<Input, Output>): ToolDefinition<Input, Output> {
    if (declaration.execute) throw new TypeError(`httpToolBridge.bind: the tool "${declaration.name}" has an execute function; bind declarations only (the server runs them).`);
    return { ...declaration, execute: (input, context) => run(declaration.name, input, context, { idempotent: declaration.idempotent === true }) as Promise<Output> };
  }

  async function loadTools(loadOptions: { signal?: AbortSignal } = {}): Promise<BackendTools> {
    const failed = (error: Error): BackendTools => ({ tools: [], unavailable: [{ source: base, error: error.message }], error });
    let response: Response;
    try {
      response = await fetchWithDeadline(fetchFunction, `${base}/tools`, { headers: headers() }, { timeoutMs: catalogTimeoutMs, until: 'answer', signal: loadOptions.signal });
    } catch (error) {
      if (loadOptions.signal?.aborted) throw error;
      return failed(new Error(`The tool server at ${base} could not be reached (${describe(error)}). Is it running?`, { cause: error }));
    }
    if (!response.ok) {
      const detail = await errorDetailOf(response);
      return failed(new Error(`The tool server at ${base} answered ${response.status}${detail ? ` (${detail})` : ''} for its tool catalog.`));
    }
    const catalog = (await response.json().catch(() => null)) as ToolCatalog | null;
    if (loadOptions.signal?.aborted) throw loadOptions.signal.reason;
    if (!catalog || !Array.isArray(catalog.tools)) return failed(new Error(`The tool server at ${base} sent a tool catalog that is not the expected format.`));
    const tools = catalog.tools.map((entry) => {
      const tool = bind(declarationOf(entry, options.timeoutMs ?? defaultTimeoutMs));
      return isToolUi(entry.ui) ? { ...tool, ui: appOf(entry.name, entry.ui) } : tool;
    });
    return { tools, unavailable: Array.isArray(catalog.unavailable) ? catalog.unavailable : [] };
  }

  /** The tool's MCP App, read through the server (the browser never fetches it from anywhere else). */
  function appOf(name: string, ui: ToolUi): ToolUi {
    return {
      resourceUri: ui.resourceUri,
      ...(ui.appTools ? { appTools: { ...ui.appTools } } : {}),
      read: async (signal) => {
        const response = await fetchFunction(`${base}/tools/${encodeURIComponent(name)}/app`, { headers: headers(), signal });
        if (!response.ok) {
          const detail = await errorDetailOf(response);
          throw new Error(`The app of the tool "${name}" could not be loaded: the tool server answered ${response.status}${detail ? ` (${detail})` : ''}.`);
        }
        const resource = (await response.json().catch(() => null)) as ToolUiResource | null;
        if (typeof resource?.html !== 'string') throw new Error(`The app of the tool "${name}" could not be loaded: the tool server sent something that is not an app.`);
        return resource;
      },
    };
  }

  return { url: base, loadTools, bind, run };
}

/** A catalog entry as a browser declaration: approval unless the server says it never needs one. */
function declarationOf(entry: ToolCatalogEntry, fallbackTimeoutMs: number): ToolDefinition<unknown, unknown> {
  return defineTool<unknown, unknown>({
    name: entry.name,
    description: entry.description,
    inputSchema: entry.inputSchema,
    ...(isSchemaObject(entry.outputSchema) ? { outputSchema: entry.outputSchema } : {}),
    needsApproval: entry.needsApproval !== false,
    readOnly: entry.readOnly === true,
    idempotent: entry.idempotent === true,
    category: entry.category ?? 'backend',
    timeoutMs: entry.timeoutMs !== undefined ? entry.timeoutMs + serverTimeoutMarginMs : fallbackTimeoutMs,
  });
}

function isSchemaObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A failure in transit, which an idempotent call may retry. */
class TransitError extends Error {}

/** What a refusing response says about itself (a JSON error of the kit's server, or short text). */
async function errorDetailOf(response: Response): Promise<string> {
  return errorDetail(await response.text().catch(() => ''));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A signal that aborts with `signal` until `release` is called, and never after. */
function followUntilReleased(signal: AbortSignal): { signal: AbortSignal; release: () => void } {
  const controller = new AbortController();
  const follow = () => controller.abort(signal.reason);
  if (signal.aborted) follow();
  else signal.addEventListener('abort', follow, { once: true });
  return { signal: controller.signal, release: () => signal.removeEventListener('abort', follow) };
}
