/**
 * The words shown under a finished reply beyond its actions (`AgentChat`'s `timing`), in one place
 * so that a locale can replace them together. Numbers come already written in the chat's locale.
 */
export const replyText = {
  /** The timing line's label for assistive technology. */
  timing: 'Reply timing',
  firstToken: (seconds: string) => `${seconds} s to first token`,
  rate: (tokensPerSecond: string) => `${tokensPerSecond} tokens/s`,
  duration: (seconds: string) => `${seconds} s in all`,
};
