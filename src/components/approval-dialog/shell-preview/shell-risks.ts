/**
 * Marks the risky parts of a shell command for the person who approves it (pure: no React):
 * commands that delete (`rm`, `rmdir`, `git clean`, `find -delete`...), discard changes
 * (`git reset --hard`, `git checkout --`...), overwrite (`mv`, `cp`, `dd`, `tee`, `sed -i`,
 * `truncate`), change permissions (`chmod`, `chown`), run as another user (`sudo`, `su`,
 * `doas`) or run text as a script (`sh`, `bash`, `eval`, `source`, a pipe into one of them), and
 * redirections that overwrite (`>`, `>|`, `&>`) or add to (`>>`) a file (not `/dev/null` nor
 * `2>&1`). A guide, not a parser of all of bash: quotes, escapes, comments, `$(...)`, pipes and
 * `&&` lists are understood; the person still reads the whole command.
 */

/** What a marked part of a command does. */
export type ShellRisk = 'deletes' | 'discards' | 'overwrites' | 'appends' | 'permissions' | 'privileges' | 'runs-code';

/** A piece of the command, in order; the pieces together are the command, character for character. */
export interface ShellSegment {
  text: string;
  risk?: ShellRisk;
}

interface Word {
  start: number;
  end: number;
  /** Without quotes and escapes. */
  value: string;
}

type Token = { kind: 'word'; word: Word } | { kind: 'boundary' } | { kind: 'redirect'; start: number; operator: string };

const boundaryOperators = ['&&', '||', '|&', '$(', ';', '|', '&', '(', ')', '`', '\n'];
const redirectPattern = /^(?:\d*|&)(?:>>|>\||>&|>)|^<<<|^<<-?|^</;
const wordEnd = /[\s;&|()<>`]/;
const harmlessTargets = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty']);
const prefixes = new Set(['env', 'nohup', 'time', 'command', 'exec', 'nice', 'xargs', 'builtin']);
const byName: Record<string, ShellRisk> = {
  rm: 'deletes',
  rmdir: 'deletes',
  unlink: 'deletes',
  shred: 'deletes',
  mv: 'overwrites',
  cp: 'overwrites',
  dd: 'overwrites',
  truncate: 'overwrites',
  install: 'overwrites',
  chmod: 'permissions',
  chown: 'permissions',
  chgrp: 'permissions',
  sudo: 'privileges',
  su: 'privileges',
  doas: 'privileges',
  sh: 'runs-code',
  bash: 'runs-code',
  zsh: 'runs-code',
  dash: 'runs-code',
  ksh: 'runs-code',
  fish: 'runs-code',
  eval: 'runs-code',
  source: 'runs-code',
  '.': 'runs-code',
};

/**
 * The command cut into plain and marked pieces.
 *
 * @example
 * ```ts
 * markShellRisks('rm -rf build && echo done > out.txt');
 * // [{ text: 'rm -rf build', risk: 'deletes' }, { text: ' && echo done ' }, { text: '> out.txt', risk: 'overwrites' }]
 * ```
 */
export function markShellRisks(command: string): ShellSegment[] {
  const risks: Array<ShellRisk | undefined> = new Array(command.length).fill(undefined);
  const mark = (start: number, end: number, risk: ShellRisk) => risks.fill(risk, start, end);
  const tokens = tokenize(command);
  const redirects: Array<{ start: number; end: number; risk: ShellRisk }> = [];
  let words: Word[] = [];
  const endCommand = () => {
    for (const found of commandMarks(words)) mark(found.start, found.end, found.risk);
    words = [];
  };
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (token.kind === 'word') words.push(token.word);
    else if (token.kind === 'boundary') endCommand();
    else {
      const next = tokens[index + 1];
      const target = next?.kind === 'word' ? next.word : undefined;
      if (target) index++;
      const risk = redirectRisk(token.operator, target?.value);
      if (risk) redirects.push({ start: token.start, end: target?.end ?? token.start + token.operator.length, risk });
    }
  }
  endCommand();
  // Redirections are marked over their command's mark (`rm a > log` marks `> log` as a write).
  for (const redirect of redirects) mark(redirect.start, redirect.end, redirect.risk);
  return segmentsOf(command, risks);
}

function redirectRisk(operator: string, target: string | undefined): ShellRisk | undefined {
  if (!operator.includes('>') || operator.endsWith('>&') || target === undefined || harmlessTargets.has(target)) return undefined;
  return operator.endsWith('>>') ? 'appends' : 'overwrites';
}

interface Mark {
  start: number;
  end: number;
  risk: ShellRisk;
}

const assignment = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** The marks of one simple command (its words, redirections aside): from its command word to its end. */
function commandMarks(words: readonly Word[]): Mark[] {
  let index = 0;
  while (index < words.length && assignment.test(words[index]!.value)) index++;
  return marksFrom(words, index);
}

function marksFrom(words: readonly Word[], index: number): Mark[] {
  const word = words[index];
  if (!word) return [];
  const end = words.at(-1)!.end;
  const name = word.value.slice(word.value.lastIndexOf('/') + 1);
  const rest = words.slice(index + 1).map((each) => each.value);
  // Past a prefix's options and variables (`sudo -u root`, `env A=1`), the command it runs.
  let next = index + 1;
  while (next < words.length && (words[next]!.value.startsWith('-') || assignment.test(words[next]!.value))) next++;
  if (name === 'sudo' || name === 'doas') return [{ start: word.start, end: words[next - 1]!.end, risk: 'privileges' }, ...marksFrom(words, next)];
  if (prefixes.has(name)) return marksFrom(words, next);
  let risk: ShellRisk | undefined;
  if (name === 'git') risk = gitRisk(rest);
  else if (name === 'find') {
    const exec = rest.findIndex((value) => value === '-exec' || value === '-execdir' || value === '-ok');
    risk = rest.includes('-delete') ? 'deletes' : exec >= 0 ? marksFrom(words, index + 2 + exec)[0]?.risk : undefined;
  } else if (name === 'sed') risk = rest.some((value) => /^-[a-zA-Z]*i/.test(value) || value.startsWith('--in-place')) ? 'overwrites' : undefined;
  else if (name === 'tee') risk = rest.some((value) => /^-[a-zA-Z]*a/.test(value) || value === '--append') ? 'appends' : rest.some((value) => !value.startsWith('-')) ? 'overwrites' : undefined;
  else if (name === 'rsync') risk = rest.some((value) => value.startsWith('--delete')) ? 'deletes' : 'overwrites';
  else risk = Object.hasOwn(byName, name) ? byName[name] : undefined;
  return risk ? [{ start: word.start, end, risk }] : [];
}

function gitRisk(args: readonly string[]): ShellRisk | undefined {
  const [subcommand, ...rest] = args.filter((value, position) => position > 0 || !value.startsWith('-'));
  switch (subcommand) {
    case 'clean':
    case 'rm':
      return 'deletes';
    case 'reset':
      return rest.includes('--hard') ? 'discards' : undefined;
    case 'checkout':
      return rest.includes('--') || rest.includes('.') || rest.includes('-f') ? 'discards' : undefined;
    case 'restore':
      return 'discards';
    case 'stash':
      return rest[0] === 'drop' || rest[0] === 'clear' ? 'discards' : undefined;
    case 'push':
      return rest.some((value) => value === '-f' || value.startsWith('--force')) ? 'overwrites' : undefined;
    default:
      return undefined;
  }
}

function tokenize(command: string): Token[] {
  const tokens: Token[] = [];
  let position = 0;
  while (position < command.length) {
    const character = command[position]!;
    if (character === ' ' || character === '\t' || character === '\r') {
      position++;
      continue;
    }
    if (character === '#') {
      // A comment runs to the end of the line.
      const end = command.indexOf('\n', position);
      position = end < 0 ? command.length : end;
      continue;
    }
    const rest = command.slice(position, position + 4);
    const redirect = redirectPattern.exec(command.slice(position, position + 12));
    if (redirect) {
      tokens.push({ kind: 'redirect', start: position, operator: redirect[0] });
      position += redirect[0].length;
      continue;
    }
    const operator = boundaryOperators.find((candidate) => rest.startsWith(candidate));
    if (operator) {
      tokens.push({ kind: 'boundary' });
      position += operator.length;
      continue;
    }
    const word = readWord(command, position);
    tokens.push({ kind: 'word', word });
    position = word.end;
  }
  return tokens;
}

/** A word from `start`: quotes and backslashes keep what they hold, `$(` ends it. */
function readWord(command: string, start: number): Word {
  let position = start;
  let value = '';
  while (position < command.length) {
    const character = command[position]!;
    if (wordEnd.test(character) || command.startsWith('$(', position)) break;
    if (character === '\\') {
      value += command[position + 1] ?? '';
      position += 2;
    } else if (character === "'" || character === '"') {
      let end = position + 1;
      while (end < command.length && command[end] !== character) end += character === '"' && command[end] === '\\' ? 2 : 1;
      value += command.slice(position + 1, Math.min(end, command.length));
      position = end + 1;
    } else {
      value += character;
      position++;
    }
  }
  return { start, end: Math.min(position, command.length), value };
}

function segmentsOf(command: string, risks: ReadonlyArray<ShellRisk | undefined>): ShellSegment[] {
  const segments: ShellSegment[] = [];
  let start = 0;
  for (let index = 1; index <= command.length; index++) {
    if (index < command.length && risks[index] === risks[start]) continue;
    const risk = risks[start];
    segments.push(risk ? { text: command.slice(start, index), risk } : { text: command.slice(start, index) });
    start = index;
  }
  return segments;
}
