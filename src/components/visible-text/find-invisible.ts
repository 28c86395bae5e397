import { mayContainInvisible } from './invisible-characters';
import { revealInvisible, type RevealMode } from './reveal-invisible';

/** A place that holds invisible characters: where it is, the text there, and which characters. */
export interface InvisibleFinding {
  /** Where, for people: `input.path`, `input.files[2]`, `input["a b"] (its key)`. */
  where: string;
  /** The text that holds them (the string value, or the key). */
  text: string;
  /** Each marked character once, in order of first appearance. */
  characters: ReadonlyArray<{ codePoint: number; label: string; name: string }>;
}

/**
 * The invisible characters of one text, each once (empty when there are none).
 *
 * @example
 * ```ts
 * invisibleCharactersIn('a\u202Eb\u202Ec'); // [{ codePoint: 0x202e, label: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE' }]
 * ```
 */
export function invisibleCharactersIn(text: string, mode: RevealMode = 'strict'): InvisibleFinding['characters'] {
  if (!mayContainInvisible(text)) return [];
  const seen = new Map<number, InvisibleFinding['characters'][number]>();
  for (const segment of revealInvisible(text, mode)) {
    if (segment.kind === 'invisible' && !seen.has(segment.codePoint)) seen.set(segment.codePoint, { codePoint: segment.codePoint, label: segment.label, name: segment.name });
  }
  return [...seen.values()];
}

const identifier = /^[A-Za-z_$][\w$]*$/;

/**
 * Every string of a JSON value (keys too, at any depth) that holds invisible characters, with
 * a path to it from `root`. Walks the whole value; each string costs one regular-expression
 * test unless it holds such a character.
 *
 * @example
 * ```ts
 * findInvisibleInValue({ path: 'rtl/safe\u202Egnp.exe' });
 * // [{ where: 'input.path', text: 'rtl/safe\u202Egnp.exe', characters: [{ codePoint: 0x202e, label: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE' }] }]
 * ```
 */
export function findInvisibleInValue(value: unknown, root = 'input'): InvisibleFinding[] {
  const findings: InvisibleFinding[] = [];
  const visit = (current: unknown, where: string, depth: number): void => {
    if (typeof current === 'string') {
      const characters = invisibleCharactersIn(current);
      if (characters.length > 0) findings.push({ where, text: current, characters });
      return;
    }
    // JSON from a parser is never this deep; the bound keeps a hostile value from overflowing the stack.
    if (typeof current !== 'object' || current === null || depth > 200) return;
    if (Array.isArray(current)) {
      current.forEach((item, index) => visit(item, `${where}[${index}]`, depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(current)) {
      const path = identifier.test(key) ? `${where}.${key}` : `${where}[${JSON.stringify(key)}]`;
      const characters = invisibleCharactersIn(key);
      if (characters.length > 0) findings.push({ where: `${path} (its key)`, text: key, characters });
      visit(item, path, depth + 1);
    }
  };
  visit(value, root, 0);
  return findings;
}
