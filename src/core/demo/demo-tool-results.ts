/**
 * The demo model's second step after a tool call: it reads the tool results at the end of the
 * prompt and summarizes them in text, whatever happened (a result, an error, a denial). The
 * people-in-the-loop tools (`send_email`, `ask_user_question`, `delete_records`) get replies
 * of their own.
 */
import type { ScriptedPromptMessage } from '../scripted/scripted-model';
import { summarizeCleanupResult } from './demo-cleanup';
import { summarizeEmailResult } from './demo-email';
import { summarizeQuestionResult } from './demo-questions';
import { field, readToolOutcome, type DemoToolResult } from './demo-tool-outcome';
import { isPlanReminder } from '../scripted/is-plan-reminder';


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
  // The plan's note may follow the results (`createAgent({ todos: true })`).
  const last = prompt.findLast((message) => !isPlanReminder(message));
  if (last === undefined || last.role !== 'tool' || typeof last.content === 'string') return [];
  const inputs = new Map<string, unknown>();
  for (const message of prompt) {
    if (message.role !== 'assistant') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call' && part.toolCallId !== undefined) inputs.set(part.toolCallId, part.input);
    }
  }
  return last.content.flatMap((part) => {
    if (part.type !== 'tool-result') return [];
    const input = part.toolCallId !== undefined ? inputs.get(part.toolCallId) : undefined;
    return [{ toolName: part.toolName ?? 'tool', output: part.output, ...(input !== undefined ? { input } : {}) }];
  });
}

const maxJsonLength = 800;

function jsonBlock(value: unknown): string {
  let json = JSON.stringify(value, null, 2) ?? String(value);
  if (json.length > maxJsonLength) json = `${json.slice(0, maxJsonLength)}\n...`;
  return `\`\`\`json\n${json}\n\`\`\``;
}

function summarizeOne({ toolName, output }: DemoToolResult): string {
  const name = `\`${toolName}\``;
  const type = field(output, 'type');
  const value = field(output, 'value');
  const outcome = readToolOutcome(output);
  switch (outcome.kind) {
    case 'denied':
      if (outcome.by === 'policy') return `The agent's permission policy does not allow ${name}, so it did not run.`;
      return (
        `You denied the ${name} call${outcome.reason !== undefined ? ` ("${outcome.reason}")` : ''}, so it did not run. ` +
        'A real model receives your reason and changes its plan.'
      );
    case 'error':
      return (
        `The ${name} tool failed: ${typeof value === 'string' ? value : jsonBlock(value)}\n\n` +
        'Failures come back to the model as results, so the conversation goes on.'
      );
    case 'success':
      break;
  }
  if (type === 'text') return `${name} returned:\n\n> ${String(value).split('\n').join('\n> ')}`;
  return `Here is what ${name} returned:\n\n${jsonBlock(outcome.value)}`;
}

// The replies of the people-in-the-loop demos; `undefined` falls back to the generic summary.
const ownReplies: Record<string, (result: DemoToolResult, userText: string) => string | undefined> = {
  send_email: summarizeEmailResult,
  ask_user_question: summarizeQuestionResult,
  delete_records: summarizeCleanupResult,
};

/**
 * The text the demo model writes after its tools ran. `userText` is the request that led to
 * the calls; the email reply compares it with the arguments that ran to spot edits.
 *
 * @example
 * ```ts
 * summarizeToolResults([{ toolName: 'get_weather', output: { type: 'json', value: { temperature: 21 } } }]);
 * ```
 */
export function summarizeToolResults(results: readonly DemoToolResult[], userText = ''): string {
  let generic = false;
  const replies = results.map((result) => {
    const own = Object.hasOwn(ownReplies, result.toolName) ? ownReplies[result.toolName]!(result, userText) : undefined;
    if (own !== undefined) return own;
    generic = true;
    return summarizeOne(result);
  });
  if (generic) replies.push("I'm the demo model, so I show the raw result; a real model would put it in its own words.");
  return replies.join('\n\n');
}
