/**
 * The kit's embedded default model: deterministic, offline, and honest about being a demo.
 * It streams scripted replies at a human pace so the whole UI can be tried without an API key.
 */
import { createScriptedModel, toScriptedStep, type ScriptedModel } from '../model/scripted-model';
import { demoExamplePrompts } from './demo-replies';
import { createDemoScript } from './demo-script';

/** Options of {@link demoModel}. */
export interface DemoModelOptions {
  /**
   * `'normal'` (default) streams like a real model: a short wait, then a chunk of 1-3 words
   * every 25-40 ms. `'instant'` sets no timers at all (for tests and screenshots).
   */
  speed?: 'instant' | 'normal';
  /** A fixed delay before each chunk, overriding `speed`. */
  chunkDelayMs?: number;
}

/**
 * What the demo model is, for display (a model picker, an "offline demo" badge) and for
 * suggestion chips.
 *
 * @example
 * ```ts
 * if (agent.model.provider === demoModelInfo.provider) showBadge(demoModelInfo.label);
 * ```
 */
export const demoModelInfo = {
  provider: 'react-agent-kit',
  modelId: 'demo-model',
  label: 'Demo model (offline)',
  description:
    'A scripted model that runs in the browser without a network. It shows what the kit can do; plug in any AI SDK provider for real answers.',
  examplePrompts: demoExamplePrompts.map((example) => example.prompt),
} as const;

// The pace of the 'normal' speed: a first-token wait, then 25-40 ms per chunk. The jitter
// comes from the chunk's index, not from Math.random, so two runs stream identically.
const firstChunkDelayMs = 350;
const chunkDelays = [32, 25, 38, 29, 40, 27, 35, 31];

/**
 * The demo model: an AI SDK v3 language model that answers from a script. It introduces the
 * kit, renders markdown, tells a long story, shows reasoning, simulates an error (Retry then
 * succeeds), calls the agent's tools and summarizes their results.
 *
 * @example
 * ```ts
 * import { createAgent, demoModel } from 'react-agent-kit';
 *
 * const agent = createAgent({ model: demoModel() });
 * await agent.send('Show me some markdown');
 *
 * // Tests: no timers, same replies.
 * const fast = createAgent({ model: demoModel({ speed: 'instant' }) });
 * ```
 */
export function demoModel(options: DemoModelOptions = {}): ScriptedModel {
  const instant = options.chunkDelayMs === undefined ? options.speed === 'instant' : options.chunkDelayMs <= 0;
  const script = createDemoScript();
  return createScriptedModel({
    provider: demoModelInfo.provider,
    modelId: demoModelInfo.modelId,
    chunkDelayMs: options.chunkDelayMs ?? (instant ? 0 : (index) => chunkDelays[index % chunkDelays.length] ?? 30),
    respond: async (call) => {
      const step = toScriptedStep(await script(call));
      // A real model takes a moment before its first token; without it the reply looks canned.
      return instant ? step : { ...step, items: [{ type: 'pause', ms: firstChunkDelayMs }, ...step.items] };
    },
  });
}
