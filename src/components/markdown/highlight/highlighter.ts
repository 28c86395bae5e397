import type { ElementContent } from 'hast';
import { refractor } from 'refractor/core';
import type { Syntax } from 'refractor/core';
import type { HighlightLanguage } from './highlight-language';
import type { HighlightToken } from './highlight-token';

/**
 * The highlighter, loaded lazily by `useHighlightedCode` on the first code block in a language
 * the kit knows (nothing of it is in the components entry up front). Prism's grammars through
 * refractor: regular expressions only (no `eval`, no `new Function`, no WebAssembly), and the
 * output is a tree of tokens, rendered as React elements with class names (no HTML, no inline
 * styles), so a page with a strict Content-Security-Policy highlights too.
 * Each language is a chunk of its own (1-4 kB gzipped), loaded the first time a block uses it.
 */
const grammars: Record<HighlightLanguage, () => Promise<{ default: Syntax }>> = {
  javascript: () => import('refractor/javascript'),
  typescript: () => import('refractor/typescript'),
  jsx: () => import('refractor/jsx'),
  tsx: () => import('refractor/tsx'),
  json: () => import('refractor/json'),
  bash: () => import('refractor/bash'),
  python: () => import('refractor/python'),
  markup: () => import('refractor/markup'),
  css: () => import('refractor/css'),
  diff: () => import('refractor/diff'),
  sql: () => import('refractor/sql'),
  go: () => import('refractor/go'),
  rust: () => import('refractor/rust'),
  yaml: () => import('refractor/yaml'),
  markdown: () => import('refractor/markdown'),
};

/**
 * Prism's token kinds (and aliases) as the kit's few token classes, themed by `--rak-code-*`
 * variables. The first class of a token that is listed here wins; others stay plain.
 */
const tokenKinds: ReadonlyMap<string, string> = new Map(Object.entries({
  comment: 'comment',
  prolog: 'comment',
  doctype: 'comment',
  cdata: 'comment',
  keyword: 'keyword',
  atrule: 'keyword',
  important: 'keyword',
  rule: 'keyword',
  title: 'keyword',
  string: 'string',
  char: 'string',
  'attr-value': 'string',
  'template-string': 'string',
  url: 'string',
  regex: 'string',
  number: 'number',
  boolean: 'number',
  constant: 'number',
  symbol: 'number',
  unit: 'number',
  null: 'number',
  function: 'function',
  'function-variable': 'function',
  selector: 'function',
  'class-name': 'type',
  builtin: 'type',
  namespace: 'type',
  property: 'property',
  key: 'property',
  'attr-name': 'property',
  tag: 'tag',
  variable: 'variable',
  parameter: 'variable',
  inserted: 'inserted',
  deleted: 'deleted',
  coord: 'meta',
  punctuation: 'punctuation',
  operator: 'punctuation',
  bold: 'bold',
  italic: 'italic',
}));

/**
 * A function that highlights code in `language`, once its grammar has loaded.
 *
 * @example
 * const highlight = await loadHighlighter('typescript');
 * highlight('const a = 1;'); // [{ className: 'rak-tok-keyword', children: ['const'] }, ' a ', ...]
 */
export async function loadHighlighter(language: HighlightLanguage): Promise<(code: string) => HighlightToken[]> {
  if (!refractor.registered(language)) refractor.register((await grammars[language]()).default);
  return (code) => toTokens(refractor.highlight(code, language).children as ElementContent[]);
}

function toTokens(nodes: readonly ElementContent[], tokens: HighlightToken[] = []): HighlightToken[] {
  for (const node of nodes) {
    if (node.type === 'text') pushText(tokens, node.value);
    else if (node.type === 'element') {
      const classes = node.properties.className ?? [];
      const kind = classes.map((name) => tokenKinds.get(name)).find(Boolean);
      // A token of a kind without a colour of its own is flattened into its parent.
      if (kind) tokens.push({ className: `rak-tok-${kind}`, children: toTokens(node.children) });
      else toTokens(node.children, tokens);
    }
  }
  return tokens;
}

/** Neighbouring texts merge, so a plain stretch is one string, not one per Prism token. */
function pushText(tokens: HighlightToken[], text: string): void {
  const last = tokens.length - 1;
  if (typeof tokens[last] === 'string') tokens[last] += text;
  else tokens.push(text);
}
