import type { AuditActor, ToolCallState } from '../../core/index';
import { approvalText } from '../approval-dialog/approval-text';
import { attachmentText } from '../attachments/attachment-text';
import { planText } from '../plan/plan-text';
import { replyText } from '../message/reply-text';
import { feedbackText } from '../feedback/feedback-text';
import { sourceText } from '../sources/source-text';
import { mcpAppText } from '../mcp-app/mcp-app-text';
import { previewText } from '../preview/preview-text';
import { schemaFormText } from '../approval-dialog/schema-form/schema-form-text';
import { shellPreviewText } from '../approval-dialog/shell-preview/shell-preview-text';
import { voiceText } from '../voice/voice-text';
import { suggestionText } from '../suggestions/suggestion-text';

/** The shape of a group of words written `as const`: each string widened, each function kept. */
export type Words<T> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : T[K] extends string ? string : Words<T[K]> };

/**
 * Every word the kit's components show or say to assistive technology, in one replaceable set:
 * pass a whole set (`germanStrings`) or only what you change to `AgentChat`'s `strings` (or a
 * `StringsProvider`). Grouped by where the words appear; a function takes what the sentence
 * needs. Messages that come from the runtime (errors, notices, the model's words) are not here:
 * they reach the page as the runtime or the model wrote them (`AgentError.code` says which error
 * it is, for an app that wants its own words).
 *
 * @example
 * ```tsx
 * <AgentChat agent={agent} strings={{ chat: { emptyTitle: 'Ask me anything' } }} />
 * ```
 */
export interface KitStrings {
  /** The language of these strings (a BCP 47 tag): the chat's `lang`, and how numbers are written. */
  locale: string;
  /** Whether the language is written right to left; the chat's `dir` unless the app sets one. */
  direction: 'ltr' | 'rtl';
  chat: {
    emptyTitle: string;
    composerPlaceholder: string;
    message: string;
    send: string;
    stop: string;
    waitsForAnswer: string;
    waitsForApproval: string;
  };
  /** Messages sent while the agent works, waiting their turn under the composer (`state.queue`). */
  queue: {
    label: string;
    /** The send button while the agent works: the message waits its turn. */
    queueMessage: string;
    edit: (text: string) => string;
    remove: (text: string) => string;
    /** The field that edits a queued message. */
    editing: string;
    save: string;
    cancel: string;
    /** Announced when a message joins the queue. */
    queued: (text: string) => string;
    removed: string;
    /** Shown while the agent waits for a person: the queue waits too. */
    waitsForPeople: string;
  };
  thread: {
    conversation: string;
    jumpToLatest: string;
    thinking: string;
    reasoning: string;
    stopped: string;
    responding: string;
    retry: string;
    you: string;
    assistant: string;
    replied: (summary: string) => string;
    replyStopped: string;
    codeBlock: string;
    copy: { idle: string; copied: string; failed: string };
    copyReplyName: { idle: string; copied: string; failed: string };
    copyReplyAnnounced: { idle: string; copied: string; failed: string };
    earlierSummarized: string;
    summaryDetail: (count: string) => string;
  };
  session: {
    loading: string;
    notSaved: string;
    savingFailed: string;
    notBeingSaved: string;
    chatGoesOn: string;
    stoppedBeforeDone: string;
    continue: string;
  };
  sessions: {
    title: string;
    newChat: string;
    listFailed: (message: string) => string;
    newTitle: string;
    save: string;
    deleteQuestionLabel: (title: string) => string;
    deleteQuestion: string;
    cancel: string;
    delete: string;
    rename: string;
    renameLabel: (title: string) => string;
    deleteLabel: (title: string) => string;
    messageCount: (count: number) => string;
  };
  /** The picker of a message that has other versions (edits, regenerations): ‹ 2 / 3 ›. */
  branches: {
    label: string;
    previous: string;
    next: string;
    /** What the picker shows between its buttons. */
    position: (shown: number, total: number) => string;
    /** Announced once another version is shown. */
    shown: (shown: number, total: number) => string;
  };
  messageActions: {
    regenerate: string;
    edit: string;
    editQuestion: string;
    editedMessage: string;
    cancel: string;
    saveAndSend: string;
    rollBackToHere: string;
    rollBackQuestion: string;
    rollBack: string;
  };
  /** A tool call's state, as its badge and its history say it. */
  toolStates: Readonly<Record<ToolCallState, string>> & { dismissed: string };
  toolCall: {
    details: (toolName: string) => string;
    needsApproval: string;
    needsAnswer: string;
    runningTime: string;
    runningFor: string;
    argumentsStreaming: string;
    argumentsRaw: string;
    arguments: string;
    argumentsEdited: string;
    argumentsAsSent: string;
    progress: string;
    result: string;
    exitCode: (code: number) => string;
    output: string;
    errors: string;
    outputCut: string;
    history: string;
    auditBy: (actor: AuditActor) => string;
    showLess: string;
    showAllCharacters: (count: string) => string;
    timelineLabel: string;
    noToolCalls: string;
    viewFailed: (toolName: string, message: string) => string;
    /** The nested timeline of a sub-agent's call (`defineAgentTool`). */
    subAgentSteps: (toolName: string) => string;
    subAgentWorking: string;
  };
  context: {
    used: string;
    usage: (used: string, budget: string, percent: number) => string;
    empty: (budget: string) => string;
    cost: (dollars: string) => string;
    compact: string;
    compacting: string;
    compactTitle: string;
    nothingToCompact: string;
    compacted: (count: string) => string;
  };
  files: {
    workspace: string;
    workspaceFiles: string;
    close: string;
    list: string;
    files: string;
    changes: string;
    export: string;
    exportTitle: string;
    noCheckpoint: string;
    noChanges: string;
    selectFile: string;
    file: (path: string) => string;
    show: string;
    content: string;
    diff: string;
    download: string;
    noCheckpointForDiff: string;
    changesTo: (path: string) => string;
    loading: string;
    deletedSinceCheckpoint: string;
    doesNotExist: string;
    binary: (size: string) => string;
    empty: string;
    contentOf: (path: string) => string;
    marks: { added: string; modified: string; deleted: string; 'contains-changes': string };
    tree: string;
    noFiles: string;
  };
  /** The question picker (`ask_user_question`). */
  questions: {
    title: string;
    titleSeveral: string;
    queue: (position: number, total: number) => string;
    noQuestions: string;
    toSubmit: (headers: readonly string[]) => string;
    cancel: string;
    submit: string;
    chooseOne: string;
    chooseAny: string;
    optional: string;
    ownWords: string;
    yourAnswer: string;
  };
  /** Files attached in the composer and shown in sent messages. */
  attachments: Words<typeof attachmentText>;
  /** Voice in and out: dictation in the composer, "Read aloud" under a reply. */
  voice: Words<typeof voiceText>;
  /** The agent's plan above the composer (`Plan`), and `todo_write` calls in the thread. */
  plan: Words<typeof planText>;
  /** Under a finished reply, beyond its actions: its timing. */
  reply: Words<typeof replyText>;
  /** Rating a reply (`onFeedback`): thumbs up and down, and a comment. */
  feedback: Words<typeof feedbackText>;
  /** The sources under a reply (`SourceList`). */
  sources: Words<typeof sourceText>;
  /** An MCP App in a tool's card, and what it asks the person. */
  mcpApp: Words<typeof mcpAppText>;
  /** The live preview of a web page from the sandbox (`Preview`). */
  preview: Words<typeof previewText>;
  /** The approval dialog. */
  approval: Words<typeof approvalText>;
  /** The arguments form in the approval dialog, generated from the tool's JSON Schema. */
  schemaForm: Words<typeof schemaFormText>;
  /** The preview of a shell command in the approval dialog. */
  shellPreview: Words<typeof shellPreviewText>;
  /** Starter prompts in the empty chat and follow-ups after a reply (`AgentChat`'s `suggestions`). */
  suggestions: Words<typeof suggestionText>;
  diff: {
    label: string;
    binary: string;
    noChanges: string;
    nothingToShow: string;
    oldLine: string;
    newLine: string;
    change: string;
    text: string;
    added: string;
    removed: string;
    linesChanged: (added: number, removed: number) => string;
    showAllLines: (total: string, more: string) => string;
  };
}

/** What an app may pass as `strings`: any group, and in it any words, over the base set. */
export type KitStringsOverride = { readonly [Group in keyof KitStrings]?: KitStrings[Group] extends object ? Partial<KitStrings[Group]> : KitStrings[Group] };

/** The English names of a tool call's states (also `toolCallStateLabels`). */
export const englishToolStates: KitStrings['toolStates'] = {
  'input-streaming': 'Preparing',
  'input-available': 'Ready',
  'approval-requested': 'Needs approval',
  'approval-responded': 'Approved',
  'answer-requested': 'Needs an answer',
  running: 'Running',
  'output-available': 'Done',
  'output-error': 'Failed',
  'output-denied': 'Denied',
  cancelled: 'Cancelled',
  sealed: 'Interrupted',
  dismissed: 'Dismissed',
};

/** The English words of the `thread` group (its own constant, so a part used alone ships only these). */
export const englishThreadWords: KitStrings['thread'] = {
  conversation: 'Conversation',
  jumpToLatest: 'Jump to latest',
  thinking: 'Thinking…',
  reasoning: 'Reasoning',
  stopped: 'Stopped',
  responding: 'Assistant is responding',
  retry: 'Retry',
  you: 'You',
  assistant: 'Assistant',
  replied: (summary) => `Assistant replied: ${summary}`,
  replyStopped: 'Reply stopped.',
  codeBlock: 'code block',
  copy: { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' },
  copyReplyName: { idle: 'Copy reply', copied: 'Copied', failed: 'Copy failed' },
  copyReplyAnnounced: { idle: '', copied: 'Reply copied to the clipboard', failed: 'The reply could not be copied' },
  earlierSummarized: 'Earlier messages summarized',
  summaryDetail: (count) => `(the model gets a summary of the ${count} messages above)`,
};

/** The English words of the `diff` group (its own constant, so a part used alone ships only these). */
export const englishDiffWords: KitStrings['diff'] = {
  label: 'Changes',
  binary: 'Binary file changed; its content is not shown.',
  noChanges: 'No changes.',
  nothingToShow: 'Nothing to show in this diff.',
  oldLine: 'Old line',
  newLine: 'New line',
  change: 'Change',
  text: 'Text',
  added: 'Added',
  removed: 'Removed',
  linesChanged: (added, removed) => `${added} ${added === 1 ? 'line' : 'lines'} added, ${removed} ${removed === 1 ? 'line' : 'lines'} removed`,
  showAllLines: (total, more) => `Show all ${total} lines (${more} more)`,
};

/**
 * The groups whose words load with the parts that show them (dictation and reading aloud,
 * suggestions, feedback, a reply's timing): a chat that shows none of these ships none of their
 * words. In `useStrings()` they are there only when the app gave them (a whole set such as
 * `germanStrings`, or its own words); the kit's parts take their English words themselves.
 */
export type LazyWordGroup = 'voice' | 'suggestions' | 'feedback' | 'reply' | 'sources';

/** The words in effect in a chat (`useStrings()`): every group, but those of lazy parts only when given. */
export type ChatStrings = Omit<KitStrings, LazyWordGroup> & Partial<Pick<KitStrings, LazyWordGroup>>;

/** The English words a chat needs up front: every group but the lazy parts' (see `LazyWordGroup`). */
export const englishChatStrings: ChatStrings = {
  locale: 'en',
  direction: 'ltr',
  chat: {
    emptyTitle: 'How can I help?',
    composerPlaceholder: 'Send a message…',
    message: 'Message',
    send: 'Send',
    stop: 'Stop',
    waitsForAnswer: 'Answer the question above (or cancel it) to continue.',
    waitsForApproval: 'The agent waits for your decision on a tool call.',
  },
  queue: {
    label: 'Queued messages',
    queueMessage: 'Queue message',
    edit: (text) => `Edit queued message: ${text}`,
    remove: (text) => `Remove queued message: ${text}`,
    editing: 'Queued message',
    save: 'Save',
    cancel: 'Cancel',
    queued: (text) => `Queued, sent when the agent is done: ${text}`,
    removed: 'Queued message removed.',
    waitsForPeople: 'Queued messages are sent after your decision above.',
  },
  thread: englishThreadWords,
  session: {
    loading: 'Loading the conversation…',
    notSaved: 'Not saved: ',
    savingFailed: 'Saving failed: ',
    notBeingSaved: 'The conversation is not being saved.',
    chatGoesOn: ' The chat goes on in this tab.',
    stoppedBeforeDone: 'The conversation stopped before the agent finished.',
    continue: 'Continue',
  },
  sessions: {
    title: 'Conversations',
    newChat: 'New chat',
    listFailed: (message) => `The conversations could not be listed: ${message}`,
    newTitle: 'New title',
    save: 'Save',
    deleteQuestionLabel: (title) => `Delete "${title}"?`,
    deleteQuestion: 'Delete this conversation and its files?',
    cancel: 'Cancel',
    delete: 'Delete',
    rename: 'Rename',
    renameLabel: (title) => `Rename "${title}"`,
    deleteLabel: (title) => `Delete "${title}"`,
    messageCount: (count) => `${count} ${count === 1 ? 'message' : 'messages'}`,
  },
  branches: {
    label: 'Versions',
    previous: 'Previous version',
    next: 'Next version',
    position: (shown, total) => `${shown} / ${total}`,
    shown: (shown, total) => `Version ${shown} of ${total}`,
  },
  messageActions: {
    regenerate: 'Regenerate',
    edit: 'Edit',
    editQuestion: 'Edit this message and send it again? What came after it is kept as another version.',
    editedMessage: 'Edited message',
    cancel: 'Cancel',
    saveAndSend: 'Save and send',
    rollBackToHere: 'Roll back to here',
    rollBackQuestion: 'Roll back to before this message? The files return to how they were, and this message and everything after it are removed.',
    rollBack: 'Roll back',
  },
  toolStates: englishToolStates,
  toolCall: {
    details: (toolName) => `${toolName} details`,
    needsApproval: 'Needs approval',
    needsAnswer: 'Needs an answer',
    runningTime: 'Running time',
    runningFor: 'Running for',
    argumentsStreaming: 'Arguments (streaming)',
    argumentsRaw: 'Arguments (raw)',
    arguments: 'Arguments',
    argumentsEdited: 'Arguments (edited before approval)',
    argumentsAsSent: 'Arguments as the model sent them',
    progress: 'Progress',
    result: 'Result',
    exitCode: (code) => `Exit code ${code}`,
    output: 'Output',
    errors: 'Errors',
    outputCut: ' (output cut)',
    history: 'History',
    auditBy: (actor) => `by ${actor}`,
    showLess: 'Show less',
    showAllCharacters: (count) => `Show all (${count} characters)`,
    timelineLabel: 'Tool calls',
    noToolCalls: 'No tool calls yet.',
    viewFailed: (toolName, message) => `The app's view of ${toolName} failed (${message}); the details below show the call.`,
    subAgentSteps: (toolName) => `What ${toolName} did`,
    subAgentWorking: 'Working…',
  },
  context: {
    used: 'Context used',
    usage: (used, budget, percent) => `Context: ${used} of ${budget} tokens (${percent}%)`,
    empty: (budget) => `Context: 0 of ${budget} tokens`,
    cost: (dollars) => `Cost: $${dollars}`,
    compact: 'Compact',
    compacting: 'Compacting…',
    compactTitle: 'Summarize earlier messages for the model; they stay here',
    nothingToCompact: 'Nothing to summarize yet: the conversation is all recent.',
    compacted: (count) => `Summarized the first ${count} messages for the model; they stay in the thread.`,
  },
  files: {
    workspace: 'Workspace',
    workspaceFiles: 'Workspace files',
    close: 'Close',
    list: 'List',
    files: 'Files',
    changes: 'Changes',
    export: 'Export',
    exportTitle: 'Download the whole workspace as one JSON file',
    noCheckpoint: 'No checkpoint yet: the agent takes one at the start of each turn.',
    noChanges: 'No changes since the start of the turn.',
    selectFile: 'Select a file to see it here.',
    file: (path) => `File ${path}`,
    show: 'Show',
    content: 'Content',
    diff: 'Diff',
    download: 'Download',
    noCheckpointForDiff: 'No checkpoint yet: changes show from the agent’s next turn.',
    changesTo: (path) => `Changes to ${path}`,
    loading: 'Loading…',
    deletedSinceCheckpoint: 'This file was deleted since the checkpoint; its changes show what it held.',
    doesNotExist: 'This file does not exist.',
    binary: (size) => `Binary file, ${size}; download it to open it.`,
    empty: 'Empty file.',
    contentOf: (path) => `Content of ${path}`,
    marks: { added: 'added', modified: 'modified', deleted: 'deleted', 'contains-changes': 'contains changes' },
    tree: 'Files',
    noFiles: 'No files yet.',
  },
  questions: {
    title: 'The agent has a question',
    titleSeveral: 'The agent has questions',
    queue: (position, total) => `${position} of ${total}`,
    noQuestions: 'This request has no questions that can be shown. Cancel it to let the agent go on.',
    toSubmit: (headers) => `To submit, answer ${headers.map((header) => `“${header}”`).join(', ')}.`,
    cancel: 'Cancel',
    submit: 'Submit',
    chooseOne: 'Choose one',
    chooseAny: 'Choose any',
    optional: 'optional',
    ownWords: 'Or in your own words',
    yourAnswer: 'Your answer',
  },
  attachments: attachmentText,
  plan: planText,
  mcpApp: mcpAppText,
  preview: previewText,
  approval: approvalText,
  schemaForm: schemaFormText,
  shellPreview: shellPreviewText,
  diff: englishDiffWords,
};

/** The kit's English words: the default set, every group. */
export const englishStrings: KitStrings = /* @__PURE__ */ Object.assign({}, englishChatStrings, { voice: voiceText, suggestions: suggestionText, feedback: feedbackText, reply: replyText, sources: sourceText });

const lazyWordGroups: ReadonlySet<string> = new Set<LazyWordGroup>(['voice', 'suggestions', 'feedback', 'reply', 'sources']);

/**
 * `base` with `override`'s words in place of its own, group by group. A lazy part's group that
 * `base` lacks is taken as given (the part fills in the English words it was not given).
 */
export function mergeStrings<Base extends ChatStrings>(base: Base, override: KitStringsOverride | undefined): Base {
  if (!override) return base;
  const merged: Record<string, unknown> = { ...base };
  for (const [group, words] of Object.entries(override)) {
    if ((!Object.hasOwn(base, group) && !lazyWordGroups.has(group)) || words === undefined) continue;
    const current = (base as unknown as Record<string, unknown>)[group];
    merged[group] = typeof current === 'object' && current !== null && typeof words === 'object' ? { ...current, ...words } : words;
  }
  return merged as unknown as Base;
}
