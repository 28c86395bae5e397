/**
 * A small parser for unified diffs as the sandbox writes them (`---`/`+++` headers, `@@` hunks,
 * `\ No newline at end of file`, a one-line "Binary files ... differ"); tolerant of `diff --git`
 * and `Index:` headers from other tools, which it shows as file headers or skips.
 */

/** One line of a diff, as `DiffView` renders it. */
export type DiffLine =
  | { kind: 'file'; text: string }
  | { kind: 'hunk'; text: string }
  | { kind: 'context'; text: string; oldLine: number; newLine: number }
  | { kind: 'added'; text: string; newLine: number }
  | { kind: 'removed'; text: string; oldLine: number }
  | { kind: 'note'; text: string };

/** A parsed diff: its lines, what it adds and removes, and whether it is a binary-file notice. */
export interface ParsedDiff {
  lines: DiffLine[];
  additions: number;
  deletions: number;
  binary: boolean;
}

const hunkHeader = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

/**
 * Parses a unified diff. A hunk's lines are counted from its header, so a removed line that
 * itself starts with `--` is not mistaken for the next file's header; lines outside hunks are
 * headers (`---`/`+++` become one file title; `diff --git`, `Index:` and the like are skipped).
 * A line's CR of a CRLF file ends the line: it is not part of the text shown (else every line of
 * a Windows file would carry a U+000D mark).
 *
 * @example
 * ```ts
 * parseUnifiedDiff('--- /a.txt\n+++ /a.txt\n@@ -1,1 +1,1 @@\n-one\n+two\n').additions; // 1
 * ```
 */
export function parseUnifiedDiff(diff: string): ParsedDiff {
  const parsed: ParsedDiff = { lines: [], additions: 0, deletions: 0, binary: false };
  const rows = diff.split('\n');
  if (rows.at(-1) === '') rows.pop();
  let oldLine = 0;
  let newLine = 0;
  // Lines of the current hunk still expected on each side.
  let oldLeft = 0;
  let newLeft = 0;
  let oldName: string | undefined;
  for (const row of rows) {
    if (oldLeft > 0 || newLeft > 0) {
      const sign = row[0];
      if (sign === '+' && newLeft > 0) {
        newLeft--;
        parsed.additions++;
        parsed.lines.push({ kind: 'added', text: lineText(row), newLine: newLine++ });
        continue;
      }
      if (sign === '-' && oldLeft > 0) {
        oldLeft--;
        parsed.deletions++;
        parsed.lines.push({ kind: 'removed', text: lineText(row), oldLine: oldLine++ });
        continue;
      }
      if ((sign === ' ' || row === '') && oldLeft > 0 && newLeft > 0) {
        oldLeft--;
        newLeft--;
        parsed.lines.push({ kind: 'context', text: lineText(row), oldLine: oldLine++, newLine: newLine++ });
        continue;
      }
    }
    const hunk = hunkHeader.exec(row);
    if (hunk) {
      oldLine = Number(hunk[1]);
      newLine = Number(hunk[3]);
      oldLeft = hunk[2] === undefined ? 1 : Number(hunk[2]);
      newLeft = hunk[4] === undefined ? 1 : Number(hunk[4]);
      parsed.lines.push({ kind: 'hunk', text: row });
    } else if (row.startsWith('\\')) {
      parsed.lines.push({ kind: 'note', text: row.slice(1).trim() });
    } else if (row.startsWith('--- ')) {
      oldName = row.slice(4);
    } else if (row.startsWith('+++ ')) {
      parsed.lines.push({ kind: 'file', text: fileTitle(oldName, row.slice(4)) });
      oldName = undefined;
    } else if (/^Binary files .* differ$/.test(row)) {
      parsed.binary = true;
      parsed.lines.push({ kind: 'note', text: row });
    }
    // Anything else outside a hunk (`diff --git`, `Index:`, `===`, mode lines) is a header the file title replaces.
  }
  return parsed;
}

function fileTitle(oldName: string | undefined, newName: string): string {
  const strip = (name: string) => name.split('\t')[0]!;
  const before = oldName === undefined ? undefined : strip(oldName);
  const after = strip(newName);
  if (before === undefined || before === after) return after;
  if (before === '/dev/null') return `${after} (new file)`;
  if (after === '/dev/null') return `${before} (deleted)`;
  return `${before} → ${after}`;
}

/** A hunk line's text: without its sign, and without the CR that ends a line of a CRLF file. */
function lineText(row: string): string {
  return row.endsWith('\r') ? row.slice(1, -1) : row.slice(1);
}
