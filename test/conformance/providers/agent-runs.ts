/**
 * Runs the agent over a replay server with our adapter or the official AI SDK provider, and
 * reduces the outcome to what must agree: the messages' parts, the tool calls, the usage.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createAgent, defineTool, type Agent, type AgentOptions, type LanguageModel, type RunResult, type ToolCallState } from '../../../src/core/index';
import { anthropic, openAICompatible } from '../../../src/core/providers/index';
import { startReplayServer, type RecordedRequest, type ReplayFormat, type ReplayReply, type ReplayServer } from './replay-server';

/** The key every model gets; it must never appear in an error. */
export const apiKey = 'sk-test-3f9a7c1e-never-in-messages';

export type Implementation = 'ours' | 'official';
export const implementations: readonly Implementation[] = ['ours', 'official'];

export function modelFor(format: ReplayFormat, implementation: Implementation, baseURL: string, modelId: string, key: string = apiKey): LanguageModel {
  if (format === 'openai') {
    return implementation === 'ours' ? openAICompatible({ baseURL, apiKey: key, model: modelId, name: 'replay' }) : createOpenAI({ baseURL, apiKey: key }).chat(modelId);
  }
  return implementation === 'ours' ? anthropic({ baseURL, apiKey: key, model: modelId }) : createAnthropic({ baseURL, apiKey: key })(modelId);
}

/** Runs on the client: the weather fixtures call it. */
export const weatherTool = defineTool({
  name: 'weather',
  description: 'The weather for a location.',
  inputSchema: { type: 'object', properties: { location: { type: 'string' } }, additionalProperties: false },
  execute: (input: { location?: string }) => ({ location: input.location ?? 'here', temperature: 72 }),
});

/** A declaration: the host app runs it through `onToolCall` (the Anthropic tool fixture calls it). */
export const updateIssueListTool = defineTool({
  name: 'updateIssueList',
  description: 'Updates the issue list.',
  inputSchema: { type: 'object', properties: {} },
});

export function createTestAgent(model: LanguageModel, options: Partial<AgentOptions> = {}): Agent {
  return createAgent({
    model,
    instructions: 'You are a concise assistant.',
    tools: [weatherTool, updateIssueListTool],
    onToolCall: ({ name }) => (name === 'updateIssueList' ? 'Updated 3 issues.' : undefined),
    retry: { initialDelayMs: 1 },
    ...options,
  });
}

export interface Conversation {
  status: string;
  errorCode: string | undefined;
  messages: Array<{ role: string; status: string; parts: Array<{ type: string; text?: string; toolCallId?: string; code?: string }> }>;
  toolCalls: Array<{ id: string; name: string; input: unknown; state: ToolCallState; output: unknown }>;
  usage: unknown;
}

/** The agent's state without ids, times and part statuses, which differ between runs. */
export function conversationOf(agent: Agent): Conversation {
  const state = agent.getState();
  return {
    status: state.status,
    errorCode: state.error?.code,
    messages: state.messages.map((message) => ({
      role: message.role,
      status: message.status,
      parts: message.parts.map((part) => {
        switch (part.type) {
          case 'text':
          case 'reasoning':
            return { type: part.type, text: part.text };
          case 'tool-call':
            return { type: part.type, toolCallId: part.toolCallId };
          case 'notice':
            return { type: part.type, code: part.code };
          case 'file':
            return { type: part.type, text: part.filename };
          case 'source':
            return { type: part.type, text: part.url ?? part.title };
        }
      }),
    })),
    toolCalls: state.toolCalls.map((call) => ({ id: call.id, name: call.name, input: call.input, state: call.state, output: call.output })),
    usage: state.usage,
  };
}

export interface FixtureRun {
  result: RunResult;
  conversation: Conversation;
  requests: RecordedRequest[];
  agent: Agent;
}

/** One agent turn against a fresh replay server that answers with `replies`, in order. */
export async function runAgainstReplay(
  format: ReplayFormat,
  implementation: Implementation,
  modelId: string,
  replies: ReplayReply[],
  userText = 'Hello!',
  options: Partial<AgentOptions> = {},
): Promise<FixtureRun> {
  const server: ReplayServer = await startReplayServer(format);
  try {
    server.reply(...replies);
    const agent = createTestAgent(modelFor(format, implementation, server.baseURL, modelId), options);
    const result = await agent.send(userText);
    return { result, conversation: conversationOf(agent), requests: [...server.requests], agent };
  } finally {
    await server.close();
  }
}

/** The text of the parts of one kind of the assistant messages, joined. */
export function assistantText(conversation: Conversation, type: 'text' | 'reasoning'): string {
  return conversation.messages
    .filter((message) => message.role === 'assistant')
    .flatMap((message) => message.parts.filter((part) => part.type === type).map((part) => part.text ?? ''))
    .join('');
}
