/**
 * A LangGraph JS graph for the AG-UI backend tests, loaded by LangGraph's own API server from
 * this file (as `langgraph dev` loads a project's graphs). Its model is LangChain's
 * `FakeStreamingChatModel`, streaming the next scripted turn; a server tool (`weather`), one
 * that asks the person through `interrupt()` (`pick_color`) and one that asks for an approval
 * through `interrupt()` (`send_email`) run in its tool node; a call of any
 * other tool (the browser's, offered through AG-UI) ends the run for the client to answer. The
 * script lives on `globalThis`, since the server loads this file apart from the test's imports.
 */
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk, type BaseMessage } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { tool, type ToolRunnableConfig } from '@langchain/core/tools';
import { FakeStreamingChatModel } from '@langchain/core/utils/testing';
import { END, interrupt, MessagesValue, START, StateGraph, StateSchema, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { z } from 'zod';

/** A tool call the model makes: streamed as most providers do (name, then arguments), or in one chunk (as Gemini does). */
export interface ScriptedCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  oneChunk?: boolean;
}

/** One model call: text chunks, a tool call, an error, or text and then a wait until released (Stop). */
export type LangGraphTurn = { text: string[]; city?: string; thinking?: string } | { call: ScriptedCall } | { throws: string } | { open: string[] };

export interface LangGraphScript {
  turns: LangGraphTurn[];
  /** What the model was given, each call. */
  prompts: string[];
  /** The client's tools the graph's state held, each model call (what a real model would be bound to). */
  offeredTools: string[][];
  /** Whom `send_email` wrote to, once approved. */
  sent: string[];
  forecasts: string[];
  /** Ends the wait of an `open` turn. */
  release: () => void;
}

/** The script the graph plays, shared through `globalThis` with the test. */
export function langGraphScript(): LangGraphScript {
  const holder = globalThis as { agUiLangGraphScript?: LangGraphScript };
  holder.agUiLangGraphScript ??= { turns: [], prompts: [], offeredTools: [], sent: [], forecasts: [], release: () => {} };
  return holder.agUiLangGraphScript;
}

/**
 * Streams one tool call as providers do, in `tool_call_chunks` (LangChain's FakeStreamingChatModel
 * streams a call only as a parsed `tool_calls`, which @ag-ui/langgraph does not stream as TOOL_CALL_* events).
 */
class ToolCallingChatModel extends BaseChatModel {
  constructor(private readonly call: ScriptedCall) {
    super({});
  }
  _llmType(): string {
    return 'scripted-tool-call';
  }
  /** As providers stream a call: its id and name first, then its arguments (or all in one chunk). */
  private chunks(): AIMessageChunk[] {
    const { id, name, args, oneChunk } = this.call;
    if (oneChunk) return [new AIMessageChunk({ content: '', tool_call_chunks: [{ id, name, args: JSON.stringify(args), index: 0, type: 'tool_call_chunk' }] })];
    return [
      new AIMessageChunk({ content: '', tool_call_chunks: [{ id, name, args: '', index: 0, type: 'tool_call_chunk' }] }),
      new AIMessageChunk({ content: '', tool_call_chunks: [{ args: JSON.stringify(args), index: 0, type: 'tool_call_chunk' }] }),
    ];
  }
  async _generate(): Promise<ChatResult> {
    const [first, ...rest] = this.chunks();
    return { generations: [{ text: '', message: rest.reduce((message, chunk) => message.concat(chunk), first!) }] };
  }
  override async *_streamResponseChunks(_messages: BaseMessage[], _options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    for (const message of this.chunks()) {
      const chunk = new ChatGenerationChunk({ text: '', message });
      yield chunk;
      // What makes the chunk a stream event (on_chat_model_stream), as providers' models do.
      await runManager?.handleLLMNewToken('', undefined, undefined, undefined, undefined, { chunk });
    }
  }
}

const weather = tool(
  async ({ city }: { city: string }) => {
    langGraphScript().forecasts.push(city);
    return JSON.stringify({ city, sky: 'sunny' });
  },
  { name: 'weather', description: "A city's weather.", schema: z.object({ city: z.string() }) },
);

const pickColor = tool(
  async () => {
    const color = interrupt<unknown, string>({ message: 'Which color should the theme use?', responseSchema: { type: 'string', enum: ['red', 'blue'] } });
    return JSON.stringify({ color });
  },
  { name: 'pick_color', description: 'Asks the person which color to use.', schema: z.object({ purpose: z.string() }) },
);
/**
 * Asks for an approval before it runs, as LangGraph apps do (human-in-the-loop with `interrupt()`):
 * the interrupt names the call it concerns, and the resume value says `{ approved, editedArgs?, reason? }`.
 */
const sendEmail = tool(
  async ({ to }: { to: string }, config: ToolRunnableConfig) => {
    const decision = interrupt<unknown, { approved?: boolean; editedArgs?: { to?: string }; reason?: string }>({ reason: 'tool_approval', toolCallId: config.toolCall?.id, message: `Send the email to ${to}?` });
    if (!decision?.approved) return JSON.stringify({ sent: false, reason: decision?.reason ?? 'denied' });
    const recipient = decision.editedArgs?.to ?? to;
    langGraphScript().sent.push(recipient);
    return JSON.stringify({ sent: true, to: recipient });
  },
  { name: 'send_email', description: 'Sends an email, once the person approves.', schema: z.object({ to: z.string() }) },
);
const serverTools = new Set(['weather', 'pick_color', 'send_email']);

// A StateSchema of runtime schemas, so LangGraph's server reads the graph's schema from it at run
// time (an Annotation state has it compile this file with the TypeScript compiler, seconds per server).
const State = new StateSchema({
  messages: MessagesValue,
  // The client's tools, as @ag-ui/langgraph hands them to the graph.
  tools: z.array(z.unknown()).optional(),
  city: z.string().optional(),
});

async function callModel(state: typeof State.State, config: LangGraphRunnableConfig) {
  const script = langGraphScript();
  script.prompts.push(JSON.stringify(state.messages.map((message: BaseMessage) => message.content)));
  script.offeredTools.push((state.tools ?? []).map((entry) => (entry as { function?: { name?: string } }).function?.name ?? String((entry as { name?: unknown }).name)));
  const turn = script.turns.shift() ?? { throws: 'The script has no more model turns.' };
  if ('throws' in turn) return { messages: [await new FakeStreamingChatModel({ thrownErrorString: turn.throws }).invoke(state.messages, config)] };
  if ('call' in turn) return { messages: [await new ToolCallingChatModel(turn.call).invoke(state.messages, config)] };
  const words = 'open' in turn ? turn.open : turn.text;
  // Thinking as Anthropic's models stream it (a content block), before the text.
  // After a thinking block, the text is a block of its own, streamed in pieces with its index (so they merge into one).
  const thinks = 'thinking' in turn && Boolean(turn.thinking);
  const thinking = thinks ? [new AIMessageChunk({ content: [{ type: 'thinking', thinking: (turn as { thinking: string }).thinking, index: 0 }] })] : [];
  const text = words.map((word) => new AIMessageChunk({ content: thinks ? [{ type: 'text', text: word, index: 1 }] : word }));
  const reply = await new FakeStreamingChatModel({ chunks: [...thinking, ...text] }).invoke(state.messages, config);
  // Waits for the test, or for LangGraph's server to cancel the run (the integration's Stop).
  if ('open' in turn) await new Promise<void>((resolve) => {
    script.release = resolve;
    config.signal?.addEventListener('abort', () => resolve(), { once: true });
  });
  return { messages: [reply], ...('city' in turn && turn.city ? { city: turn.city } : {}) };
}

function next(state: typeof State.State): 'server_tools' | typeof END {
  const last = state.messages.at(-1) as { tool_calls?: Array<{ name: string }> } | undefined;
  return last?.tool_calls?.some((call) => serverTools.has(call.name)) ? 'server_tools' : END;
}

export const graph = new StateGraph(State)
  .addNode('model', callModel)
  .addNode('server_tools', new ToolNode([weather, pickColor, sendEmail]))
  .addEdge(START, 'model')
  .addConditionalEdges('model', next, ['server_tools', END])
  .addEdge('server_tools', 'model')
  .compile();
