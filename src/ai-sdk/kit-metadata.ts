import type { AgentState, Message, NoticePart, ToolCall } from '../core/index';

/**
 * What a UI message carries of the kit besides its parts, under `metadata.reactAgentKit`: what
 * AI SDK's `UIMessage` has no field for (a message's status and time, the kit's part ids, its
 * notices, the tool calls' audit trails and kit-only states). With it, `fromUIMessages` gives back
 * exactly the state `toUIMessages` was given; without it (a history the AI SDK wrote), the kit
 * derives what it needs from the parts.
 */
export interface KitMessageMetadata {
  /** The format of this record; a newer one is ignored (the parts alone are read). */
  v: 1;
  status: Message['status'];
  createdAt: number;
  runId?: string;
  checkpointId?: string;
  usage?: Message['usage'];
  costUsd?: number;
  /** When the reply answered and ended (`Message.timing`). */
  timing?: Message['timing'];
  /** The person's rating of the reply (`Message.feedback`). */
  feedback?: Message['feedback'];
  /** The ids of the message's text and reasoning parts, in order. */
  partIds: string[];
  /** The ids of the message's file parts, in order, with where `saveTo` put each (a UI file part has no field for it). Absent when none. */
  files?: Array<{ id: string; path?: string }>;
  /** The ids of the message's source parts, in order. Absent when none. */
  sourceIds?: string[];
  /** The notices, each with its index among the kit's parts. */
  notices: Array<{ at: number; part: NoticePart }>;
  /** Per tool call of this message, what its UI part does not carry. */
  toolCalls: Record<string, KitToolCallExtras>;
  /** The index among the UI parts of the text part that shows the failed model call's error; it is not one of the kit's parts. */
  errorPart?: number;
  /** On the last message only: the conversation's own fields. */
  conversation?: KitConversationFields;
}

/** A tool call without what its UI part already holds (name, input, output, the UI state). */
export type KitToolCallExtras = Omit<ToolCall, 'id' | 'name' | 'input' | 'output'>;

/** The state's fields that belong to no message. */
export type KitConversationFields = Omit<AgentState, 'messages' | 'toolCalls'>;

/** The metadata of a UI message the kit made: `{ reactAgentKit: KitMessageMetadata }`, beside the app's own fields. */
export interface KitUIMessageMetadata {
  reactAgentKit?: KitMessageMetadata;
  [key: string]: unknown;
}

/** The kit's record in a UI message's metadata, if there is one of a version this kit reads. */
export function kitMetadataOf(metadata: unknown): KitMessageMetadata | undefined {
  if (typeof metadata !== 'object' || metadata === null) return undefined;
  const record = (metadata as KitUIMessageMetadata).reactAgentKit;
  return typeof record === 'object' && record !== null && record.v === 1 ? record : undefined;
}
