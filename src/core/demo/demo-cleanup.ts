/**
 * The "clean up old records" demo: a tool whose approval depends on its arguments
 * (`needsApproval: (input) => ...`). The demo calls `delete_records` and summarizes what was
 * deleted, or acknowledges a denial.
 */
import { field, readToolOutcome, type DemoToolResult } from './demo-tool-outcome';

/** The arguments the demo proposes for `delete_records`. */
export interface DemoCleanup {
  table: 'sessions' | 'logs';
  olderThanDays: number;
}

/**
 * The cleanup the user's words ask for: the `logs` table when they say so (else `sessions`),
 * and "N days" when they give a number (else 30).
 *
 * @example
 * ```ts
 * demoCleanupInput('Clean up old records'); // { table: 'sessions', olderThanDays: 30 }
 * demoCleanupInput('Delete logs older than 180 days'); // { table: 'logs', olderThanDays: 180 }
 * ```
 */
export function demoCleanupInput(userText: string): DemoCleanup {
  const days = Number(/\b(\d{1,5})\s*days?\b/i.exec(userText)?.[1] ?? 30);
  return { table: /\blogs?\b/i.test(userText) ? 'logs' : 'sessions', olderThanDays: Math.max(1, days) };
}

function describeCleanup(input: unknown): string {
  const table = field(input, 'table');
  const days = field(input, 'olderThanDays');
  const where = typeof table === 'string' ? ` from \`${table}\`` : '';
  return typeof days === 'number' ? `${where} older than ${days} days` : where;
}

/**
 * What the demo says after `delete_records` ran, was denied or failed.
 *
 * @example
 * ```ts
 * summarizeCleanupResult({ toolName: 'delete_records', input: { table: 'sessions', olderThanDays: 30 }, output: { type: 'json', value: { deleted: 42 } } });
 * // 'Cleaned up: deleted **42** records from `sessions` older than 30 days. ...'
 * ```
 */
export function summarizeCleanupResult(result: DemoToolResult): string {
  const outcome = readToolOutcome(result.output);
  const scope = describeCleanup(result.input);
  switch (outcome.kind) {
    case 'denied':
      if (outcome.by === 'policy') return `The agent's permission policy does not allow \`${result.toolName}\`, so nothing was deleted.`;
      return (
        `Okay, I left the records alone: nothing${scope} was deleted.` +
        (outcome.reason !== undefined ? ` Your reason: "${outcome.reason}".` : '') +
        ' Ask again with another table or more days when you are ready.'
      );
    case 'error':
      return `The cleanup failed: ${outcome.message}\n\nNothing was deleted; the error came back to me as a result, so we can try again.`;
    case 'success':
      break;
  }
  const count = [field(outcome.value, 'deleted'), field(outcome.value, 'count'), outcome.value].find((value) => typeof value === 'number');
  return [
    count !== undefined ? `Cleaned up: deleted **${count}** records${scope}.` : `Cleaned up the records${scope}.`,
    '`delete_records` decides from its arguments whether to ask first: deleting recent records needs an approval, older ones run straight away. Try a larger number of days to see the difference.',
  ].join('\n\n');
}
