import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { englishChatStrings, mergeStrings, type ChatStrings, type KitStrings, type KitStringsOverride } from './kit-strings';

// `null` outside any provider: English, without a part used alone having to ship every English word.
const StringsContext = /* @__PURE__ */ createContext<ChatStrings | null>(null);

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
  const value = useMemo(() => mergeStrings(outer ?? englishChatStrings, strings), [outer, strings]);
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
export function useStrings(): ChatStrings {
  return useContext(StringsContext) ?? englishChatStrings;
}

/**
 * One group of the words in effect, with its English words given by the caller: for parts that
 * are also used alone (`Markdown`, `DiffView`), so they ship only the English words they use.
 *
 * @example
 * ```tsx
 * const words = useWords('diff', englishDiffWords);
 * ```
 */
export function useWords<Group extends keyof KitStrings>(group: Group, english: KitStrings[Group]): KitStrings[Group] {
  const given = useContext(StringsContext)?.[group] as KitStrings[Group] | undefined;
  // A lazy part's group may be given in part (an app's own words over English): English fills in the rest.
  return useMemo(() => (given === undefined || given === english ? english : typeof given === 'object' && given !== null ? { ...(english as object), ...(given as object) } as KitStrings[Group] : given), [given, english]);
}

/** The locale of the words in effect (`en` outside any provider), for writing numbers. */
export function useLocale(): string {
  return useContext(StringsContext)?.locale ?? 'en';
}
