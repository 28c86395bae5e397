/**
 * The search-and-replace behind `edit_file`: exact matches, one or several edits applied in
 * order, all or nothing, and line endings kept.
 *
 * Line endings: models write `\n`. Matching is done on the text with every CRLF read as LF
 * (the search text too), and each match is mapped back to its place in the original, so an LF
 * `oldText` finds its lines in a CRLF file and the bytes around the edit stay as they were.
 * The replacement is written with the file's dominant line ending (CRLF when most of its line
 * breaks are CRLF, else LF), so a CRLF file stays CRLF; in a file of mixed endings the lines the
 * edit does not touch keep theirs. A lone CR (not before LF) is ordinary text.
 */

/** One replacement of `edit_file`. */
export interface TextEdit {
  /** The exact text to replace (CRLF and LF line breaks match either). */
  oldText: string;
  /** The text to put in its place (its line breaks are written as the file's). */
  newText: string;
  /** Replace every occurrence, not just the only one. Default false. */
  replaceAll?: boolean;
}

/** The input of `edit_file`: one edit (`oldText`, `newText`, `replaceAll`) or several (`edits`). */
export interface EditFileInput {
  path: string;
  oldText?: string;
  newText?: string;
  replaceAll?: boolean;
  edits?: TextEdit[];
}

/**
 * The content after the input's edits, applied in order, each to the result of the ones before
 * it; or an error that says what to fix: zero matches, or several when one was asked for (with
 * how many and on which lines). With `edits`, the error names the edit (1-based, and its index)
 * and nothing is applied.
 *
 * @example
 * ```ts
 * applyEdit('a b a', { path: 'x', oldText: 'a', newText: 'c', replaceAll: true }); // { content: 'c b c', replacements: 2 }
 * applyEdit('a\r\nb\r\n', { path: 'x', oldText: 'a\nb', newText: 'a\nB' }); // { content: 'a\r\nB\r\n', replacements: 1 }
 * applyEdit('a b', { path: 'x', edits: [{ oldText: 'a', newText: 'A' }, { oldText: 'z', newText: 'Z' }] }); // throws: edits[1] (edit 2 of 2, …) failed, so none was made: …
 * ```
 */
export function applyEdit(text: string, input: EditFileInput): { content: string; replacements: number } {
  const edits = editsOf(input);
  const ending = dominantEnding(text);
  let content = text;
  let replacements = 0;
  for (const [index, edit] of edits.entries()) {
    try {
      const done = replace(content, edit, input.path, ending);
      content = done.content;
      replacements += done.replacements;
    } catch (error) {
      if (input.edits === undefined) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`edits[${index}] (edit ${index + 1} of ${edits.length}, applied after the ones before it) failed, so none was made: ${reason}`, { cause: error });
    }
  }
  return { content, replacements };
}

function editsOf(input: EditFileInput): readonly TextEdit[] {
  const { oldText, newText, replaceAll = false, edits } = input;
  if (edits !== undefined) {
    if (oldText !== undefined || newText !== undefined) throw new Error('Pass `oldText` and `newText`, or `edits`, not both.');
    return edits;
  }
  if (oldText === undefined || newText === undefined) throw new Error('Pass `oldText` and `newText`, or `edits`.');
  return [{ oldText, newText, replaceAll }];
}

const toLf = (text: string) => text.replaceAll('\r\n', '\n');

/** `\r\n` when most line breaks of `text` are CRLF, else `\n`. */
function dominantEnding(text: string): string {
  const breaks = text.split('\n').length - 1;
  const crlf = text.split('\r\n').length - 1;
  return crlf * 2 > breaks ? '\r\n' : '\n';
}

function replace(text: string, edit: TextEdit, path: string, ending: string): { content: string; replacements: number } {
  const search = toLf(edit.oldText);
  const replacement = toLf(edit.newText);
  if (search === '') throw new Error('`oldText` is empty; quote the exact text to replace (use write_file to create a file).');
  if (search === replacement) throw new Error('`oldText` and `newText` are the same; nothing would change.');
  // The text with CRLF read as LF, and where each CRLF was (its index in that text), to map matches back.
  const pieces = text.split('\r\n');
  const normalized = pieces.join('\n');
  const crlfAt: number[] = [];
  let at = -1;
  for (const piece of pieces.slice(0, -1)) crlfAt.push((at += piece.length + 1));
  const starts: number[] = [];
  for (let index = normalized.indexOf(search); index !== -1; index = normalized.indexOf(search, index + search.length)) starts.push(index);
  if (starts.length === 0) {
    throw new Error(`\`oldText\` was not found in "${path}". Read the file again and quote the text exactly, including whitespace and indentation.`);
  }
  if (starts.length > 1 && edit.replaceAll !== true) {
    const lines = starts.slice(0, 10).map((start) => normalized.slice(0, start).split('\n').length);
    throw new Error(
      `\`oldText\` occurs ${starts.length} times in "${path}" (lines ${lines.join(', ')}${starts.length > 10 ? ', …' : ''}). Quote more surrounding text so it matches once, or pass replaceAll: true.`,
    );
  }
  // An index of `normalized` in `text`: one more character for each CRLF before it (a CRLF at the index itself maps to its CR).
  let passed = 0;
  const original = (index: number) => {
    while (passed < crlfAt.length && crlfAt[passed]! < index) passed++;
    return index + passed;
  };
  const written = replacement.replaceAll('\n', ending);
  let content = '';
  let from = 0;
  for (const start of starts) {
    content += text.slice(from, original(start)) + written;
    from = original(start + search.length);
  }
  return { content: content + text.slice(from), replacements: starts.length };
}
