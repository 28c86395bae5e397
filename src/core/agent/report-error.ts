import type { AgentEventType } from '../store/events';

/**
 * Where a failure of the app's own code came from, when the agent caught it and went on without
 * it: an `agent.on` listener (for an event type), or a tool's `dispose`.
 */
export type AgentErrorSource = { kind: 'listener'; eventType: AgentEventType } | { kind: 'dispose'; toolName: string };

/**
 * `createAgent({ reportError })`: receives failures of the app's own code that the agent isolated
 * (a listener that threw, a tool's `dispose` that failed). Default: `console.error`. A reporter
 * that throws is ignored.
 *
 * @example
 * ```ts
 * const reportError: ReportError = (error, source) => Sentry.captureException(error, { extra: source });
 * ```
 */
export type ReportError = (error: unknown, source: AgentErrorSource) => void;

/**
 * The default `reportError`: one `console.error` line that names the source.
 *
 * @example
 * ```ts
 * consoleReportError(new Error('boom'), { kind: 'listener', eventType: 'run-finish' });
 * // [react-agent-kit] a listener of "run-finish" threw; the other listeners and the run went on. Error: boom
 * ```
 */
export const consoleReportError: ReportError = (error, source) =>
  console.error(
    `[react-agent-kit] ${source.kind === 'listener' ? `a listener of "${source.eventType}" threw; the other listeners and the run went on.` : `the tool "${source.toolName}" failed to dispose; the other tools were disposed.`}`,
    error,
  );

/**
 * Calls `reportError`, keeping its own failure away from the run: a reporter that throws has
 * nowhere left to report to.
 *
 * @example
 * ```ts
 * reportSafely(reportError, error, { kind: 'dispose', toolName: 'query' });
 * ```
 */
export function reportSafely(reportError: ReportError, error: unknown, source: AgentErrorSource): void {
  try {
    reportError(error, source);
  } catch {
    // Nowhere left to report to.
  }
}
