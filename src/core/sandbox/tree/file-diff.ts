/**
 * Unified diffs of one file between two versions, with the `diff` package. Myers' diff is
 * quadratic on a full rewrite (about a second for 2,000 lines), so it is bounded; past the bound the
 * diff degrades to "every old line removed, every new line added", which is still a valid patch.
 */
import { createTwoFilesPatch } from 'diff';

/** Bounds on the diff computation. */
export interface DiffBounds {
  /** Give up on a minimal diff after this many milliseconds. Default 100. */
  timeout?: number;
  /** Give up on a minimal diff past this many edits. Default 2,000. */
  maxEditLength?: number;
  /** Lines of context around each change. Default 3. */
  context?: number;
}

/**
 * A unified diff from `before` to `after` (`undefined` means the file does not exist on that
 * side). Binary content is summarized in one line instead of diffed. Returns '' when equal.
 *
 * @example
 * ```ts
 * unifiedDiff('/a.txt', 'one\n', 'two\n');
 * // '--- /a.txt\n+++ /a.txt\n@@ -1,1 +1,1 @@\n-one\n+two\n'
 * ```
 */
export function unifiedDiff(path: string, before: string | Uint8Array | undefined, after: string | Uint8Array | undefined, bounds: DiffBounds = {}): string {
  if (before === after) return '';
  const oldName = before === undefined ? '/dev/null' : path;
  const newName = after === undefined ? '/dev/null' : path;
  if (before instanceof Uint8Array || after instanceof Uint8Array) {
    return `Binary files ${oldName} and ${newName} differ\n`;
  }
  const oldText = before ?? '';
  const newText = after ?? '';
  if (oldText === newText) return '';
  const patch = createTwoFilesPatch(oldName, newName, oldText, newText, undefined, undefined, {
    context: bounds.context ?? 3,
    timeout: bounds.timeout ?? 100,
    maxEditLength: bounds.maxEditLength ?? 2_000,
  });
  return stripIndexHeader(patch ?? replaceAll(oldName, newName, oldText, newText));
}

// createTwoFilesPatch starts with an "Index:" line (when the names match) and a "====" underline; plain `---/+++` is what tools and viewers expect.
function stripIndexHeader(patch: string): string {
  return patch.replace(/^(?:Index: [^\n]*\n)?=+\n/, '');
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The fallback patch when the bounded diff gave up: one hunk replacing the whole file. */
function replaceAll(oldName: string, newName: string, oldText: string, newText: string): string {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  let out = `--- ${oldName}\n+++ ${newName}\n`;
  out += `@@ -${oldLines.length === 0 ? 0 : 1},${oldLines.length} +${newLines.length === 0 ? 0 : 1},${newLines.length} @@\n`;
  for (const line of oldLines) out += `-${line}\n`;
  if (oldText !== '' && !oldText.endsWith('\n')) out += '\\ No newline at end of file\n';
  for (const line of newLines) out += `+${line}\n`;
  if (newText !== '' && !newText.endsWith('\n')) out += '\\ No newline at end of file\n';
  return out;
}
