import type { ApprovalPreview } from '../../core/index';
import { parseUnifiedDiff } from '../diff/parse-unified-diff';
import { findInvisibleInValue, invisibleCharactersIn, type InvisibleFinding } from '../visible-text/find-invisible';
import { invisiblePattern, mayContainInvisible } from '../visible-text/invisible-characters';
import { VisibleText } from '../visible-text/visible-text';
import type { ArgumentsDraft } from './arguments-editor';

/** Places listed before "and N more". */
const maxListed = 8;
/** Characters of a value shown around its first invisible character. */
const excerptLength = 120;

/** Where the approval's invisible characters are: in the arguments, in the preview, or both. */
export interface ApprovalInvisibles {
  inArguments: InvisibleFinding[];
  inPreview: InvisibleFinding[];
}

/**
 * Every invisible character a person would approve: in the arguments as they stand in the editor
 * (every string and key, at any depth; the raw text while it is not valid JSON) and in the
 * preview (paths and diffs).
 *
 * @example
 * ```ts
 * const found = findApprovalInvisibles(draft, call.approval?.preview);
 * found.inArguments[0]?.where; // 'input.path'
 * ```
 */
export function findApprovalInvisibles(draft: Pick<ArgumentsDraft, 'parsed' | 'text'>, preview: ApprovalPreview | undefined): ApprovalInvisibles {
  const inArguments = draft.parsed.ok ? findInvisibleInValue(draft.parsed.value) : textFinding('the arguments text', draft.text);
  // The preview mostly repeats the arguments (a path made absolute, the content written): a place
  // is listed again only with a path or a character the arguments do not have.
  const listedTexts = new Set(inArguments.map((finding) => finding.text.replace(/^\/*/, '/')));
  const listedCharacters = new Set(inArguments.flatMap((finding) => finding.characters.map((character) => character.codePoint)));
  const newPath = (path: string) => !listedTexts.has(path);
  const inPreview = (preview?.files ?? []).flatMap((file) => [
    ...(newPath(file.path) ? textFinding('the path of a changed file', file.path) : []),
    ...(file.from === undefined || !newPath(file.from) ? [] : textFinding(`the former path of ${file.path}`, file.from)),
    ...textFinding(`the change to ${file.path}`, diffContent(file.diff)).filter((finding) => finding.characters.some((character) => !listedCharacters.has(character.codePoint))),
  ]);
  return { inArguments, inPreview };
}

/** The text lines of a diff, without its headers (the path is listed on its own). */
function diffContent(diff: string): string {
  if (!mayContainInvisible(diff)) return '';
  return parseUnifiedDiff(diff)
    .lines.flatMap((line) => (line.kind === 'added' || line.kind === 'removed' || line.kind === 'context' ? [line.text] : []))
    .join('\n');
}

function textFinding(where: string, text: string): InvisibleFinding[] {
  const characters = invisibleCharactersIn(text);
  return characters.length > 0 ? [{ where, text, characters }] : [];
}

/**
 * The approval dialog's warning that what it shows holds invisible or direction-changing
 * characters: each place (`input.path contains U+202E RIGHT-TO-LEFT OVERRIDE`) with the text
 * around it, marked. Renders nothing when there are none.
 *
 * @example
 * ```tsx
 * <InvisibleCharactersWarning id={warningId} found={findApprovalInvisibles(draft, preview)} />
 * ```
 */
export function InvisibleCharactersWarning({ id, found, escaped = true }: { id: string; found: ApprovalInvisibles; /** The arguments are edited as JSON, with escapes. */ escaped?: boolean }) {
  const { inArguments, inPreview } = found;
  const all = [...inArguments, ...inPreview];
  if (all.length === 0) return null;
  const subject = inArguments.length > 0 ? (inPreview.length > 0 ? 'These arguments and file changes' : 'These arguments') : 'These file changes';
  return (
    <div id={id} className="rak-invisible-warning" role="note">
      <p className="rak-invisible-warning-text">
        <strong>Hidden characters. </strong>
        {`${subject} contain invisible or direction-changing characters, shown as U+… marks. They can make text read differently than it acts.`}
        {inArguments.length > 0 && escaped && ' In the editable arguments they are written as \\u… escapes.'}
      </p>
      <ul className="rak-invisible-warning-list">
        {all.slice(0, maxListed).map((finding, index) => (
          <li key={index}>
            <code>
              <VisibleText text={finding.where} />
            </code>
            {` contains ${finding.characters.map((character) => `${character.label} ${character.name}`).join(', ')}: `}
            <code className="rak-invisible-warning-excerpt">
              <VisibleText text={excerpt(finding.text)} />
            </code>
          </li>
        ))}
        {all.length > maxListed && <li>{`and ${all.length - maxListed} more places`}</li>}
      </ul>
    </div>
  );
}

/** The text around its first invisible character, without splitting a surrogate pair. */
function excerpt(text: string): string {
  if (text.length <= excerptLength) return text;
  let start = Math.max(0, text.search(invisiblePattern) - excerptLength / 3);
  if (isLowSurrogate(text.charCodeAt(start))) start -= 1;
  let end = Math.min(text.length, start + excerptLength);
  if (isLowSurrogate(text.charCodeAt(end))) end += 1;
  return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
