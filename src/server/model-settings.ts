/**
 * What a browser may ask of the server's model, checked before the model is called: every
 * setting has a range (a value outside it is a 400 that names the setting and the range), and the
 * output tokens of a step never exceed the server's ceiling, whether the browser asks for more or
 * asks for nothing. The browser is a stranger here: it chooses how the model samples, never how
 * much the server spends.
 */

/** The sampling settings of one model step, as the model receives them. */
export interface ModelSettings {
  maxOutputTokens: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
  stopSequences?: string[];
}

/**
 * The output-token ceiling of a step when the server sets none: the largest output that every
 * mainstream model accepts (GPT-4o's and GPT-4o mini's maximum; the Anthropic provider lowers it
 * to a known model's own maximum), so applying it to a request that asks for nothing never turns
 * into a provider error, while one request costs at most this many output tokens.
 */
export const defaultMaxOutputTokens = 16_384;

/** At most this many stop sequences (OpenAI's own limit), each 1 to this many characters. */
const maxStopSequences = 4;
const maxStopSequenceLength = 100;

type Check = (value: unknown) => boolean;

const number = (min: number, max: number, minExclusive = false): Check => (value) =>
  typeof value === 'number' && Number.isFinite(value) && (minExclusive ? value > min : value >= min) && value <= max;

/** Each setting a browser may send, with its range in words (for the 400) and its check. */
const settings: Record<Exclude<keyof ModelSettings, 'maxOutputTokens'>, { range: string; check: Check }> = {
  temperature: { range: 'a number from 0 to 2', check: number(0, 2) },
  topP: { range: 'a number greater than 0 and at most 1', check: number(0, 1, true) },
  topK: { range: 'a positive integer', check: (value) => Number.isSafeInteger(value) && (value as number) >= 1 },
  presencePenalty: { range: 'a number from -2 to 2', check: number(-2, 2) },
  frequencyPenalty: { range: 'a number from -2 to 2', check: number(-2, 2) },
  seed: { range: 'an integer', check: (value) => Number.isSafeInteger(value) },
  stopSequences: {
    range: `a list of at most ${maxStopSequences} strings of 1 to ${maxStopSequenceLength} characters`,
    check: (value) =>
      Array.isArray(value) &&
      value.length <= maxStopSequences &&
      value.every((item) => typeof item === 'string' && item.length >= 1 && item.length <= maxStopSequenceLength),
  },
};

/** The names of the settings a model step request may carry, besides the prompt, tools and model. */
export const modelSettingNames: readonly string[] = ['maxOutputTokens', ...Object.keys(settings)];

/**
 * Checks the browser's settings and applies the server's output-token ceiling.
 *
 * @example
 * ```ts
 * checkModelSettings({ temperature: 0.2 }, 16_384); // { ok: true, value: { maxOutputTokens: 16384, temperature: 0.2 } }
 * checkModelSettings({ temperature: 5 }, 16_384); // { ok: false, message: '`temperature` must be a number from 0 to 2; got 5.' }
 * ```
 */
export function checkModelSettings(request: Readonly<Record<string, unknown>>, ceiling: number): { ok: true; value: ModelSettings } | { ok: false; message: string } {
  const asked = request.maxOutputTokens;
  if (asked !== undefined && !(Number.isSafeInteger(asked) && (asked as number) >= 1)) {
    return { ok: false, message: `\`maxOutputTokens\` must be a positive integer (the server caps it at ${ceiling}); got ${describe(asked)}.` };
  }
  const value: ModelSettings = { maxOutputTokens: Math.min((asked as number | undefined) ?? ceiling, ceiling) };
  for (const [name, { range, check }] of Object.entries(settings)) {
    const setting = request[name];
    if (setting === undefined) continue;
    if (!check(setting)) return { ok: false, message: `\`${name}\` must be ${range}; got ${describe(setting)}.` };
    (value as unknown as Record<string, unknown>)[name] = setting;
  }
  return { ok: true, value };
}

/** A short rendering of what the browser sent, for the message (never the whole of a large value). */
function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
