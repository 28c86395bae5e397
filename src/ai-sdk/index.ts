/**
 * react-agent-kit/ai-sdk: the kit and the AI SDK's UI side together. `toUIMessages` and
 * `fromUIMessages` move a conversation between the kit's state and AI SDK `UIMessage`s (for
 * `useChat`, AI Elements, or a database written for the AI SDK), losslessly for what the kit makes.
 * `ai` is an optional peer dependency; this entry uses its types only.
 */
export { toUIMessages } from './to-ui-messages';
export { fromUIMessages } from './from-ui-messages';
export { snapshotFromUIMessages } from './snapshot-from-ui-messages';
export { agentChatTransport } from './agent-chat-transport';
export type { KitConversationFields, KitMessageMetadata, KitToolCallExtras, KitUIMessageMetadata } from './kit-metadata';
