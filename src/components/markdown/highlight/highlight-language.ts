/**
 * The languages the code blocks highlight, by the name a fence's info string gives them. Kept
 * here, up front, so a fence in a language the kit does not know stays plain without loading
 * anything; the grammars themselves load lazily (see `highlighter.ts`).
 */
const aliases = {
  javascript: ['javascript', 'js', 'mjs', 'cjs', 'node'],
  typescript: ['typescript', 'ts', 'mts', 'cts'],
  jsx: ['jsx'],
  tsx: ['tsx'],
  json: ['json', 'jsonc', 'json5'],
  bash: ['bash', 'sh', 'shell', 'zsh', 'console', 'shellscript'],
  python: ['python', 'py'],
  markup: ['html', 'xml', 'svg', 'markup'],
  css: ['css'],
  diff: ['diff', 'patch'],
  sql: ['sql'],
  go: ['go', 'golang'],
  rust: ['rust', 'rs'],
  yaml: ['yaml', 'yml'],
  markdown: ['markdown', 'md'],
} as const;

/**
 * A grammar the kit can load: `highlightLanguage` maps a fence's language to one.
 *
 * @example
 * const language: HighlightLanguage = 'typescript';
 */
export type HighlightLanguage = keyof typeof aliases;

let byAlias: Map<string, HighlightLanguage> | undefined;

/**
 * The grammar for a fence's language (its info string's first word, any case), or `undefined`
 * when the kit has none: such a block stays plain text.
 *
 * @example
 * highlightLanguage('TS'); // 'typescript'
 * highlightLanguage('sh'); // 'bash'
 * highlightLanguage('cobol'); // undefined
 */
export function highlightLanguage(language: string): HighlightLanguage | undefined {
  byAlias ??= new Map(Object.entries(aliases).flatMap(([name, names]) => names.map((alias) => [alias, name as HighlightLanguage] as const)));
  return byAlias.get(language.trim().split(/\s/)[0]!.toLowerCase());
}
