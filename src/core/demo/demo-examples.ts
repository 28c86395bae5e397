/*
 * The demo model's example prompts, apart from its replies: the model's metadata needs them up
 * front, while the replies load lazily with the rest of the demo.
 */

/**
 * Prompts that show what the kit can do; the intro lists them, and a playground can offer them
 * as suggestions.
 *
 * @example
 * ```ts
 * demoExamplePrompts.map((example) => example.prompt); // ['Show me some markdown', ...]
 * ```
 */
export const demoExamplePrompts: ReadonlyArray<{ prompt: string; shows: string }> = [
  { prompt: 'Show me some markdown', shows: 'headings, lists, a table, code' },
  { prompt: 'Tell me a long story', shows: 'a long reply, to try Stop and scrolling' },
  { prompt: 'Think about why the sky is blue', shows: 'reasoning before the answer' },
  { prompt: "What's the weather in Tokyo?", shows: 'a tool call and its result' },
  { prompt: 'What time is it?', shows: 'another tool call' },
  { prompt: 'List my files', shows: 'the sandbox file tools' },
  { prompt: 'Add a task to my todo list: ship it', shows: 'the workspace: an edit with a diff to approve, then a rollback' },
  { prompt: 'Build a small web page and preview it', shows: 'the live preview: the page’s error reaches the agent, which fixes its file, and the preview reloads' },
  { prompt: 'Work through a multi-step task: prepare the launch', shows: 'a plan above the composer that the agent keeps up to date' },
  { prompt: 'Research my workspace with a helper', shows: 'a sub-agent: its steps inside the call, its approval decided here' },
  { prompt: 'Look up the customer ada@example.com', shows: 'a tool that runs on your server, through the bridge (the playground has one)' },
  { prompt: 'Send an email to Ada about the launch', shows: 'an approval: approve, edit the arguments first, or deny with a reason' },
  { prompt: 'Help me plan a project — ask me questions', shows: 'the question picker: single and multi select, previews, free text' },
  { prompt: 'Clean up records older than 30 days', shows: 'an approval that depends on the arguments (try 180 days)' },
  { prompt: 'Simulate an error', shows: 'error display and Retry' },
];
