import { useEffect, useMemo, useState } from 'react';
import { highlightLanguage, type HighlightLanguage } from './highlight-language';
import type { HighlightToken } from './highlight-token';

type Highlight = (code: string) => HighlightToken[];

/** Longer code stays plain: highlighting it would hold the main thread for a long moment. */
const maxHighlightLength = 50_000;

// Shared by every code block of the page: a grammar loads once, and a block that mounts again
// (scrolled back into view) is highlighted in its first render, without a plain frame.
const loaded = new Map<HighlightLanguage, Highlight>();
const loading = new Map<HighlightLanguage, Promise<void>>();

function load(language: HighlightLanguage): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = import('./highlighter')
      .then((module) => module.loadHighlighter(language))
      .then(
        (highlight) => void loaded.set(language, highlight),
        // A chunk that failed to load (offline, a new deploy): the block stays plain; a later block tries again.
        () => void loading.delete(language),
      );
    loading.set(language, pending);
  }
  return pending;
}

/**
 * The tokens of a code block, or `null` while it shows as plain text: for a language the kit does
 * not know, until its grammar has loaded (lazily, the first time a block uses it), and while the
 * fence is still streaming (`complete` false). A block is highlighted once, when it is complete:
 * re-highlighting a growing block on every token would cost its whole length each time, and
 * colours that change as a token completes would flicker.
 *
 * @example
 * const tokens = useHighlightedCode(code, 'ts', !open);
 * return <code>{tokens ? renderCodeTokens(tokens) : code}</code>;
 */
export function useHighlightedCode(code: string, language: string, complete: boolean): HighlightToken[] | null {
  const grammar = highlightLanguage(language);
  const [, setLoads] = useState(0);
  // Loaded as soon as the fence opens, so the block is highlighted the moment it closes.
  useEffect(() => {
    if (!grammar || loaded.has(grammar)) return;
    let mounted = true;
    void load(grammar).then(() => mounted && loaded.has(grammar) && setLoads((count) => count + 1));
    return () => {
      mounted = false;
    };
  }, [grammar]);
  const highlight = grammar && complete && code.length <= maxHighlightLength ? loaded.get(grammar) : undefined;
  return useMemo(() => {
    if (!highlight) return null;
    try {
      return highlight(code);
    } catch {
      return null;
    }
  }, [highlight, code]);
}
