import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

/** Where text can be put back into the composer: the Composer registers itself as the target. */
interface DraftChannel {
  target: ((text: string) => void) | null;
  /** Moves focus to the composer's input. */
  focus: (() => void) | null;
}

const ComposerDraftContext = /* @__PURE__ */ createContext<DraftChannel | null>(null);

/**
 * Lets parts of the UI put text into the `Composer` below it, for example a rolled-back message
 * (the "Roll back to here" action of `MessageView`). `AgentChat` includes one; add it yourself
 * around a custom layout that combines `MessageView` and `Composer`.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}>
 *   <ComposerDraftProvider>
 *     <MessageList messageComponent={MessageView} />
 *     <Composer />
 *   </ComposerDraftProvider>
 * </AgentProvider>
 * ```
 */
export function ComposerDraftProvider({ children }: { children?: ReactNode }) {
  const [channel] = useState<DraftChannel>(() => ({ target: null, focus: null }));
  return <ComposerDraftContext.Provider value={channel}>{children}</ComposerDraftContext.Provider>;
}

/**
 * Registers the composer's setter and how to focus it (used by `Composer`).
 *
 * @example
 * ```ts
 * useComposerDraftTarget((text) => setText(text), () => inputRef.current?.focus());
 * ```
 */
export function useComposerDraftTarget(put: (text: string) => void, focus: () => void): void {
  const channel = useContext(ComposerDraftContext);
  useEffect(() => {
    if (!channel) return;
    channel.target = put;
    channel.focus = focus;
    return () => {
      if (channel.target === put) channel.target = null;
      if (channel.focus === focus) channel.focus = null;
    };
  }, [channel, put, focus]);
}

/**
 * A function that moves focus to the composer, for a control that goes away when used (Retry):
 * focus goes where the person types next instead of to the page's body.
 *
 * @example
 * ```ts
 * const focusComposer = useFocusComposer();
 * <button onClick={() => { focusComposer(); void agent.retry(); }}>Retry</button>
 * ```
 */
export function useFocusComposer(): () => void {
  const channel = useContext(ComposerDraftContext);
  return () => channel?.focus?.();
}

/**
 * A function that puts text into the composer; returns false when there is no composer to take it.
 *
 * @example
 * ```ts
 * const putDraft = usePutComposerDraft();
 * putDraft('Try again with tabs');
 * ```
 */
export function usePutComposerDraft(): (text: string) => boolean {
  const channel = useContext(ComposerDraftContext);
  return (text) => {
    if (!channel?.target) return false;
    channel.target(text);
    return true;
  };
}
