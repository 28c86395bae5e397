import { useId, useMemo, useState } from 'react';
import { formatJson } from './display-format';
import { revealText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/** Props of `JsonBlock`: what to show (`value` or raw `text`), its label, and where to cut it. */
export interface JsonBlockProps {
  /** Shown above the block, and names it for screen readers. */
  label: string;
  /** A value to pretty-print as JSON (strings are shown as they are). */
  value?: unknown;
  /** Raw text instead of a value (for arguments that are still streaming). */
  text?: string;
  /** Characters shown before "Show all". Default 2,000. */
  limit?: number;
  /** `data-kind` for styling (for example `error`). */
  kind?: string;
}

/**
 * A labelled, read-only JSON (or text) block that shows at most `limit` characters, with a
 * "Show all" toggle for the rest: a tool that returns a megabyte must not freeze the page.
 * The value is stringified only while the block is rendered, so render it only when visible.
 * Invisible characters (a bidirectional override in a path) show as `U+XXXX` marks.
 *
 * @example
 * ```tsx
 * <JsonBlock label="Result" value={call.output} />
 * ```
 */
export function JsonBlock({ label, value, text, limit = 2000, kind }: JsonBlockProps) {
  const id = useId();
  const strings = useStrings();
  const [expanded, setExpanded] = useState(false);
  const full = useMemo(() => text ?? formatJson(value), [text, value]);
  const truncated = !expanded && full.length > limit;
  // The cut never splits a character in two (half of it would show as a broken character).
  const shown = truncated ? `${full.slice(0, isHighSurrogate(full.charCodeAt(limit - 1)) ? limit - 1 : limit)}…` : full;
  return (
    <div className="rak-json" data-kind={kind}>
      <p className="rak-json-label" id={id}>
        {label}
      </p>
      {/* JSON and program output read left to right in any layout. */}
      <pre className="rak-json-text" aria-labelledby={id} tabIndex={0} dir="ltr">
        {revealText(shown)}
      </pre>
      {full.length > limit && (
        <button type="button" className="rak-json-toggle" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? strings.toolCall.showLess : strings.toolCall.showAllCharacters(full.length.toLocaleString(strings.locale))}
        </button>
      )}
    </div>
  );
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
