import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { englishStrings, mergeStrings, type KitStrings, type KitStringsOverride } from './kit-strings';

const StringsContext = /* @__PURE__ */ createContext<KitStrings>(englishStrings);

/**
 * Gives the kit's components below it their words: `strings` over the enclosing set (English at
 * the top). `AgentChat` takes the same as its `strings` prop.
 *
 * @example
 * ```tsx
 * <StringsProvider strings={germanStrings}><ToolTimeline /></StringsProvider>
 * ```
 */
export function StringsProvider({ strings, children }: { strings: KitStringsOverride | undefined; children: ReactNode }) {
  const outer = useContext(StringsContext);
  const value = useMemo(() => mergeStrings(outer, strings), [outer, strings]);
  return <StringsContext.Provider value={value}>{children}</StringsContext.Provider>;
}

/**
 * The words in effect: the nearest `StringsProvider`'s (or `AgentChat`'s `strings`), English
 * otherwise. For components of an app's own that should speak the chat's language.
 *
 * @example
 * ```tsx
 * const strings = useStrings();
 * return <button>{strings.thread.retry}</button>;
 * ```
 */
export function useStrings(): KitStrings {
  return useContext(StringsContext);
}
