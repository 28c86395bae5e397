/**
 * Text for what the tool-call views show: JSON, a one-line argument summary, durations.
 * Kept cheap for the collapsed views: a summary reads only the top-level keys and never
 * stringifies a nested value in full.
 */

/**
 * Pretty-printed JSON for display; strings are shown as they are, values JSON cannot hold
 * (a cycle, a BigInt) fall back to `String(value)` instead of throwing.
 *
 * @example
 * ```ts
 * formatJson({ city: 'Paris' }); // '{\n  "city": "Paris"\n}'
 * ```
 */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * A one-line summary of a call's arguments, for a collapsed row: `city: "Paris", days: 3`.
 * Nested objects and arrays are abbreviated (`{…}`, `[12]`), long strings cut, and the whole
 * line cut at `maxLength`. While the input streams (`input` undefined), the raw text is used.
 *
 * @example
 * ```ts
 * summarizeArguments({ city: 'Paris', days: 3, hours: [9, 12], options: { units: 'metric' } }, '');
 * // 'city: "Paris", days: 3, hours: [2], options: {…}'
 * ```
 */
export function summarizeArguments(input: unknown, inputText: string, maxLength = 80): string {
  if (input === undefined) return cut(inputText.replace(/\s+/g, ' '), maxLength);
  if (typeof input !== 'object' || input === null) return cut(scalar(input), maxLength);
  if (Array.isArray(input)) return `[${input.length}]`;
  let line = '';
  for (const key in input) {
    if (!Object.hasOwn(input, key)) continue;
    line += `${line ? ', ' : ''}${key}: ${abbreviate((input as Record<string, unknown>)[key])}`;
    // Stop early: an object with thousands of keys must not cost more than the line shows.
    if (line.length > maxLength) break;
  }
  return cut(line, maxLength);
}

function abbreviate(value: unknown): string {
  if (Array.isArray(value)) return `[${value.length}]`;
  if (typeof value === 'object' && value !== null) return '{…}';
  return cut(scalar(value), 26);
}

function scalar(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 200 ? value.slice(0, 200) : value);
  return String(value);
}

function cut(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  // Never between the two halves of a character (an emoji, a tag character): half would show as a broken one.
  const end = isHighSurrogate(text.charCodeAt(maxLength - 2)) ? maxLength - 2 : maxLength - 1;
  return `${text.slice(0, end)}…`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * A duration for people: `850 ms`, `2.4 s`, `42 s`, `3 min 05 s`. With `whole`, seconds are
 * whole (for a clock that ticks once a second).
 *
 * @example
 * ```ts
 * formatDuration(2400); // '2.4 s'
 * ```
 */
export function formatDuration(milliseconds: number, whole = false): string {
  const ms = Math.max(0, milliseconds);
  if (!whole && ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 60) return whole || seconds >= 10 ? `${Math.floor(seconds)} s` : `${seconds.toFixed(1)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${String(Math.floor(seconds % 60)).padStart(2, '0')} s`;
}
