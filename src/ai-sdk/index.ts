/**
 * react-agent-kit/ai-sdk: the kit and the AI SDK's UI side together. `toUIMessages` and
 * `fromUIMessages` move a conversation between the kit's state and AI SDK `UIMessage`s (for
 * `useChat`, AI Elements, or a database written for the AI SDK), losslessly for what the kit makes;
 * `agentChatTransport` puts the kit's agent behind `useChat`, and `useChatAgent` puts a `useChat`
 * chat in front of the kit's components.
 * `ai` is an optional peer dependency; this entry uses its types only.
 *
 * @module react-agent-kit/ai-sdk
 */
export { toUIMessages } from './to-ui-messages';
export type { ToUIMessagesOptions } from './to-ui-messages';
export { fromUIMessages } from './from-ui-messages';
export { snapshotFromUIMessages } from './snapshot-from-ui-messages';
export { agentChatTransport } from './agent-chat-transport';
export { useChatAgent } from './use-chat-agent';
export type { ChatHelpers } from './use-chat-agent';
export type { KitConversationFields, KitMessageMetadata, KitToolCallExtras, KitUIMessageMetadata } from './kit-metadata';
