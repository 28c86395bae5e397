/**
 * Finds the module specifiers of JavaScript source (`import x from './a.js'`, `export * from './b.js'`,
 * `import './c.js'`, `import('./d.js')`) without a parser: a tokenizer that knows comments, strings,
 * template literals and regular expressions well enough not to mistake their text for code. The
 * preview rewrites these specifiers to its own (see `build-preview.ts`), so plain JavaScript needs
 * no transpiler.
 */

/** One specifier: its text, where its string literal (quotes included) is, and its 1-based line. */
export interface ModuleSpecifier {
  specifier: string;
  start: number;
  end: number;
  line: number;
}

type Token = { kind: 'name' | 'string' | 'punctuator'; text: string; start: number; end: number; line: number };

// After these a `/` starts a regular expression, not a division.
const beforeRegex = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'new', 'delete', 'void', 'throw', 'instanceof', 'yield', 'await']);
const nameStart = /[A-Za-z_$\u0080-\uffff]/;
const namePart = /[\w$\u0080-\uffff]/;

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  // What each open `{` belongs to: code, or the `${` of a template literal.
  const braces: Array<'code' | 'template'> = [];
  let line = 1;
  let index = 0;
  const count = (from: number, to: number) => {
    for (let at = from; at < to; at++) if (source.charCodeAt(at) === 10) line++;
  };
  const regexAllowed = () => {
    const previous = tokens.at(-1);
    if (!previous) return true;
    if (previous.kind === 'name') return beforeRegex.has(previous.text);
    if (previous.kind === 'string') return false;
    return !(previous.text === ')' || previous.text === ']' || previous.text === '}');
  };
  // Scans a template literal's text from `index` (after "`" or "}") up to its end or its next "${".
  const templateText = () => {
    while (index < source.length) {
      const char = source[index];
      if (char === '\\') index += 2;
      else if (char === '`') return void index++;
      else if (char === '$' && source[index + 1] === '{') {
        braces.push('template');
        index += 2;
        return;
      } else index++;
    }
  };
  while (index < source.length) {
    const char = source[index]!;
    const start = index;
    if (char === '\n') {
      line++;
      index++;
    } else if (/\s/.test(char)) index++;
    else if (char === '/' && source[index + 1] === '/') index = source.indexOf('\n', index) === -1 ? source.length : source.indexOf('\n', index);
    else if (char === '/' && source[index + 1] === '*') {
      const end = source.indexOf('*/', index + 2);
      index = end === -1 ? source.length : end + 2;
      count(start, index);
    } else if (char === '"' || char === "'") {
      index++;
      while (index < source.length && source[index] !== char && source[index] !== '\n') index += source[index] === '\\' ? 2 : 1;
      index++;
      tokens.push({ kind: 'string', text: source.slice(start + 1, index - 1), start, end: index, line });
    } else if (char === '`') {
      index++;
      templateText();
      count(start, index);
      tokens.push({ kind: 'string', text: '', start, end: index, line });
    } else if (char === '/' && regexAllowed()) {
      let inClass = false;
      index++;
      while (index < source.length && source[index] !== '\n') {
        const next = source[index];
        if (next === '\\') index++;
        else if (next === '[') inClass = true;
        else if (next === ']') inClass = false;
        else if (next === '/' && !inClass) break;
        index++;
      }
      index++;
      while (index < source.length && namePart.test(source[index]!)) index++;
      tokens.push({ kind: 'string', text: '', start, end: index, line });
    } else if (nameStart.test(char)) {
      while (index < source.length && namePart.test(source[index]!)) index++;
      tokens.push({ kind: 'name', text: source.slice(start, index), start, end: index, line });
    } else {
      index++;
      if (char === '{') braces.push('code');
      if (char === '}' && braces.pop() === 'template') {
        templateText();
        count(start, index);
        continue;
      }
      tokens.push({ kind: 'punctuator', text: char, start, end: index, line });
    }
  }
  return tokens;
}

// What may stand between `import`/`export` and `from` in a static declaration.
const clause = (token: Token) => token.kind === 'name' || token.kind === 'string' || ['{', '}', ',', '*'].includes(token.text);

/**
 * @example
 * ```ts
 * findModuleSpecifiers("import { a } from './a.js';\nimport('./b.js');").map((found) => found.specifier); // ['./a.js', './b.js']
 * ```
 */
export function findModuleSpecifiers(source: string): ModuleSpecifier[] {
  const tokens = tokenize(source);
  const found: ModuleSpecifier[] = [];
  // `export { a }` without a semicolon, then `import b from 'c'`: both scans reach 'c'; it counts once.
  const seen = new Set<number>();
  const take = (token: Token | undefined) => {
    if (token?.kind !== 'string' || source[token.start] === '`' || source[token.start] === '/' || seen.has(token.start)) return;
    seen.add(token.start);
    found.push({ specifier: token.text, start: token.start, end: token.end, line: token.line });
  };
  for (let at = 0; at < tokens.length; at++) {
    const token = tokens[at]!;
    if (token.kind !== 'name' || (token.text !== 'import' && token.text !== 'export') || tokens[at - 1]?.text === '.') continue;
    const next = tokens[at + 1];
    if (!next) break;
    if (token.text === 'import' && next.text === '(') {
      if (tokens[at + 3]?.text === ')' || tokens[at + 3]?.text === ',') take(tokens[at + 2]);
      continue;
    }
    if (token.text === 'import' && next.kind === 'string') {
      take(next);
      continue;
    }
    if (token.text === 'export' && next.text !== '{' && next.text !== '*') continue;
    let scan = at + 1;
    while (scan < tokens.length && clause(tokens[scan]!) && !(tokens[scan]!.text === 'from' && tokens[scan + 1]?.kind === 'string')) scan++;
    if (tokens[scan]?.text === 'from') take(tokens[scan + 1]);
  }
  return found.sort((a, b) => a.start - b.start);
}
