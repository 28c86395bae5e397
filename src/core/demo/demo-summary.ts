/**
 * The demo model's answer to a summarization request (`agent.compact()`, or the context budget):
 * a summary made from the transcript it is sent, so the playground can show compaction offline.
 */
import type { ScriptedCall } from '../scripted/scripted-model';

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * @example
 * ```ts
 * demoSummary(call); // "Summary of the conversation so far (demo model): the user asked: ..."
 * ```
 */
export function demoSummary(call: ScriptedCall): string {
  const request = call.prompt.at(-1);
  const text = request && typeof request.content !== 'string' ? request.content.map((part) => part.text ?? '').join('\n') : '';
  const earlier = /<summary>\n([^]*?)\n<\/summary>/.exec(text)?.[1];
  const asked = [...text.matchAll(/^User: (.*)$/gm)].map((match) => `"${cut(match[1]!.trim(), 60)}"`);
  const tools = [...text.matchAll(/^Assistant called ([\w.-]+)\(/gm)].map((match) => match[1]!);
  const toolNames = [...new Set(tools)];
  return [
    earlier ? `${earlier}\n\nThen` : 'Summary of the conversation so far (written by the demo model, offline):',
    // Short, as a summary should be: the count, and the last few requests.
    asked.length > 5 ? ` the user asked ${asked.length} things, most recently ${asked.slice(-3).join(', ')}.` : asked.length > 0 ? ` the user asked ${asked.join(', ')}.` : ' the assistant went on with the task.',
    toolNames.length > 0 ? ` The assistant called ${tools.length} tool${tools.length === 1 ? '' : 's'} (${toolNames.join(', ')}).` : ' No tools were called.',
  ].join('');
}
