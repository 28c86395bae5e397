import { describe, expect, it } from 'vitest';
import { PersistenceError } from '../persistence/persistence-error';
import { createInitialState } from '../state';
import { readSessionFile, writeSessionFile } from './session-file';
import { AGENT_SNAPSHOT_VERSION } from './session-types';
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
    expect(snapshot).toMatchObject({ format: 'react-agent-kit/agent', version: AGENT_SNAPSHOT_VERSION });
  });

  it('migrates version 0, a bare AgentState saved before snapshots existed, filling fields added since', () => {
    const { runId: _runId, step: _step, alwaysAllowed: _allowed, ...legacy } = state;
    const migrated = readSnapshot({ ...legacy, alwaysAllowed: [] });
    expect(migrated).toEqual({ format: 'react-agent-kit/agent', version: 1, state: { ...state, alwaysAllowed: [], runId: null, step: 0 } });
  });

  it('refuses a newer version, saying so, and anything that is not a snapshot', () => {
    const future = errorOf(() => readSnapshot({ ...createSnapshot(state), version: AGENT_SNAPSHOT_VERSION + 1 }));
    expect(future.code).toBe('future-format');
    expect(future.message).toBe(`This conversation was saved by a newer version of react-agent-kit (format ${AGENT_SNAPSHOT_VERSION + 1}; this one reads up to ${AGENT_SNAPSHOT_VERSION}). It was left as it is; update the app to open it.`);
    expect(errorOf(() => readSnapshot('hello')).message).toBe('This is not a saved conversation that react-agent-kit can read: it is not an object.');
    expect(errorOf(() => readSnapshot({ format: 'other' })).code).toBe('corrupt');
    expect(errorOf(() => readSnapshot({ ...createSnapshot(state), state: { ...state, toolCalls: 'x' } })).message).toMatch(/no toolCalls list/);
    expect(errorOf(() => readSnapshot({ ...createSnapshot(state), sandbox: { files: [] } })).message).toMatch(/checkpoints list/);
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
    expect(readSessionFile(text)).toEqual(snapshot);
    expect(readSessionFile(new TextEncoder().encode(text))).toEqual(snapshot);
  });

  it('says what is wrong with a file that is not one', () => {
    expect(errorOf(() => readSessionFile('{"format":')).code).toBe('invalid-archive');
    expect(errorOf(() => readSessionFile('{"$bytes":"%%%"}')).message).toBe('The session file holds binary content that is not valid base64.');
    expect(errorOf(() => readSessionFile('[1,2]')).code).toBe('corrupt');
  });
});
