/**
 * The kit's embedded default model: deterministic, offline, and honest about being a demo.
 * It streams scripted replies at a human pace so the whole UI can be tried without an API key.
 */
import type { ScriptedCallOptions, ScriptedModel } from '../scripted/scripted-model';
import { demoExamplePrompts } from './demo-examples';
import type { DemoModelOptions } from './demo-options';

export type { DemoModelOptions } from './demo-options';

/** Options of {@link demoModel}. */

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

/** The demo model: an AI SDK language model (spec v3) that records the calls it received, like any scripted model. */
export type DemoLanguageModel = ScriptedModel;

/**
 * The demo model: an AI SDK v3 language model that answers from a script. It introduces the
 * kit, renders markdown, tells a long story, shows reasoning, simulates an error (Retry then
 * succeeds), calls the agent's tools and summarizes their results, and shows people in the
 * loop: an email that waits for approval (approve, edit, deny with a reason), questions through
 * `ask_user_question`, and a cleanup whose approval depends on its arguments.
 *
 * Its replies load on the first call (a dynamic import), so they cost nothing up front.
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
export function demoModel(options: DemoModelOptions = {}): DemoLanguageModel {
  const identity = { provider: demoModelInfo.provider, modelId: demoModelInfo.modelId };
  let engine: ReturnType<typeof loadEngine> | undefined;
  const load = () => (engine ??= loadEngine(options, identity));
  const calls: ScriptedCallOptions[] = [];
  return {
    specificationVersion: 'v3',
    ...identity,
    supportedUrls: {},
    calls,
    async doStream(callOptions) {
      calls.push(callOptions);
      return (await load()).doStream(callOptions);
    },
    async doGenerate(callOptions) {
      calls.push(callOptions);
      return (await load()).doGenerate(callOptions);
    },
  };
}

async function loadEngine(options: DemoModelOptions, identity: { provider: string; modelId: string }) {
  const { createDemoEngine } = await import('./demo-engine');
  return createDemoEngine(options, identity);
}
