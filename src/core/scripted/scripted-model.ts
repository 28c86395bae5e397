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
  ScriptedModelSettings,
  ScriptedStreamPart,
  Script,
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
  ScriptedModelSettings,
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
  Script,
} from './scripted-model-types';
export { describeCall, stepsInOrder, toScriptedStep } from './scripted-plan';

/**
 * A deterministic language model (AI SDK specification v3) that plays a script: one step per
 * call, or the reply a function of the call decides. It fails clearly when called more often
 * than scripted, and `model.calls` records what it received. It works with the agent runtime
 * and with the AI SDK's `streamText` and `generateText`; the demo model is one too. Tests import
 * it from `react-agent-kit/testing`.
 *
 * @example
 * ```ts
 * import { scriptedModel, text, toolCall } from 'react-agent-kit/testing';
 *
 * const model = scriptedModel([toolCall('get_weather', { city: 'Paris' }), text('Sunny in Paris.')]);
 * const agent = createAgent({ model, tools: [getWeather] });
 * await agent.send('Weather in Paris?');
 * expect(model.calls).toHaveLength(2);
 *
 * // A function of the call, streamed at a reading pace:
 * const echo = scriptedModel(({ lastUserText }) => `You said: ${lastUserText}`, { chunkDelayMs: 30 });
 * ```
 */
export function scriptedModel(script: Script, settings: ScriptedModelSettings = {}): ScriptedModel {
  const respond = typeof script === 'function' ? script : stepsInOrder(script);
  const delay = settings.chunkDelayMs ?? 0;
  const chunkDelay = typeof delay === 'function' ? delay : () => delay;
  const modelId = settings.modelId ?? 'scripted-model';
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
    provider: settings.provider ?? 'scripted',
    modelId,
    supportedUrls: {},
    calls,
    doStream,
    doGenerate,
  };
}
