/**
 * Every string the live preview shows people or says to assistive technology, in one place so
 * that a locale can replace them together.
 */
export const previewText = {
  /** The preview's region. */
  label: 'Preview',
  /** The frame's accessible name. */
  frameTitle: (entry: string) => `Preview of ${entry}`,
  reload: 'Reload',
  reloadName: (entry: string) => `Reload the preview of ${entry}`,
  loading: (entry: string) => `Loading ${entry}…`,
  ready: (entry: string) => `Showing ${entry}`,
  /** Shown with the page: it threw or logged errors (the latest one quoted). */
  problems: (entry: string, count: number, latest: string) => `Showing ${entry}, ${count} ${count === 1 ? 'error' : 'errors'}: ${latest}`,
  missing: (entry: string) => `There is no ${entry} in the workspace yet.`,
  /** A file could not be built; `place` is its path and line (`/app.tsx:3`). */
  buildFailed: (place: string, message: string) => `The preview could not be built: ${place}: ${message}`,
  navigatedAway: 'The page left the preview (it navigated away). Reload to show it again.',
};
