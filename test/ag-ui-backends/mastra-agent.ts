/**
 * A real Mastra agent for the AG-UI backend tests, offline: its model is the AI SDK's
 * `MockLanguageModelV3` (the spec version Mastra's own `ai@6` copy expects) answering each model
 * call with the next scripted turn. It has a server tool (`weather`), a tool that asks the person
 * through Mastra's tool suspension (`pick_color`, with a `resumeSchema`), one that needs an
 * approval (`send_email`, Mastra's `requireApproval`), and working memory
 * (Mastra's `updateWorkingMemory` tool, which `@ag-ui/mastra` reads back as the shared state).
 * Registered with a `Mastra` instance with in-memory storage, where Mastra keeps a suspended run
 * until it is resumed. Tests share the script (turns in, what the model saw out) with the agent.
 */
import { Agent } from '@mastra/core/agent';
import { Mastra } from '@mastra/core/mastra';
import { MockMemory } from '@mastra/core/memory';
import { InMemoryStore } from '@mastra/core/storage';
import { createTool } from '@mastra/core/tools';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';

/** One chunk of the AI SDK's model stream (LanguageModelV3StreamPart). */
export type MastraChunk = Record<string, unknown>;
/** A model turn: chunks to stream, a stream that stays open after them (Stop), or an error the model throws. */
export type MastraTurn = MastraChunk[] | { open: MastraChunk[] } | { throws: string };

export interface MastraScript {
  turns: MastraTurn[];
  modelCalls: number;
  /** What the model was asked, each call (its prompt as Mastra built it). */
  prompts: string[];
  /** The tool names the model was offered, each call (Mastra's own and the client's). */
  offeredTools: string[][];
  /** The cities the server tool was asked about. */
  forecasts: string[];
  /** Whom `send_email` wrote to (it never runs: see its approval). */
  sent: string[];
  /** Open model streams whose call was aborted. */
  aborted: number;
}

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
/** The end of a model turn. */
export const finish = (reason: 'stop' | 'tool-calls' = 'stop'): MastraChunk => ({ type: 'finish', finishReason: { unified: reason, raw: reason }, usage });
/** A turn that says `deltas`, streamed one by one. */
export const say = (...deltas: string[]): MastraChunk[] => [{ type: 'text-start', id: 't' }, ...deltas.map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }, finish()];
/** A turn that thinks `text` and then says `deltas`. */
export const thinkThenSay = (text: string, ...deltas: string[]): MastraChunk[] => [{ type: 'reasoning-start', id: 'r' }, { type: 'reasoning-delta', id: 'r', delta: text }, { type: 'reasoning-end', id: 'r' }, ...say(...deltas)];
/** A turn that calls `toolName` with `input`. */
export const call = (toolCallId: string, toolName: string, input: unknown): MastraChunk[] => [{ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }, finish('tool-calls')];

/** A turn that calls `toolName` with `input`, its arguments streamed first in `pieces` pieces (as providers stream them). */
export function streamedCall(toolCallId: string, toolName: string, input: unknown, pieces: number): MastraChunk[] {
  const text = JSON.stringify(input);
  const size = Math.ceil(text.length / pieces);
  const deltas = Array.from({ length: pieces }, (_, index) => text.slice(index * size, (index + 1) * size));
  return [{ type: 'tool-input-start', id: toolCallId, toolName }, ...deltas.map((delta) => ({ type: 'tool-input-delta', id: toolCallId, delta })), { type: 'tool-input-end', id: toolCallId }, ...call(toolCallId, toolName, input)];
}

/** A Mastra agent playing a fresh script, and the getter a server calls per request. */
export function createScriptedMastraAgent(): { script: MastraScript; agent: () => Agent } {
  const script: MastraScript = { turns: [], modelCalls: 0, prompts: [], offeredTools: [], forecasts: [], sent: [], aborted: 0 };
  const model = new MockLanguageModelV3({
    doStream: async (options) => {
      script.modelCalls += 1;
      script.prompts.push(JSON.stringify(options.prompt));
      script.offeredTools.push((options.tools ?? []).map((tool) => tool.name));
      const turn = script.turns.shift();
      if (!turn) throw new Error('The script has no more model turns.');
      if ('throws' in turn) throw new Error(turn.throws);
      const chunks = Array.isArray(turn) ? turn : turn.open;
      const stream = new ReadableStream<MastraChunk>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          if (Array.isArray(turn)) return controller.close();
          // An open stream ends as a provider's does when its request is aborted.
          options.abortSignal?.addEventListener('abort', () => {
            script.aborted += 1;
            controller.error(new DOMException('The model call was aborted.', 'AbortError'));
          });
        },
      });
      return { stream: stream as never };
    },
  });
  const weather = createTool({
    id: 'weather',
    description: "A city's weather.",
    inputSchema: z.object({ city: z.string() }),
    execute: async ({ city }) => {
      script.forecasts.push(city);
      return { city, sky: 'sunny' };
    },
  });
  /** Asks the person through Mastra's tool suspension: suspends with a question, resumes with the chosen color. */
  const pickColor = createTool({
    id: 'pick_color',
    description: 'Asks the person which color to use.',
    inputSchema: z.object({ purpose: z.string() }),
    suspendSchema: z.object({ question: z.string() }),
    resumeSchema: z.object({ color: z.enum(['red', 'blue']).describe('Which color should the theme use?') }),
    execute: async ({ purpose }, context) => {
      const answer = context.agent?.resumeData as { color: string } | undefined;
      if (!answer) return context.agent!.suspend({ question: `Which color for the ${purpose}?` });
      return { color: answer.color };
    },
  });
  /** A tool Mastra runs only after an approval (`requireApproval`), which @ag-ui/mastra does not map to AG-UI. */
  const sendEmail = createTool({
    id: 'send_email',
    description: 'Sends an email.',
    inputSchema: z.object({ to: z.string() }),
    requireApproval: true,
    execute: async ({ to }) => {
      script.sent.push(to);
      return { sent: true };
    },
  });
  // The mock is a LanguageModelV3 at run time; only its doGenerate typing (of ai@7) differs from Mastra's copy of the spec.
  const mastraModel = model as unknown as ConstructorParameters<typeof Agent>[0]['model'];
  // One agent with one memory, as a server keeps them: threads are kept apart by their ids.
  const assistant = new Agent({ id: 'assistant', name: 'assistant', instructions: 'Help.', model: mastraModel, tools: { weather, pickColor, sendEmail }, memory: new MockMemory({ enableWorkingMemory: true }) });
  const mastra = new Mastra({ agents: { assistant }, storage: new InMemoryStore(), logger: false });
  return { script, agent: () => mastra.getAgent('assistant') };
}

/** Empties what the script recorded and the turns left. */
export function resetMastraScript(script: MastraScript): void {
  script.turns = [];
  script.modelCalls = 0;
  script.prompts.length = 0;
  script.offeredTools.length = 0;
  script.forecasts.length = 0;
  script.sent.length = 0;
  script.aborted = 0;
}
