/**
 * Why a call to an MCP tool failed:
 * - `tool-error`: the tool ran and reported an error (`isError` result); the message is its text.
 * - `request-failed`: the server refused the request (a JSON-RPC error, a result that does not
 *   match the tool's output schema).
 * - `timed-out`: no answer within the server's `timeoutMs`.
 * - `disconnected`: the connection is closed (the server exited or crashed, or `close()` was called).
 * - `unreachable`: the transport failed (network error, HTTP error status).
 *
 * @example
 * ```ts
 * const retryable = (code: McpToolCallErrorCode) => code === 'unreachable' || code === 'timed-out';
 * ```
 */
export type McpToolCallErrorCode = 'tool-error' | 'request-failed' | 'timed-out' | 'disconnected' | 'unreachable';

/**
 * Thrown by the `execute` of an MCP tool when the call fails. The kit turns it into an error
 * result for the model like any other thrown error; a backend can read `code` to choose an HTTP
 * status or a retry.
 *
 * @example
 * ```ts
 * try {
 *   await tool.execute!(input, context);
 * } catch (error) {
 *   if (error instanceof McpToolCallError && error.code === 'disconnected') console.warn(`${error.server} is down`);
 * }
 * ```
 */
export class McpToolCallError extends Error {
  override readonly name = 'McpToolCallError';
  readonly code: McpToolCallErrorCode;
  /** The MCP server's configured name. */
  readonly server: string;
  /** The MCP tool's own name (not the catalog name). */
  readonly tool: string;

  constructor(code: McpToolCallErrorCode, message: string, details: { server: string; tool: string; cause?: unknown }) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.server = details.server;
    this.tool = details.tool;
  }
}
