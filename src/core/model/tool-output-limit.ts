/** How many characters of one tool output the model reads when `limits.maxToolOutputChars` is not set. */
export const defaultMaxToolOutputChars = 20_000;
