/**
 * A scripted language model: it implements the AI SDK language model specification v3 and
 * plays back replies decided by a script, so the demo model and the test helpers share one
 * engine. It imports nothing at run time (no `ai`, no `@ai-sdk/provider`). The types live in
 * `scripted-model-types`, the plan in `scripted-plan` and the playback in `scripted-playback`;
 * this module re-exports their public names, so importers keep one entry point.
 */
import type {
  ScriptedCallOptions,
  ScriptedContent,
  ScriptedGenerateResult,
  ScriptedModel,
  ScriptedModelOptions,
  ScriptedStreamPart,
} from './scripted-model-types';
import { describeCall, planStep, stepsInOrder, toScriptedStep } from './scripted-plan';
import { abortReason, playPlan } from './scripted-playback';

export type {
  ScriptedCall,
  ScriptedCallOptions,
  ScriptedContent,
  ScriptedFinishReason,
  ScriptedGenerateResult,
  ScriptedItem,
  ScriptedModel,
  ScriptedModelOptions,
  ScriptedPromptMessage,
  ScriptedPromptPart,
  ScriptedRespond,
  ScriptedStep,
  ScriptedStepInput,
  ScriptedStreamPart,
  ScriptedTool,
  ScriptedUsage,
  ScriptedV3FinishReason,
  ScriptedV3Usage,
} from './scripted-model-types';
export { describeCall, stepsInOrder, toScriptedStep } from './scripted-plan';

/**
 * Creates a scripted model. It works with the agent runtime and with AI SDK's `streamText` and
 * `generateText`.
 *
 * @example
 * ```ts
 * const model = createScriptedModel({
 *   chunkDelayMs: 30,
 *   respond: ({ tools, stepIndex }) =>
 *     stepIndex === 0 && tools.some((tool) => tool.name === 'list_files')
 *       ? { type: 'tool-call', toolName: 'list_files', input: { path: '/' } }
 *       : 'All done.',
 * });
 * ```
 */
export function createScriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const respond = typeof options.respond === 'function' ? options.respond : stepsInOrder(options.respond);
  const delay = options.chunkDelayMs ?? 0;
  const chunkDelay = typeof delay === 'function' ? delay : () => delay;
  const modelId = options.modelId ?? 'scripted-model';
  const calls: ScriptedCallOptions[] = [];

  async function doStream(callOptions: ScriptedCallOptions): Promise<{ stream: ReadableStream<ScriptedStreamPart> }> {
    const callIndex = calls.length;
    calls.push(callOptions);
    const signal = callOptions.abortSignal;
    if (signal?.aborted) throw abortReason(signal);
    const step = toScriptedStep(await respond(describeCall(callOptions, callIndex)));
    if (signal?.aborted) throw abortReason(signal);
    const failure = step.items.find((item) => item.type === 'throw');
    if (failure !== undefined) throw failure.error;
    return { stream: playPlan(planStep(step, callOptions, modelId), signal, chunkDelay) };
  }

  async function doGenerate(callOptions: ScriptedCallOptions): Promise<ScriptedGenerateResult> {
    const { stream } = await doStream(callOptions);
    const reader = stream.getReader();
    const content: ScriptedContent[] = [];
    const open = new Map<string, { type: 'text' | 'reasoning'; text: string }>();
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-start':
        case 'reasoning-start': {
          const entry = { type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const), text: '' };
          open.set(part.id, entry);
          content.push(entry);
          break;
        }
        case 'text-delta':
        case 'reasoning-delta': {
          const entry = open.get(part.id);
          if (entry !== undefined) entry.text += part.delta;
          break;
        }
        case 'tool-call':
          content.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
          break;
        case 'error':
          await reader.cancel();
          throw part.error;
        case 'finish':
          return { content, finishReason: part.finishReason, usage: part.usage, warnings: [] };
        default:
          break;
      }
    }
    throw new Error('The scripted model stream ended without a finish part.');
  }

  return {
    specificationVersion: 'v3',
    provider: options.provider ?? 'scripted',
    modelId,
    supportedUrls: {},
    calls,
    doStream,
    doGenerate,
  };
}
