import { describe, expect, it } from 'vitest';
import { PersistenceError } from '../persistence/persistence-error';
import { createInitialState, type AgentState } from '../store/state';
import { checkAgentState } from './check-agent-state';

/** A state with every kind of part, every optional field, and model data of odd kinds. */
function fullState(): AgentState {
  return {
    status: 'awaiting-people',
    runId: 'run-1',
    step: 2,
    runTime: { activeMs: 1_200, since: null },
    alwaysAllowed: ['read_file'],
    error: { code: 'model-error', message: 'The model failed.', retryable: true, at: 5 },
    usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 15 },
    costUsd: 0.5,
    compactions: [{ id: 'k1', throughMessageId: 'm1', messageCount: 1, summary: 'They asked for it.', createdAt: 3, trigger: 'request', instructions: 'Keep the plan.' }],
    todos: [
      { content: 'Read the file', status: 'completed', id: '1' },
      { content: 'Write it', status: 'in_progress', activeForm: 'Writing it' },
      { content: 'Check it', status: 'pending' },
    ],
    messages: [
      { id: 'm1', role: 'user', status: 'done', createdAt: 1, runId: 'run-1', checkpointId: 'checkpoint-1', tab: 'tab_1', parts: [
          { type: 'text', id: 'p1', text: 'Write it.', status: 'done' },
          { type: 'file', id: 'f1', mediaType: 'image/png', filename: 'photo.png', data: 'iVBORw0KGgo=', path: '/uploads/photo.png' },
        ] },
      {
        id: 'm2',
        role: 'assistant',
        status: 'done',
        createdAt: 2,
        runId: undefined,
        interrupted: false,
        usage: { inputTokens: 10, outputTokens: 5, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 15 },
        costUsd: 0.5,
        parts: [
          { type: 'reasoning', id: 'p2', text: 'Thinking.', status: 'done', providerMetadata: { anthropic: { signature: 'EvQB' } } },
          { type: 'tool-call', toolCallId: 'c1' },
          { type: 'tool-call', toolCallId: 'c2' },
          { type: 'notice', id: 'p3', level: 'warning', code: 'step-limit', text: 'Stopped at the step limit.' },
        ],
      },
    ],
    toolCalls: [
      {
        id: 'c1',
        name: 'write_file',
        messageId: 'm2',
        inputText: '{"path":"a.md"}',
        input: { path: 'a.md' },
        state: 'approval-responded',
        approval: {
          reason: 'This tool asks before it runs.',
          requestedAt: 3,
          expiresAt: 100,
          decision: { approved: true, always: false, at: 4, edited: true },
          preview: { kind: 'file-changes', note: 'One file.', files: [{ path: '/a.md', change: 'move', from: '/b.md', diff: '' }] },
        },
        originalInput: { path: 'b.md' },
        audit: [
          { state: 'input-available', at: 3, by: 'model' },
          { state: 'approval-requested', at: 3, by: 'runtime', note: 'asked' },
          { state: 'approval-responded', at: 4, by: 'user', note: 'approved with edited arguments' },
        ],
      },
      // Tool data is whatever the tool returned (IndexedDB keeps dates and bytes); it is not checked.
      { id: 'c2', name: 'fetch', messageId: 'm2', inputText: '', input: undefined, state: 'output-available', output: { when: new Date(0), bytes: new Uint8Array([1]), nested: JSON.parse('{"__proto__":{"x":1}}') }, progress: [Number.NaN], audit: [] },
    ],
  };
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PersistenceError);
    expect((error as PersistenceError).code).toBe('corrupt');
    return (error as PersistenceError).message.replace('This is not a saved conversation that react-agent-kit can read: ', '');
  }
  throw new Error('expected a corrupt PersistenceError');
}

type Damage = [string, (state: any) => void, string]; // eslint-disable-line @typescript-eslint/no-explicit-any -- damage writes any field

const damages: Damage[] = [
  ['a message without an id', (state) => delete state.messages[0].id, 'state.messages[0].id: expected a string, got nothing.'],
  ['messages: [null]', (state) => (state.messages = [null]), 'state.messages[0]: expected an object, got null.'],
  ['toolCalls: [null]', (state) => (state.toolCalls = [null]), 'state.toolCalls[0]: expected an object, got null.'],
  ['parts: "x"', (state) => (state.messages[1].parts = 'x'), 'state.messages[1].parts: expected a list, got "x".'],
  ['an unknown status', (state) => (state.status = 'napping'), 'state.status: expected one of "idle", "running", "awaiting-people", "error", got "napping".'],
  ['an unknown message status', (state) => (state.messages[0].status = 'banana'), 'state.messages[0].status: expected one of "streaming", "done", "stopped", "error", got "banana".'],
  ['an unknown part type', (state) => (state.messages[1].parts[0].type = 'foo'), 'state.messages[1].parts[0].type: expected one of "text", "reasoning", "tool-call", "notice", "file", "source", got "foo".'],
  ['a source of another kind', (state) => (state.messages[1].parts[0] = { type: 'source', id: 's', sourceId: '1', sourceType: 'video' }), 'state.messages[1].parts[0].sourceType: expected "url" or "document", got "video".'],
  ['a file without content', (state) => delete state.messages[0].parts[1].data, 'state.messages[0].parts[1].data: expected a string, got nothing.'],
  ['a file whose content is not base64', (state) => (state.messages[0].parts[1].data = '<script>alert(1)</script>'), 'state.messages[0].parts[1].data: is not base64.'],
  ['a file whose content is an object', (state) => (state.messages[0].parts[1].data = { bytes: [1] }), 'state.messages[0].parts[1].data: expected a string, got an object.'],
  ['a file with a media type that is not one', (state) => (state.messages[0].parts[1].mediaType = 'javascript:alert(1)'), 'state.messages[0].parts[1].mediaType: expected a media type such as "image/png", got "javascript:alert(1)".'],
  ['a file with a relative path', (state) => (state.messages[0].parts[1].path = '../etc/passwd'), 'state.messages[0].parts[1].path: expected an absolute path, got "../etc/passwd".'],
  ['a file with a name that is a number', (state) => (state.messages[0].parts[1].filename = 7), 'state.messages[0].parts[1].filename: expected a string, got 7.'],
  ['a file in a reply', (state) => state.messages[1].parts.push({ type: 'file', id: 'f2', mediaType: 'image/png', data: 'aGk=' }), 'state.messages[1].parts[4].type: is a file, and only user messages have files.'],
  ['an unknown call state', (state) => (state.toolCalls[1].state = 'xyz'), 'state.toolCalls[1].state: expected one of "input-streaming", '],
  ['an unknown part status', (state) => (state.messages[0].parts[0].status = 'half'), 'state.messages[0].parts[0].status: expected one of "streaming", "done", got "half".'],
  ['an unknown notice level', (state) => (state.messages[1].parts[3].level = 'panic'), 'state.messages[1].parts[3].level: expected one of "info", "warning", "error", got "panic".'],
  ['an unknown audit actor', (state) => (state.toolCalls[0].audit[1].by = 'cat'), 'state.toolCalls[0].audit[1].by: expected one of "model", "runtime", "user", "host", got "cat".'],
  ['an unknown error code', (state) => (state.error.code = 'oops'), 'state.error.code: expected one of "model-error", '],
  ['an unknown preview change', (state) => (state.toolCalls[0].approval.preview.files[0].change = 'wipe'), 'state.toolCalls[0].approval.preview.files[0].change: expected one of "create", "modify", "delete", "move", got "wipe".'],
  ['an unknown preview kind', (state) => (state.toolCalls[0].approval.preview.kind = 'other'), 'state.toolCalls[0].approval.preview.kind: expected "file-changes", got "other".'],
  ['a decision that is not an approval', (state) => (state.toolCalls[0].approval.decision.approved = false), 'state.toolCalls[0].approval.decision.approved: expected true, got false.'],
  ['a missing approval reason', (state) => delete state.toolCalls[0].approval.reason, 'state.toolCalls[0].approval.reason: expected a string, got nothing.'],
  ['an expiry that is not a number', (state) => (state.toolCalls[0].approval.expiresAt = '100'), 'state.toolCalls[0].approval.expiresAt: expected a finite number, got "100".'],
  ['an approval summary that is not text', (state) => (state.toolCalls[0].approval.summary = ['Send']), 'state.toolCalls[0].approval.summary: expected a string, got a list of 1 item.'],
  ['a null optional field', (state) => (state.messages[0].checkpointId = null), 'state.messages[0].checkpointId: expected a string, got null.'],
  ['a non-finite time', (state) => (state.toolCalls[0].audit[0].at = Number.POSITIVE_INFINITY), 'state.toolCalls[0].audit[0].at: expected a finite number, got Infinity.'],
  ['a NaN token count', (state) => (state.usage.totalTokens = Number.NaN), 'state.usage.totalTokens: expected a finite number, got NaN.'],
  ['a missing usage', (state) => delete state.usage, 'state.usage: expected an object, got nothing.'],
  ['a fractional step', (state) => (state.step = 1.5), 'state.step: expected a whole number of 0 or more, got 1.5.'],
  ['a numeric runId', (state) => (state.runId = 7), 'state.runId: expected a string, got 7.'],
  ['a negative run time', (state) => (state.runTime.activeMs = -5), 'state.runTime.activeMs: expected a number of 0 or more, got -5.'],
  ['a run time that is text', (state) => (state.runTime = '1s'), 'state.runTime: expected an object, got "1s".'],
  ['a run start that is not a time', (state) => (state.runTime.since = 'now'), 'state.runTime.since: expected a finite number, got "now".'],
  ['a queued message without text', (state) => (state.queue = [{ id: 'q1', queuedAt: 1 }]), 'state.queue[0].text: expected a string, got nothing.'],
  ['a queued message whose id repeats', (state) => (state.queue = [{ id: 'q1', text: 'a', queuedAt: 1 }, { id: 'q1', text: 'b', queuedAt: 2 }]), 'state.queue[1].id: repeats the id "q1".'],
  ['a queued file that is not base64', (state) => (state.queue = [{ id: 'q1', text: 'a', queuedAt: 1, files: [{ type: 'file', id: 'f', mediaType: 'text/plain', data: '%%%' }] }]), 'state.queue[0].files[0].data: is not base64.'],
  ['a stored branch whose message repeats an id of the conversation', (state) => (state.branches = [{ messages: [{ ...state.messages[0], id: 'm1' }], toolCalls: [] }]), 'state.branches[0].messages: repeats the message id "m1" of another branch or of the conversation.'],
  ['a stored branch with no messages', (state) => (state.messages[0].branches = [{ messages: [], toolCalls: [] }]), 'state.messages[0].branches[0].messages: has no messages.'],
  ['a stored branch whose call has no message', (state) => (state.messages[0].branches = [{ messages: [{ id: 'b1', role: 'user', status: 'done', createdAt: 5, parts: [] }], toolCalls: [{ ...state.toolCalls[0], messageId: 'nowhere', state: 'output-available', output: 'x' }] }]), 'nowhere'],
  ['a stored branch with a call still to approve', (state) => (state.messages[0].branches = [{ messages: [{ id: 'b1', role: 'assistant', status: 'done', createdAt: 5, parts: [{ type: 'tool-call', toolCallId: 'bc1' }] }], toolCalls: [{ ...state.toolCalls[0], id: 'bc1', messageId: 'b1', state: 'approval-responded' }] }]), 'a stored branch holds only finished calls'],
  ['branches that are not a list', (state) => (state.messages[1].branches = { m1: [] }), 'state.messages[1].branches: expected a list'],
  ['a sending tab that is not a string', (state) => (state.messages[0].tab = 7), 'state.messages[0].tab: expected a string, got 7.'],
  ['an interrupted mark that is not a flag', (state) => (state.messages[1].interrupted = 'yes'), 'state.messages[1].interrupted: expected true or false, got "yes".'],
  ['a grant that is not a name', (state) => (state.alwaysAllowed = ['a', { name: 'b' }]), 'state.alwaysAllowed[1]: expected a string, got an object.'],
  ['an error that is a string', (state) => (state.error = 'broken'), 'state.error: expected an object, got "broken".'],
  ['a duplicate message id', (state) => (state.messages[1].id = 'm1'), 'state.messages[1].id: the id "m1" is also the id of state.messages[0].'],
  ['a duplicate tool-call id', (state) => (state.toolCalls[1].id = 'c1'), 'state.toolCalls[1].id: the id "c1" is also the id of state.toolCalls[0].'],
  ['a call naming no message', (state) => (state.toolCalls[1].messageId = 'm9'), 'state.toolCalls[1].messageId: no message has the id "m9".'],
  ['a part naming no call', (state) => (state.messages[1].parts[2].toolCallId = 'c9'), 'state.messages[1].parts[2].toolCallId: no tool call has the id "c9".'],
  ['a part in another message than its call', (state) => state.messages[0].parts.push({ type: 'tool-call', toolCallId: 'c1' }), 'state.messages[0].parts[2].toolCallId: the tool call "c1" belongs to state.messages[1].'],
  ['a call shown twice', (state) => state.messages[1].parts.push({ type: 'tool-call', toolCallId: 'c1' }), 'state.messages[1].parts[4].toolCallId: the tool call "c1" is also shown by state.messages[1].parts[1].'],
  ['a call shown by no part', (state) => state.messages[1].parts.splice(2, 1), 'state.toolCalls[1]: no part of its message shows it.'],
  ['a __proto__ key', (state) => (state.toolCalls[0].approval = JSON.parse('{"reason":"r","requestedAt":1,"__proto__":{"polluted":true}}')), 'state.toolCalls[0].approval.__proto__: a key named "__proto__" is not allowed in saved data.'],
  ['a constructor key', (state) => (state.usage = { ...state.usage, constructor: 1 }), 'state.usage.constructor: a key named "constructor" is not allowed in saved data.'],
  ['a prototype key', (state) => (state.prototype = {}), 'state.prototype: a key named "prototype" is not allowed in saved data.'],
  ['reasoning provider data that is not by provider', (state) => (state.messages[1].parts[0].providerMetadata = { anthropic: 'sig' }), 'state.messages[1].parts[0].providerMetadata.anthropic: expected an object, got "sig".'],
  ['a negative cost', (state) => (state.costUsd = -1), 'state.costUsd: expected an amount of 0 or more, got -1.'],
  ['a reply usage that is a number', (state) => (state.messages[1].usage = 3), 'state.messages[1].usage: expected an object, got 3.'],
  ['a summary of a message that is not there', (state) => (state.compactions[0].throughMessageId = 'm7'), 'state.compactions[0].throughMessageId: names the message "m7", which is not in the conversation.'],
  ['a summary made for an unknown reason', (state) => (state.compactions[0].trigger = 'whim'), 'state.compactions[0].trigger: expected one of "budget", "request", got "whim".'],
  ['a summary of no messages', (state) => (state.compactions[0].messageCount = 0), 'state.compactions[0].messageCount: expected a whole number of 1 or more, got 0.'],
  ['a plan that is not a list', (state) => (state.todos = { content: 'x' }), 'state.todos: expected a list, got an object.'],
  ['a plan item without content', (state) => delete state.todos[0].content, 'state.todos[0].content: expected a string, got nothing.'],
  ['a plan item with blank content', (state) => (state.todos[2].content = '  '), 'state.todos[2].content: expected text of 1 to 500 characters, got "  ".'],
  ['a plan item too long to send', (state) => (state.todos[2].content = 'x'.repeat(501)), 'state.todos[2].content: expected text of 1 to 500 characters, got "xxxx'],
  ['a plan item with an unknown status', (state) => (state.todos[0].status = 'done'), 'state.todos[0].status: expected one of "pending", "in_progress", "completed", got "done".'],
  ['two plan items in progress', (state) => (state.todos[2].status = 'in_progress'), 'state.todos[2].status: is a second item in progress; a plan has at most one.'],
  ['a plan item whose activeForm is a number', (state) => (state.todos[1].activeForm = 3), 'state.todos[1].activeForm: expected a string, got 3.'],
  ['a plan of too many items', (state) => (state.todos = Array.from({ length: 51 }, () => ({ content: 'x', status: 'pending' }))), 'state.todos: has 51 items; a plan has at most 50.'],
  ['a long wrong value', (state) => (state.messages[0].role = 'x'.repeat(5000)), `state.messages[0].role: expected one of "user", "assistant", got "${'x'.repeat(40)}…".`],
];

describe('checkAgentState', () => {
  it('accepts an empty state and a full one, whatever the tools returned', () => {
    expect(() => checkAgentState(createInitialState())).not.toThrow();
    expect(() => checkAgentState(fullState())).not.toThrow();
  });

  it.each(damages)('refuses %s, naming the field', (_name, damage, expected) => {
    const state = fullState();
    damage(state);
    expect(messageOf(() => checkAgentState(state))).toContain(expected);
  });

  it('refuses what is not a state at all, from the given root', () => {
    expect(messageOf(() => checkAgentState(null))).toBe('state: expected an object, got null.');
    expect(messageOf(() => checkAgentState([], 'snapshot.state'))).toBe('snapshot.state: expected an object, got a list of 0 items.');
  });

  it('never changes what it checks', () => {
    const state = fullState();
    const before = structuredClone(state);
    checkAgentState(state);
    expect(state).toEqual(before);
  });
});
