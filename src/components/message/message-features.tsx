import { createContext, useContext, type ReactNode } from 'react';
import type { ReadAloudOptions } from '../voice/read-aloud-options';
import type { OnFeedback } from '../feedback/feedback-actions';
import type { SourceOptions } from '../sources/source-options';

/**
 * What the kit's messages offer beyond their content, each off unless the app turns it on:
 * `AgentChat` takes these as its props and gives them to every `MessageView` below it; an app
 * composing its own chat wraps its thread in `MessageFeaturesProvider`.
 *
 * Each feature adds its field here and reads it with `useMessageFeatures()`, so a message pays
 * one context read for all of them.
 */
export interface MessageFeatures {
  /**
   * Message timing: time to first token, tokens per second and duration of each reply, shown in
   * the reply's details. Default `false`.
   */
  timing?: boolean;
  /**
   * "Read aloud" under each finished reply: the reply's words are spoken (markup left out, code
   * blocks skipped) by the browser's `speechSynthesis`, or by your `speak` (see
   * `ReadAloudOptions`); one reply at a time. Hidden where nothing can speak. Default `false`.
   */
  readAloud?: boolean | ReadAloudOptions;
  /**
   * Thumbs up and down (and a comment) under each finished reply, given to your adapter; the
   * choice is kept in the reply (`message.feedback`) and can be changed. Off without it.
   */
  onFeedback?: OnFeedback;
  /** How replies' sources show (they do by default; `false` hides them). See `SourceOptions`. */
  sources?: SourceOptions | false;
}

const none: MessageFeatures = {};
const MessageFeaturesContext = /* @__PURE__ */ createContext<MessageFeatures>(none);

/**
 * Turns message features on for the `MessageView`s below it (`AgentChat` does this from its props).
 * Pass a stable object (a constant, or memoized): a new one each render re-renders every message.
 *
 * @example
 * ```tsx
 * <MessageFeaturesProvider features={features}><MessageList messageComponent={MessageView} /></MessageFeaturesProvider>
 * ```
 */
export function MessageFeaturesProvider({ features, children }: { features: MessageFeatures; children: ReactNode }) {
  return <MessageFeaturesContext.Provider value={features}>{children}</MessageFeaturesContext.Provider>;
}

/**
 * The message features in effect (none outside a provider).
 *
 * @example
 * ```tsx
 * const { timing } = useMessageFeatures();
 * ```
 */
export function useMessageFeatures(): MessageFeatures {
  return useContext(MessageFeaturesContext);
}
