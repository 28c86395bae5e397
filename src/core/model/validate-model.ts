import { supportedSpecificationVersions, type LanguageModel } from './language-model';

/** Thrown by `createAgent` when `model` is not a usable language model object. */
export class InvalidModelError extends TypeError {
  override readonly name = 'InvalidModelError';
}

/**
 * Checks that `model` is an AI SDK language model object the core can drive, and says
 * exactly what is wrong when it is not (a common mistake: passing a model id string, or a
 * provider function instead of the model it returns).
 *
 * @example
 * ```ts
 * assertLanguageModel(openai('gpt-5-mini')); // ok
 * assertLanguageModel('gpt-5-mini'); // throws InvalidModelError
 * ```
 */
export function assertLanguageModel(model: unknown): asserts model is LanguageModel {
  const hint =
    'Pass an AI SDK language model object, e.g. `openai("gpt-5-mini")` from @ai-sdk/openai, or `demoModel()` from react-agent-kit.';
  if (model === undefined || model === null) {
    throw new InvalidModelError(`createAgent: \`model\` is required. ${hint}`);
  }
  if (typeof model === 'string') {
    throw new InvalidModelError(`createAgent: \`model\` is the string "${model}", not a model object. ${hint}`);
  }
  if (typeof model === 'function') {
    throw new InvalidModelError(
      'createAgent: `model` is a function (a provider?). Call it with a model id first, e.g. `openai("gpt-5-mini")`.',
    );
  }
  if (typeof model !== 'object') {
    throw new InvalidModelError(`createAgent: \`model\` must be an object, got ${typeof model}. ${hint}`);
  }
  const candidate = model as Record<string, unknown>;
  const version = candidate.specificationVersion;
  if (version === 'v1') {
    throw new InvalidModelError(
      'createAgent: this model implements specification v1 (AI SDK 4), which is not supported. Upgrade the provider package to a version for AI SDK 5 or later (spec v2, v3 or v4).',
    );
  }
  if (typeof version !== 'string' || !(supportedSpecificationVersions as readonly string[]).includes(version)) {
    throw new InvalidModelError(
      `createAgent: \`model.specificationVersion\` is ${JSON.stringify(version)}; expected one of ${supportedSpecificationVersions.join(', ')}. ${hint}`,
    );
  }
  if (typeof candidate.doStream !== 'function') {
    throw new InvalidModelError(`createAgent: \`model.doStream\` must be a function (spec ${version}). ${hint}`);
  }
  for (const field of ['provider', 'modelId'] as const) {
    if (typeof candidate[field] !== 'string') {
      throw new InvalidModelError(`createAgent: \`model.${field}\` must be a string (spec ${version}). ${hint}`);
    }
  }
}
