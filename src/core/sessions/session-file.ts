/**
 * A conversation with its workspace as one file: `agent.snapshot()` written as JSON (binary file
 * content as base64, see `snapshot-json`), and read back into a snapshot that
 * `createAgent({ snapshot })` takes, whatever version of the kit wrote it.
 */
import { PersistenceError } from '../persistence/persistence-error';
import { snapshotFromJson, snapshotToJson } from './snapshot-json';
import type { AgentSnapshot } from './session-types';
import { readSnapshot } from './snapshot-format';
import { withoutGrants } from '../people/drop-grants';

/**
 * The snapshot as the text of a `.json` file.
 *
 * @example
 * ```ts
 * const file = new Blob([writeSessionFile(agent.snapshot())], { type: 'application/json' });
 * ```
 */
export function writeSessionFile(snapshot: AgentSnapshot): string {
  return JSON.stringify(snapshotToJson(snapshot));
}

/**
 * Reads a file written by `writeSessionFile` (text or bytes). Throws a `PersistenceError`
 * (`invalid-archive` for text that is not JSON; `corrupt` or `future-format` from the snapshot
 * rules) that says what is wrong. The file's "always allow" grants are dropped, with a notice in
 * the thread (anyone can write a file), unless `trusted: true`; storing the result in a session
 * storage therefore carries none over.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, sandbox: createSandbox(), snapshot: readSessionFile(await file.text()) });
 * ```
 */
export function readSessionFile(data: string | Uint8Array, options: { trusted?: boolean } = {}): AgentSnapshot {
  const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new PersistenceError('invalid-archive', `This is not a session file: it is not JSON (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
  const snapshot = readSnapshot(snapshotFromJson(parsed, (problem) => new PersistenceError('invalid-archive', `The session file is damaged: ${problem}.`)));
  // A file can claim any grant: dropped here, so storing the file as a session does not launder them.
  return options.trusted === true ? snapshot : { ...snapshot, state: withoutGrants(snapshot.state) };
}
