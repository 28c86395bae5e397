import type { ModelCallOptions, ProviderMessage, SpecificationVersion } from './language-model';

/**
 * The call options in the shape a model's specification version reads. v2 (the AI SDK 5 era) has
 * no `execution-denied` tool result: a denied call goes to it as `error-text` with the reason,
 * which v2 providers send as the tool message. v3 and v4 take the options as they are.
 *
 * @example
 * ```ts
 * model.doStream(forSpecification(model.specificationVersion, options));
 * ```
 */
export function forSpecification(version: SpecificationVersion, options: ModelCallOptions): ModelCallOptions {
  if (version !== 'v2' || !options.prompt.some(hasDeniedResult)) return options;
  return { ...options, prompt: options.prompt.map((message) => (hasDeniedResult(message) ? withDeniedAsErrors(message) : message)) };
}

const hasDeniedResult = (message: ProviderMessage): message is ProviderMessage & { role: 'tool' } => message.role === 'tool' && message.content.some((part) => part.output.type === 'execution-denied');

function withDeniedAsErrors(message: ProviderMessage & { role: 'tool' }): ProviderMessage {
  return {
    role: 'tool',
    content: message.content.map((part) =>
      part.output.type === 'execution-denied' ? { ...part, output: { type: 'error-text', value: part.output.reason ?? `The user denied running "${part.toolName}".` } } : part,
    ),
  };
}
