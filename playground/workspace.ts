import { createSandbox, indexedDbSandboxStorage, persistSandbox, type Sandbox, type SandboxPersistence } from 'react-agent-kit/sandbox';

/** The files a new workspace starts with: something for the demo model to read, search and edit. */
export const starterFiles: Record<string, string> = {
  'README.md': [
    '# Playground workspace',
    '',
    'These files live in your browser: an in-memory tree, saved to IndexedDB as it changes.',
    'The agent reads and edits them with its file tools; every change it makes asks you first',
    'and shows a diff. Each of your messages takes a checkpoint: "Roll back to here" restores',
    'the files and the conversation together.',
    '',
  ].join('\n'),
  'TODO.md': ['# To do', '', '- [x] Open the playground', '- [ ] Ask the agent to add a task', '- [ ] Roll it back', ''].join('\n'),
  'src/greeting.ts': ["export function greeting(name: string): string {", "  return `Hello, ${name}!`;", '}', ''].join('\n'),
  'notes/ideas.md': ['# Ideas', '', '- A workspace that survives a reload', '- Diffs before every change', ''].join('\n'),
};

/** The playground's workspace: a sandbox kept in this browser's IndexedDB. */
export interface PlaygroundWorkspace {
  sandbox: Sandbox;
  persistence: SandboxPersistence;
  /** Puts the starter files back (a change like any other: it is saved, and a checkpoint can undo it). */
  reset(): void;
}

/**
 * Opens the workspace: the files saved by an earlier visit, or the starter files the first time.
 * Without IndexedDB (a private window that refuses it) the workspace still works, in memory.
 */
export async function openWorkspace(): Promise<PlaygroundWorkspace> {
  const sandbox = createSandbox({ files: starterFiles });
  const starter = sandbox.toRecords();
  const persistence = await persistSandbox(sandbox, indexedDbSandboxStorage({ name: 'playground' }), {
    onError: (error) => console.warn(`Workspace not saved: ${error.message}`),
  });
  return { sandbox, persistence, reset: () => sandbox.load(starter) };
}
