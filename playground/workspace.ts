import { createSandbox, type Sandbox } from 'react-agent-kit/sandbox';
import { readSessionFile, writeSessionFile, type AgentSnapshot, type SessionStorage } from 'react-agent-kit/sessions';

/** The files a new conversation's workspace starts with: something for the demo model to read, search and edit. */
export const starterFiles: Record<string, string> = {
  'README.md': [
    '# Playground workspace',
    '',
    'These files live in your browser, in an in-memory tree, and are saved with the conversation:',
    'on the dev server, or in this browser only (the sidebar\'s Conversations switch says which).',
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

/** Downloads the conversation with its files as one JSON file (`writeSessionFile`). */
export function exportConversation(snapshot: AgentSnapshot, title: string): void {
  const url = URL.createObjectURL(new Blob([writeSessionFile(snapshot)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), { href: url, download: `${title.replace(/[^\w-]+/g, '-').slice(0, 40) || 'conversation'}.json` });
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Stores a conversation file as a new conversation `id` (its files too) in `storage`, where the
 * playground's conversations are now; open it by switching to that id. Throws a
 * `PersistenceError` that says what is wrong with the file.
 */
export async function importConversation(file: Blob, id: string, conversations: SessionStorage): Promise<void> {
  const snapshot = readSessionFile(new Uint8Array(await file.arrayBuffer()));
  const files = snapshot.sandbox?.files;
  if (files) await conversations.files(id).saveAll(files);
  const { files: _files, ...sandbox } = snapshot.sandbox ?? { checkpoints: [] };
  await conversations.save({ id, snapshot: { ...snapshot, ...(snapshot.sandbox ? { sandbox } : {}) } }, null);
}
