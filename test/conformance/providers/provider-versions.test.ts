/**
 * Contract: `createAgent({ model })` takes the AI SDK provider objects of every specification
 * version as they are, without casts: `@ai-sdk/openai` 2 (spec v2, the ai@5 era), 3 (v3, ai@6)
 * and 4 (v4, ai@7). This file type-checks only if each is assignable to `LanguageModel` (the
 * typecheck of `npm test` covers it); at run time each does a tool round trip on a replay server
 * and receives the tool's result, including a denied call's.
 */
import { createOpenAI as createOpenAIv4 } from '@ai-sdk/openai';
import { createOpenAI as createOpenAIv2 } from '@ai-sdk/openai-v2';
import { createOpenAI as createOpenAIv3 } from '@ai-sdk/openai-v3';
import { describe, expect, it } from 'vitest';
import { createAgent, type LanguageModel } from '../../../src/core/index';
import { apiKey, weatherTool } from './agent-runs';
import { startReplayServer } from './replay-server';

const versions: Array<[string, (baseURL: string) => LanguageModel]> = [
  ['@ai-sdk/openai 2 (v2)', (baseURL) => createOpenAIv2({ baseURL, apiKey }).chat('gpt-4o-mini')],
  ['@ai-sdk/openai 3 (v3)', (baseURL) => createOpenAIv3({ baseURL, apiKey }).chat('gpt-4o-mini')],
  ['@ai-sdk/openai 4 (v4)', (baseURL) => createOpenAIv4({ baseURL, apiKey }).chat('gpt-4o-mini')],
];

describe.each(versions)('%s', (_name, makeModel) => {
  it('is a model for createAgent as it is, and does a tool round trip', async () => {
    const server = await startReplayServer('openai');
    try {
      server.reply({ fixture: 'groq-chat-tool-call.jsonl' }, { text: 'Sunny, 72.' });
      const agent = createAgent({ model: makeModel(server.baseURL), tools: [weatherTool], permissions: { allow: ['weather'] } });
      const result = await agent.send('What is the weather?');
      expect(result.status).toBe('idle');
      expect(agent.getState().toolCalls).toMatchObject([{ name: 'weather', state: 'output-available' }]);
      expect(agent.getState().messages.at(-1)!.parts).toMatchObject([{ type: 'text', text: 'Sunny, 72.' }]);
      const toolMessage = (server.requests[1]!.body.messages as Array<{ role: string; content: string }>).at(-1)!;
      expect(toolMessage.role).toBe('tool');
      expect(JSON.parse(toolMessage.content)).toEqual({ location: 'here', temperature: 72 });
    } finally {
      await server.close();
    }
  });

  it('sends a denied call back as denied', async () => {
    const server = await startReplayServer('openai');
    try {
      server.reply({ fixture: 'groq-chat-tool-call.jsonl' }, { text: 'Understood.' });
      const agent = createAgent({ model: makeModel(server.baseURL), tools: [{ ...weatherTool, needsApproval: true }] });
      await agent.send('What is the weather?');
      const [call] = agent.getState().toolCalls;
      await agent.deny(call!.id, { reason: 'Not now.' });
      expect(server.requests).toHaveLength(2);
      const toolMessage = (server.requests[1]!.body.messages as Array<{ role: string; content: string }>).at(-1)!;
      expect(toolMessage.role).toBe('tool');
      expect(toolMessage.content).toContain('Not now.');
    } finally {
      await server.close();
    }
  });
});
