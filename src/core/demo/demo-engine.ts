/**
 * The demo model's engine: the scripted replies and the playback that streams them. It is
 * loaded on the demo model's first call (see `demo-model.ts`), so an app that starts on the
 * demo model does not ship its replies in the first bundle.
 */
import { scriptedModel, toScriptedStep, type ScriptedModel } from '../scripted/scripted-model';
import type { DemoModelOptions } from './demo-options';
import { createDemoScript } from './demo-script';

// The pace of the 'normal' speed: a first-token wait, then 25-40 ms per chunk. The jitter
// comes from the chunk's index, not from Math.random, so two runs stream identically.
const firstChunkDelayMs = 350;
const chunkDelays = [32, 25, 38, 29, 40, 27, 35, 31];

/**
 * Builds the scripted model behind `demoModel()`.
 *
 * @example
 * ```ts
 * const engine = createDemoEngine({ speed: 'instant' }, { provider: 'react-agent-kit', modelId: 'demo-model' });
 * ```
 */
export function createDemoEngine(options: DemoModelOptions, identity: { provider: string; modelId: string }): ScriptedModel {
  const instant = options.chunkDelayMs === undefined ? options.speed === 'instant' : options.chunkDelayMs <= 0;
  const script = createDemoScript();
  return scriptedModel(
    async (call) => {
      const step = toScriptedStep(await script(call));
      // A real model takes a moment before its first token; without it the reply looks canned.
      return instant ? step : { ...step, items: [{ type: 'pause', ms: firstChunkDelayMs }, ...step.items] };
    },
    { ...identity, chunkDelayMs: options.chunkDelayMs ?? (instant ? 0 : (index) => chunkDelays[index % chunkDelays.length] ?? 30) },
  );
}
