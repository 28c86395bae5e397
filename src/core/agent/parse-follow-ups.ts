/** The longest follow-up kept, in characters: a chip, not a paragraph. */
export const maxFollowUpChars = 120;

/**
 * The follow-ups in a model's answer, tolerant of what models add around them: a JSON array of
 * strings (also inside a code fence or after a sentence), or one per line (JSON strings, bullets
 * or numbers stripped). Blank, over-long (more than `maxFollowUpChars`) and repeated ones (by
 * their words, whatever the case and spacing) are dropped; at most `max` are kept. Anything else
 * gives none.
 *
 * @example
 * ```ts
 * parseFollowUps('Sure!\n```json\n["Why?", "How?"]\n```', 3); // ['Why?', 'How?']
 * parseFollowUps('- Why?\n- why?\n- How?', 3); // ['Why?', 'How?']
 * ```
 */
export function parseFollowUps(text: string, max: number): string[] {
  const candidates = fromJsonArray(text) ?? fromLines(text);
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    const value = candidate.replace(/\s+/g, ' ').trim();
    const key = value.toLowerCase();
    if (value === '' || value.length > maxFollowUpChars || seen.has(key)) continue;
    seen.add(key);
    kept.push(value);
    if (kept.length >= max) break;
  }
  return kept;
}

/** The strings of the first JSON array of strings in `text`, or `undefined` when there is none. */
function fromJsonArray(text: string): string[] | undefined {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start === -1 || end <= start) return undefined;
  try {
    const value: unknown = JSON.parse(text.slice(start, end + 1));
    if (!Array.isArray(value)) return undefined;
    const strings = value.filter((item): item is string => typeof item === 'string');
    return strings.length > 0 ? strings : undefined;
  } catch {
    return undefined;
  }
}

/** One per line: a JSON string as it is, or a line with its bullet or number taken off; a line that looks like prose or code is not one. */
function fromLines(text: string): string[] {
  const found: string[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim().replace(/,$/, '');
    if (line === '' || line.startsWith('```')) continue;
    if (line.startsWith('"')) {
      const value = parseJsonString(line);
      if (value !== undefined) found.push(value);
      continue;
    }
    const item = /^(?:[-*•]|\d{1,2}[.)])\s+(.+)$/.exec(line)?.[1];
    // A follow-up is a question or a request: one line that ends like one.
    if (item !== undefined && /[?.!]$/.test(item)) found.push(item.replace(/^"(.*)"$/, '$1'));
  }
  return found;
}

function parseJsonString(line: string): string | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}
