/**
 * The workspace demo: the model reads `TODO.md`, adds a task with `edit_file` (an approval that
 * shows the diff), then says how to roll back. It takes several steps in one turn, so it decides
 * from the tool results at the end of the prompt what comes next.
 */
import type { ScriptedCall, ScriptedItem } from '../scripted/scripted-model';
import type { DemoToolResult } from './demo-tool-outcome';
import { field, readToolOutcome } from './demo-tool-outcome';

/** The file the workspace demo edits. */
export const demoTodoPath = 'TODO.md';

/** The task to add: what follows a colon in the request ("Add a task: ship it"), or a default. */
export function demoTask(userText: string): string {
  const named = userText.slice(userText.indexOf(':') + 1).trim();
  return userText.includes(':') && named !== '' ? named.replace(/[.!]+$/, '') : 'Try the rollback on this message';
}

const offers = (call: ScriptedCall, name: string) => call.tools.some((tool) => tool.type === 'function' && tool.name === name);

/**
 * The first step: read the file (a read-only call that runs without asking).
 *
 * @example
 * ```ts
 * workspaceFirstStep(call); // [text, { type: 'tool-call', toolName: 'read_file', input: { path: 'TODO.md' } }]
 * ```
 */
export function workspaceFirstStep(call: ScriptedCall): ScriptedItem[] | undefined {
  if (!offers(call, 'read_file') || !offers(call, 'edit_file')) return undefined;
  return [
    { type: 'text', text: `Let me look at \`${demoTodoPath}\` in your workspace first.` },
    { type: 'tool-call', toolName: 'read_file', input: { path: demoTodoPath } },
  ];
}

/**
 * The step after a tool of this demo ran: the edit after the read (or a new file when there was
 * none), and the closing words after the edit. `undefined` for results of other demos.
 *
 * @example
 * ```ts
 * workspaceFollowUp([{ toolName: 'read_file', output: { type: 'json', value: { content: '1\t# To do\n' } } }], call);
 * ```
 */
export function workspaceFollowUp(results: readonly DemoToolResult[], call: ScriptedCall): ScriptedItem[] | undefined {
  if (results.length !== 1) return undefined;
  const [result] = results as [DemoToolResult];
  const task = demoTask(call.lastUserText);
  const outcome = readToolOutcome(result.output);
  if (result.toolName === 'read_file' && field(result.input, 'path') === demoTodoPath) {
    const lastLine = outcome.kind === 'success' ? lastLineOf(field(outcome.value, 'content')) : undefined;
    if (lastLine === undefined) {
      return [
        { type: 'text', text: `There is no \`${demoTodoPath}\` yet, so I will create one. Writing a file asks for your approval.` },
        { type: 'tool-call', toolName: 'write_file', input: { path: demoTodoPath, content: `# To do\n\n- [ ] ${task}\n` } },
      ];
    }
    return [
      { type: 'text', text: `I will add “${task}” after the last line. Changing a file asks for your approval, and the approval shows the diff.` },
      { type: 'tool-call', toolName: 'edit_file', input: { path: demoTodoPath, oldText: lastLine, newText: `${lastLine}\n- [ ] ${task}` } },
    ];
  }
  if ((result.toolName === 'edit_file' || result.toolName === 'write_file') && field(result.input, 'path') === demoTodoPath) {
    return [{ type: 'text', text: closingWords(outcome, task) }];
  }
  return undefined;
}

function closingWords(outcome: ReturnType<typeof readToolOutcome>, task: string): string {
  switch (outcome.kind) {
    case 'denied':
      return `You denied the change${outcome.reason !== undefined ? ` (“${outcome.reason}”)` : ''}, so \`${demoTodoPath}\` is as it was.`;
    case 'error':
      return `The change failed: ${outcome.message}\n\nFailures come back to the model as results, so the conversation goes on.`;
    case 'success':
      return (
        `Done: \`${demoTodoPath}\` now lists “${task}”. The workspace panel marks the file as changed and shows the diff.\n\n` +
        'To undo it, use **Roll back to here** under your message: the files and the conversation go back to before it, together.'
      );
  }
}

/** The last non-empty line of `read_file`'s numbered content (`  3\t- [ ] x`), without its number. */
function lastLineOf(content: unknown): string | undefined {
  if (typeof content !== 'string') return undefined;
  const lines = content.split('\n').map((line) => line.slice(line.indexOf('\t') + 1)).filter((line) => line.trim() !== '');
  return lines.at(-1);
}
