import type { KitStrings } from '../strings/kit-strings';
import { approvalText } from './approval-text';

/** Arguments named in the sentence before "and N more". */
const maxNamed = 3;
/** Characters of a text argument quoted in the sentence. */
const maxQuoted = 60;

/**
 * The dialog's heading for a call whose tool has no summary: what runs, with its first
 * arguments in words ("Run send_email with to “ada@example.com”, subject “Launch”, 1 more").
 * Texts are quoted and cut, lists and objects are counted, never spelled out.
 *
 * @example
 * ```ts
 * genericSummary('write_note', { text: 'Buy milk' }); // 'Run write_note with text “Buy milk”'
 * ```
 */
export function genericSummary(toolName: string, input: unknown, text: KitStrings['approval'] = approvalText): string {
  const entries = typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.entries(input) : [];
  if (entries.length === 0) return text.run(toolName);
  const named = entries.slice(0, maxNamed).map(([name, value]) => text.argument(name, describe(value, text)));
  if (entries.length > maxNamed) named.push(text.more(entries.length - maxNamed));
  return text.run(toolName) + text.withArguments(named.join(text.and));
}

function describe(value: unknown, text: KitStrings['approval']): string {
  if (typeof value === 'string') {
    const flat = value.replace(/\s+/g, ' ').trim();
    const characters = [...flat];
    return `“${characters.length > maxQuoted ? `${characters.slice(0, maxQuoted - 1).join('')}…` : flat}”`;
  }
  if (Array.isArray(value)) return `(${text.items(value.length)})`;
  if (typeof value === 'object' && value !== null) return `(${text.fields(Object.keys(value).length)})`;
  return String(value);
}
