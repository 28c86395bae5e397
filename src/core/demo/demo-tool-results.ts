/**
 * The demo model's second step after a tool call: it reads the tool results at the end of the
 * prompt and summarizes them in text, whatever happened (a result, an error, a denial).
 */
import type { ScriptedPromptMessage } from '../model/scripted-model';

/** One tool result found at the end of the prompt. */
export interface DemoToolResult {
  toolName: string;
  output: unknown;
}

/**
 * The tool results of the last message when it is a tool message, else an empty list: the
 * model only summarizes right after its tools ran, so it never calls a tool twice in a row.
 *
 * @example
 * ```ts
 * trailingToolResults([{ role: 'tool', content: [{ type: 'tool-result', toolName: 'x', output: { type: 'text', value: 'ok' } }] }]);
 * // [{ toolName: 'x', output: { type: 'text', value: 'ok' } }]
 * ```
 */
export function trailingToolResults(prompt: readonly ScriptedPromptMessage[]): DemoToolResult[] {
  const last = prompt.at(-1);
  if (last === undefined || last.role !== 'tool' || typeof last.content === 'string') return [];
  return last.content.flatMap((part) =>
    part.type === 'tool-result' ? [{ toolName: part.toolName ?? 'tool', output: part.output }] : [],
  );
}

const maxJsonLength = 800;

function jsonBlock(value: unknown): string {
  let json = JSON.stringify(value, null, 2) ?? String(value);
  if (json.length > maxJsonLength) json = `${json.slice(0, maxJsonLength)}\n...`;
  return `\`\`\`json\n${json}\n\`\`\``;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

function summarizeOne({ toolName, output }: DemoToolResult): string {
  const name = `\`${toolName}\``;
  const type = field(output, 'type');
  const value = field(output, 'value');
  switch (type) {
    case 'execution-denied': {
      const reason = field(output, 'reason');
      return (
        `You denied the ${name} call${typeof reason === 'string' && reason !== '' ? ` ("${reason}")` : ''}, so it did not run. ` +
        'A real model receives your reason and changes its plan.'
      );
    }
    case 'error-text':
    case 'error-json':
      return (
        `The ${name} tool failed: ${typeof value === 'string' ? value : jsonBlock(value)}\n\n` +
        'Failures come back to the model as results, so the conversation goes on.'
      );
    case 'text':
      return `${name} returned:\n\n> ${String(value).split('\n').join('\n> ')}`;
    default:
      break;
  }
  if (field(value, 'status') === 'answered') return `Thanks! ${name} brought back your answers:\n\n${jsonBlock(field(value, 'answers'))}`;
  if (field(value, 'status') === 'cancelled') return `You dismissed the ${name} question. No problem: nothing was chosen.`;
  return `Here is what ${name} returned:\n\n${jsonBlock(type === 'json' ? value : output)}`;
}

/**
 * The text the demo model writes after its tools ran.
 *
 * @example
 * ```ts
 * summarizeToolResults([{ toolName: 'get_weather', output: { type: 'json', value: { temperature: 21 } } }]);
 * ```
 */
export function summarizeToolResults(results: readonly DemoToolResult[]): string {
  return [
    ...results.map(summarizeOne),
    "I'm the demo model, so I show the raw result; a real model would put it in its own words.",
  ].join('\n\n');
}
