import { createSandbox, type Sandbox } from 'react-agent-kit/sandbox';
import { indexedDbSessionStorage } from 'react-agent-kit/sessions';

/** The files a new conversation's workspace starts with: something for the demo model to read, search and edit. */
export const starterFiles: Record<string, string> = {
  'README.md': [
    '# Playground workspace',
    '',
    'These files live in your browser: an in-memory tree, saved to IndexedDB with the conversation.',
    'The agent reads and edits them with its file tools; every change it makes asks you first',
    'and shows a diff. Each of your messages takes a checkpoint: "Roll back to here" restores',
    'the files and the conversation together.',
    '',
  ].join('\n'),
  'TODO.md': ['# To do', '', '- [x] Open the playground', '- [ ] Ask the agent to add a task', '- [ ] Roll it back', ''].join('\n'),
  'src/greeting.ts': ["export function greeting(name: string): string {", "  return `Hello, ${name}!`;", '}', ''].join('\n'),
  'notes/ideas.md': ['# Ideas', '', '- A workspace that survives a reload', '- Diffs before every change', ''].join('\n'),
};

/** A fresh workspace; a saved conversation replaces its files with its own when it loads. */
export function createWorkspace(): Sandbox {
  return createSandbox({ files: starterFiles });
}

/** Puts the starter files back (a change like any other: it is saved, and "Roll back" can undo it). */
export function resetWorkspace(sandbox: Sandbox): void {
  sandbox.load(createWorkspace().toRecords());
}

/** Where the playground keeps its conversations and their files: this browser's IndexedDB. */
export const conversations = indexedDbSessionStorage({ name: 'playground' });

const activeKey = 'rak-playground-session';

/** The conversation that was open last, if any. */
export function lastSessionId(): string | null {
  return localStorage.getItem(activeKey);
}

export function rememberSessionId(id: string): void {
  localStorage.setItem(activeKey, id);
}
