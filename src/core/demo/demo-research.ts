/**
 * The demo's "research with a helper" story, for a sub-agent tool (`defineAgentTool`) whose child
 * runs on the demo model too. The parent hands the task to the helper; the helper lists the
 * workspace, writes a summary to `research.md` (an approval, asked in the parent's UI), and
 * answers; the parent passes the answer on. Which side is speaking is told by the tools on
 * offer: the parent has the helper tool, the helper has only file tools.
 */
import type { ScriptedCall, ScriptedItem } from '../scripted/scripted-model';
import { readToolOutcome } from './demo-tool-outcome';
import { trailingToolResults } from './demo-tool-results';

const researchPattern = /\b(research|researcher|helper|sub-?agents?)\b/i;

/** The task the parent hands its helper. */
export const demoResearchTask = 'Research the workspace: list its files and write a short summary of them to research.md.';

/**
 * The next step of the research story, or `undefined` when the message is not about it.
 *
 * @example
 * ```ts
 * demoResearchReply(call); // the parent: [lead, call research_helper]; the helper: [lead, call list_files]
 * ```
 */
export function demoResearchReply(call: ScriptedCall): ScriptedItem[] | undefined {
  if (!researchPattern.test(call.lastUserText)) return undefined;
  const names = call.tools.filter((tool) => tool.type === 'function').map((tool) => tool.name);
  const helper = names.find((name) => /helper|research/i.test(name));
  const results = trailingToolResults(call.prompt);
  if (helper) {
    if (results.length === 0) {
      return [
        { type: 'text', text: `I'll hand this to my helper, \`${helper}\`: it works on its own, with its own steps, and reports back. Its steps show inside the call below, and if it wants to change a file, you decide here.` },
        { type: 'tool-call', toolName: helper, input: { task: demoResearchTask } },
      ];
    }
    const report = results.find((result) => result.toolName === helper);
    if (!report) return undefined;
    const outcome = readToolOutcome(report.output);
    if (outcome.kind !== 'success') return [{ type: 'text', text: `My helper did not finish: ${outcome.kind === 'error' ? outcome.message : 'the call was refused'}.` }];
    return [{ type: 'text', text: `My helper reports back:\n\n> ${String(outcome.value).split('\n').join('\n> ')}` }];
  }
  if (!names.includes('list_files')) return undefined;
  const last = results.at(-1);
  if (!last) return [{ type: 'text', text: 'Looking through the workspace.' }, { type: 'tool-call', toolName: 'list_files', input: {} }];
  const outcome = readToolOutcome(last.output);
  if (last.toolName === 'list_files' && outcome.kind === 'success') {
    const entries = readEntries(outcome.value);
    const content = ['# Research notes', '', `The workspace holds ${entries.length} entries:`, '', ...entries.map((entry) => `- ${entry}`), ''].join('\n');
    return [{ type: 'text', text: `Found ${entries.length} entries. Writing the summary.` }, { type: 'tool-call', toolName: 'write_file', input: { path: 'research.md', content, overwrite: true } }];
  }
  if (last.toolName === 'write_file') {
    if (outcome.kind === 'success') return [{ type: 'text', text: 'I listed the workspace and wrote a summary of its files to research.md.' }];
    return [{ type: 'text', text: `I listed the workspace, but could not save the summary (${outcome.kind === 'denied' ? 'you denied the write' : outcome.message}).` }];
  }
  return [{ type: 'text', text: 'I could not list the workspace, so there is nothing to summarize.' }];
}

function readEntries(value: unknown): string[] {
  const entries = typeof value === 'object' && value !== null ? (value as { entries?: unknown }).entries : undefined;
  return Array.isArray(entries) ? entries.filter((entry): entry is string => typeof entry === 'string') : [];
}
