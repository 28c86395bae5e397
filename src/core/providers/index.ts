/**
 * react-agent-kit/providers: light, fetch-based model adapters for browsers (OpenAI-compatible
 * endpoints and Anthropic), implementing the same model interface as any AI SDK provider.
 */
export {};
