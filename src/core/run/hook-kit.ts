import { policyLists } from '../people/permission-check';
import { describeError } from '../tools/invoke-tool';
import { toJsonData } from '../tools/json-data';
import { validateToolInput } from '../tools/tool-input-schema';
import { toToolInfo } from '../tools/tool-info';

/**
 * The kit's own functions that the lazily loaded hooks runner (`tool-hooks.ts`) uses, handed to
 * it rather than imported: a lazy chunk that imports modules of the main bundle makes a library
 * build move them into a shared chunk of their own, which costs about 1 kB more up front.
 *
 * @example
 * ```ts
 * const { applyBeforeToolCall } = await import('./tool-hooks');
 * await applyBeforeToolCall(call, tool, input, value, context, hookKit);
 * ```
 */
export const hookKit = { policyLists, describeError, toJsonData, validateToolInput, toToolInfo };

export type HookKit = typeof hookKit;
