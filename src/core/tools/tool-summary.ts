import type { ToolDefinition } from './define-tool';

/**
 * The tool's summary of a call with `input` ("Send an email to ada@example.com: Launch"), or
 * `undefined` when it has none: no `summarize`, or one that throws or returns something other
 * than non-blank text. Never throws, so a faulty summary never blocks the approval or the run.
 *
 * @example
 * ```ts
 * summaryOf(sendEmail, { to: 'ada@example.com', subject: 'Launch', body: '…' }); // 'Send an email to ada@example.com: Launch'
 * ```
 */
export function summaryOf(tool: ToolDefinition, input: unknown): string | undefined {
  try {
    const summary: unknown = tool.summarize?.(input);
    return typeof summary === 'string' && summary.trim() ? summary.trim() : undefined;
  } catch {
    return undefined;
  }
}
