/**
 * Path rules. Every path that reaches the tree goes through `parsePath`, so confinement is decided
 * in one place: the tree itself only ever sees a list of clean names below the root.
 */
import { SandboxError } from './sandbox-errors';
import { maxNameBytes, maxPathBytes } from './sandbox-limits';
import { utf8Length } from './text-encoding';

/** A checked path: its names below the root, and its canonical absolute form. */
export interface SandboxPath {
  /** Names from the root down; empty for the root itself. */
  readonly segments: readonly string[];
  /** The canonical form: `/` for the root, otherwise `/a/b` (NFC, no trailing slash). */
  readonly path: string;
}

// eslint-disable-next-line no-control-regex -- NUL is exactly what we look for.
const nulPattern = /\u0000/;
const asciiPattern = /^[\x20-\x7e]*$/;

/**
 * Checks and normalizes a sandbox path. Relative and absolute paths both start at the sandbox root
 * (`src/a.ts` and `/src/a.ts` are the same file); `.` is ignored and `..` climbs, but never above
 * the root. Names are normalized to NFC, so composed and decomposed "café" are one file.
 *
 * Refusals: `path-has-nul`, `path-has-backslash`, `path-empty-segment` (`a//b`),
 * `path-escapes-root`, `name-too-long` (over 255 UTF-8 bytes), `path-too-long` (over 4096 bytes),
 * `invalid-path` (not a string).
 *
 * @example
 * ```ts
 * parsePath('./src/../src/a.ts').path; // '/src/a.ts'
 * parsePath('../x'); // throws SandboxError { code: 'path-escapes-root' }
 * ```
 */
export function parsePath(input: string): SandboxPath {
  if (typeof input !== 'string') {
    throw new SandboxError('invalid-path', `A path must be a string, got ${typeof input}.`);
  }
  if (nulPattern.test(input)) throw new SandboxError('path-has-nul', 'The path contains a NUL byte, which no file name may contain.', input);
  if (input.includes('\\')) {
    throw new SandboxError('path-has-backslash', `The path "${input}" contains a backslash; use "/" to separate names.`, input);
  }
  // Checked before normalizing so a huge input is refused without doing work proportional to it.
  if (input.length > maxPathBytes) throw tooLong(input);
  // ASCII is already NFC; skipping normalize() keeps the common case fast.
  const normalized = asciiPattern.test(input) ? input : input.normalize('NFC');
  const parts = normalized.split('/');
  const segments: string[] = [];
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!;
    if (part === '') {
      // A leading slash (absolute) and one trailing slash (`src/`) are fine; `a//b` is not.
      if (index === 0 || index === parts.length - 1) continue;
      throw new SandboxError('path-empty-segment', `The path "${input}" has an empty name between two slashes.`, input);
    }
    if (part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) {
        throw new SandboxError('path-escapes-root', `The path "${input}" climbs above the sandbox root with "..".`, input);
      }
      segments.pop();
      continue;
    }
    if (part.length > maxNameBytes / 3 && utf8Length(part) > maxNameBytes) {
      throw new SandboxError('name-too-long', `The name "${part.slice(0, 40)}…" is longer than ${maxNameBytes} bytes.`, input);
    }
    segments.push(part);
  }
  const path = '/' + segments.join('/');
  if (path.length > maxPathBytes / 3 && utf8Length(path) > maxPathBytes) throw tooLong(input);
  return { segments, path };
}

function tooLong(input: string): SandboxError {
  return new SandboxError('path-too-long', `The path "${input.slice(0, 40)}…" is longer than ${maxPathBytes} bytes.`, input);
}

/**
 * The canonical absolute form of a list of names.
 *
 * @example
 * ```ts
 * joinSegments(['src', 'a.ts']); // '/src/a.ts'
 * ```
 */
export function joinSegments(segments: readonly string[]): string {
  return '/' + segments.join('/');
}

/**
 * Whether `path` is `ancestor` or lies below it (both canonical).
 *
 * @example
 * ```ts
 * isWithin('/src/a.ts', '/src'); // true
 * isWithin('/srcx', '/src'); // false
 * ```
 */
export function isWithin(path: string, ancestor: string): boolean {
  if (ancestor === '/') return true;
  return path === ancestor || path.startsWith(ancestor + '/');
}
