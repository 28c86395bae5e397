/**
 * How a tool call ended, read from the result the model receives (see `toToolResultOutput`):
 * a success (json or text), a denial (a person said no, or the permission policy refused), or
 * an error. The runtime sends denials as error text, so the wording tells them apart.
 */

/** The outcome of one tool call, as the demo model reads it. */
export type DemoToolOutcome =
  | { kind: 'success'; value: unknown }
  | { kind: 'denied'; by: 'user' | 'policy'; reason: string | undefined }
  | { kind: 'error'; message: string };

/** Reads a property of an object, or `undefined` for anything else. */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/**
 * The reason a person gave when denying, from the runtime's message
 * (`The user denied running "x". Reason: not now It did not run. ...`), without a trailing period.
 */
export function denialReason(message: string): string | undefined {
  const match = /\bReason:\s*([\s\S]*?)\s*(?:It did not run\.|$)/.exec(message);
  const reason = match?.[1]?.replace(/[\s.]+$/, '').trim();
  return reason ? reason : undefined;
}

function fromErrorText(message: string): DemoToolOutcome {
  if (/\bdenied\b/i.test(message)) return { kind: 'denied', by: 'user', reason: denialReason(message) };
  if (/\bpermission policy\b/i.test(message)) return { kind: 'denied', by: 'policy', reason: undefined };
  return { kind: 'error', message };
}

/**
 * The outcome of a tool result output (`{ type: 'json' | 'text' | 'error-text' | ... }`).
 *
 * @example
 * ```ts
 * readToolOutcome({ type: 'json', value: { sent: true } }); // { kind: 'success', value: { sent: true } }
 * readToolOutcome({ type: 'error-text', value: 'The user denied running "x". Reason: not now It did not run.' });
 * // { kind: 'denied', by: 'user', reason: 'not now' }
 * ```
 */
export function readToolOutcome(output: unknown): DemoToolOutcome {
  const value = field(output, 'value');
  switch (field(output, 'type')) {
    case 'json':
    case 'text':
    case 'content':
      return { kind: 'success', value };
    case 'execution-denied': {
      // The kit's own reason is the runtime's message ("The user denied running … Reason: …"); another's is the reason itself.
      const reason = field(output, 'reason');
      if (typeof reason !== 'string' || reason.trim() === '') return { kind: 'denied', by: 'user', reason: undefined };
      const outcome = fromErrorText(reason);
      return outcome.kind === 'denied' ? outcome : { kind: 'denied', by: 'user', reason: reason.trim() };
    }
    case 'error-text':
      return fromErrorText(typeof value === 'string' ? value : String(value));
    case 'error-json':
      return { kind: 'error', message: JSON.stringify(value) ?? String(value) };
    default:
      return { kind: 'success', value: output };
  }
}

/** One tool result found at the end of the prompt, with the arguments of its call. */
export interface DemoToolResult {
  toolName: string;
  output: unknown;
  /**
   * The arguments of the call, from the assistant message that made it: after an approval with
   * edited arguments, these are the edited ones (the ones that ran).
   */
  input?: unknown;
}
