import { describe, expect, it } from 'vitest';
import { PersistenceError } from '../persistence/persistence-error';
import { createInitialState } from '../store/state';
import { readSessionFile, writeSessionFile } from './session-file';
import { agentSnapshotVersion } from './session-types';
import { createSnapshot, readSnapshot } from './snapshot-format';

const state = { ...createInitialState(), alwaysAllowed: ['send_email'], messages: [{ id: 'm1', role: 'user' as const, parts: [{ type: 'text' as const, id: 'p', text: 'hi', status: 'done' as const }], status: 'done' as const, createdAt: 1 }] };

function errorOf(run: () => unknown): PersistenceError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PersistenceError);
    return error as PersistenceError;
  }
  throw new Error('expected a PersistenceError');
}

describe('readSnapshot', () => {
  it('reads the current version as it is', () => {
    const snapshot = createSnapshot(state, { checkpoints: [] });
    expect(readSnapshot(snapshot)).toBe(snapshot);
    expect(snapshot).toMatchObject({ format: 'react-agent-kit/agent', version: agentSnapshotVersion });
  });

  it('migrates version 0, a bare AgentState saved before snapshots existed, filling fields added since', () => {
    const { runId: _runId, step: _step, alwaysAllowed: _allowed, ...legacy } = state;
    const migrated = readSnapshot({ ...legacy, alwaysAllowed: [] });
    expect(migrated).toEqual({ format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: { ...state, alwaysAllowed: [], runId: null, step: 0 } });
  });

  it('migrates version 1, whose approved calls waiting for their turn were `approval-requested` with a decision', () => {
    const call = {
      id: 'c1',
      name: 'send_email',
      messageId: 'm2',
      inputText: '{}',
      input: {},
      state: 'approval-requested',
      approval: { reason: 'asks', requestedAt: 2, decision: { approved: true, always: false, at: 3, edited: false } },
      audit: [
        { state: 'approval-requested', at: 2, by: 'runtime' },
        { state: 'approval-requested', at: 3, by: 'user', note: 'approved' },
      ],
    };
    const reply = { id: 'm2', role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c1' }], status: 'done', createdAt: 2 };
    const migrated = readSnapshot({ format: 'react-agent-kit/agent', version: 1, state: { ...state, messages: [...state.messages, reply], toolCalls: [call] } });
    expect(migrated.version).toBe(agentSnapshotVersion);
    expect(migrated.state.toolCalls[0]).toMatchObject({ state: 'approval-responded', approval: { decision: { approved: true } } });
    expect(migrated.state.toolCalls[0]!.audit.map((entry) => [entry.state, entry.by])).toEqual([
      ['approval-requested', 'runtime'],
      ['approval-responded', 'user'],
    ]);
  });

  it('refuses a newer version, saying so, and anything that is not a snapshot', () => {
    const future = errorOf(() => readSnapshot({ ...createSnapshot(state), version: agentSnapshotVersion + 1 }));
    expect(future.code).toBe('future-format');
    expect(future.message).toBe(`This conversation was saved by a newer version of react-agent-kit (format ${agentSnapshotVersion + 1}; this one reads up to ${agentSnapshotVersion}). It was left as it is; update the app to open it.`);
    expect(errorOf(() => readSnapshot('hello')).message).toBe('This is not a saved conversation that react-agent-kit can read: it is not an object.');
    expect(errorOf(() => readSnapshot({ format: 'other' })).code).toBe('corrupt');
    expect(errorOf(() => readSnapshot({ format: 'other' })).message).toBe('This is not a saved conversation that react-agent-kit can read: its format is "other", not "react-agent-kit/agent".');
    expect(errorOf(() => readSnapshot({ ...createSnapshot(state), state: { ...state, toolCalls: 'x' } })).message).toBe(
      'This is not a saved conversation that react-agent-kit can read: state.toolCalls: expected a list, got "x".',
    );
    expect(errorOf(() => readSnapshot({ ...createSnapshot(state), sandbox: { files: [] } })).message).toMatch(/sandbox\.checkpoints: expected a list, got nothing/);
  });

  it('checks all of a version 0 state too, after filling the fields it may lack', () => {
    const { runId: _runId, step: _step, alwaysAllowed: _allowed, error: _error, ...legacy } = state;
    expect(readSnapshot({ ...legacy, alwaysAllowed: undefined }).state).toMatchObject({ runId: null, step: 0, error: null, alwaysAllowed: [] });
    const damaged = errorOf(() => readSnapshot({ ...legacy, messages: [{ ...state.messages[0], parts: 'x' }] }));
    expect(damaged.code).toBe('corrupt');
    expect(damaged.message).toMatch(/state\.messages\[0\]\.parts: expected a list, got "x"/);
    expect(errorOf(() => readSnapshot({ ...legacy, messages: 'x' })).message).toMatch(/state\.messages: expected a list, got "x"/);
  });

  it('checks the workspace part before returning: records, checkpoint envelopes and their changes', () => {
    const checkpoint = { id: 'checkpoint-1', createdAt: 1, version: 2, changes: { written: [], deleted: ['/a.txt'] } };
    const read = (sandbox: unknown) => errorOf(() => readSnapshot({ ...createSnapshot(state), sandbox })).message;
    expect(read({ checkpoints: [checkpoint], files: [{ path: '/a.txt', kind: 'text', modified: 1 }] })).toMatch(/sandbox\.files\[0\]: "\/a\.txt" is a text file without a string "text"\.$/);
    expect(read({ checkpoints: [checkpoint, null] })).toMatch(/sandbox\.checkpoints\[1\]: expected an object, got null/);
    expect(read({ checkpoints: [{ ...checkpoint, createdAt: Number.NaN }] })).toMatch(/sandbox\.checkpoints\[0\]\.createdAt: expected a finite number, got NaN/);
    expect(read({ checkpoints: [{ ...checkpoint, changes: { written: [], deleted: [7] } }] })).toMatch(/sandbox\.checkpoints\[0\]\.changes\.deleted\[0\]: expected a string, got 7/);
    expect(read({ checkpoints: [{ ...checkpoint, changes: { written: [null], deleted: [] } }] })).toMatch(/sandbox\.checkpoints\[0\]\.changes\.written\[0\]: expected an object, got null/);
    expect(read('x')).toMatch(/sandbox: expected an object, got "x"/);
  });
});

describe('session files', () => {
  it('round-trips a snapshot with binary files and checkpoints through JSON text', () => {
    const bytes = new Uint8Array([0, 255, 10, 13]);
    const snapshot = createSnapshot(state, {
      files: [{ path: '/logo.png', kind: 'binary', bytes, modified: 3 }],
      checkpoints: [{ id: 'checkpoint-1', createdAt: 1, version: 2, changes: { written: [{ path: '/old.png', kind: 'binary', bytes, modified: 1 }], deleted: ['/new.txt'] } }],
    });
    const text = writeSessionFile(snapshot);
    expect(typeof text).toBe('string');
    // Trusted: a file this app wrote, read back exactly (grants included; untrusted files drop them).
    expect(readSessionFile(text, { trusted: true })).toEqual(snapshot);
    expect(readSessionFile(new TextEncoder().encode(text), { trusted: true })).toEqual(snapshot);
  });

  it('encodes bytes only in file records: JSON the model or a tool wrote as { $bytes } stays JSON, in format 4 and in older files (issue 26, item 4)', () => {
    const call = { id: 'c1', name: 'store_blob', messageId: 'm2', inputText: '{"$bytes":"aGk="}', input: { $bytes: 'aGk=' }, output: { $bytes: '!!' }, state: 'output-available', audit: [] };
    const reply = { id: 'm2', role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c1' }], status: 'done', createdAt: 2 };
    const withCall = { ...state, messages: [...state.messages, reply], toolCalls: [call] } as unknown as typeof state;
    const logo = { path: '/logo.png', kind: 'binary' as const, bytes: new Uint8Array([104, 105]), modified: 3 };
    const snapshot = createSnapshot(withCall, { files: [logo], checkpoints: [{ id: 'checkpoint-1', createdAt: 1, version: 2, changes: { written: [logo], deleted: [] } }] });
    const text = writeSessionFile(snapshot);
    expect(JSON.parse(text)).toMatchObject({ version: agentSnapshotVersion, state: { toolCalls: [{ input: { $bytes: 'aGk=' }, output: { $bytes: '!!' } }] }, sandbox: { files: [{ bytes: { $bytes: 'aGk=' } }] } });
    expect(readSessionFile(text, { trusted: true })).toEqual(snapshot);
    // A file of format 3 (the old writer encoded every Uint8Array, the old reader decoded every
    // { $bytes }): its file records' bytes are bytes, the model's { $bytes } is the JSON it wrote.
    const old = readSessionFile(text.replace(`"version":${agentSnapshotVersion}`, '"version":3'), { trusted: true });
    expect(old.state.toolCalls[0]).toMatchObject({ input: { $bytes: 'aGk=' }, output: { $bytes: '!!' } });
    expect(old.sandbox!.files).toEqual([logo]);
    expect(old.sandbox!.checkpoints[0]!.changes.written).toEqual([logo]);
  });

  it('says what is wrong with a file that is not one', () => {
    expect(errorOf(() => readSessionFile('{"format":')).code).toBe('invalid-archive');
    const badBytes = { ...createSnapshot(state), sandbox: { checkpoints: [], files: [{ path: '/a.bin', kind: 'binary', bytes: { $bytes: '%%%' }, modified: 1 }] } };
    expect(errorOf(() => readSessionFile(JSON.stringify(badBytes))).message).toBe('The session file is damaged: the binary file "/a.bin" has content that is not valid base64.');
    expect(errorOf(() => readSessionFile('[1,2]')).code).toBe('corrupt');
  });
});
