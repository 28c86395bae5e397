/**
 * Every string of a reply's sources (`SourceList`), in one place so that a locale can replace
 * them together.
 */
export const sourceText = {
  /** The list's name. */
  label: 'Sources',
  /** A document source's kind, when it has no file name. */
  document: 'Document',
  /** Said of a link that opens in a new tab. */
  opensInNewTab: '(opens in a new tab)',
};
