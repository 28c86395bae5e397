/**
 * react-agent-kit/providers: light, fetch-based model adapters for browsers (OpenAI-compatible
 * endpoints and Anthropic), implementing the same model interface as any AI SDK provider.
 *
 * @module react-agent-kit/providers
 */
export { openAICompatible } from './openai-compatible';
export type { OpenAICompatibleOptions } from './openai-compatible';
export { anthropic } from './anthropic';
export type { AnthropicOptions } from './anthropic';
export { ApiCallError } from './api-call-error';
export type { ApiCallErrorFields } from './api-call-error';
export type { ServerSentEvent } from './sse-parser';
export type { FetchLanguageModel, V3StreamPart, V3Usage } from './stream-parts';
// The kit's own backend as a model (createAgentHandler in react-agent-kit/server holds the key).
export { remoteModel } from '../bridge/remote-model';
export type { RemoteModelOptions } from '../bridge/remote-model';
