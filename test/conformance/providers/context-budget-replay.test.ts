/**
 * The 300-turn session of the context budget (`src/core/context/context-budget.test.ts`) through
 * the official AI SDK providers (`@ai-sdk/openai`, `@ai-sdk/anthropic`) against the replay server,
 * which plays a provider: each turn it calls `read_report` and then answers, it answers summary
 * requests with a summary, and it reports as input tokens a count of the whole request body
 * (JSON, a quarter of its characters), more than the kit's estimate, which must learn the
 * difference from the usage reported.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../../src/core/index';
import { readReport, reportAnswer, sessionBudget, sessionTurns } from '../../fixtures/report-session';
import { modelFor } from './agent-runs';
import { startReplayServer, type RecordedRequest, type ReplayFormat, type ReplayServer } from './replay-server';
import { textEvents, toolCallEvents } from './stream-events';

const budget = sessionBudget;
const turns = sessionTurns;

/** The provider's count of a request: a quarter of its JSON body's characters. */
const counted = (request: RecordedRequest) => Math.ceil(JSON.stringify(request.body).length / 4);

function isSummaryRequest(request: RecordedRequest): boolean {
  const body = request.body as { system?: unknown; messages?: Array<{ role?: string; content?: unknown }> };
  const system = typeof body.system === 'string' ? body.system : JSON.stringify(body.system ?? body.messages?.[0]?.content ?? '');
  return system.includes('You write the memory');
}

/** Plays the provider: a tool call, then an answer, per turn; a summary for a summary request. */
function play(format: ReplayFormat, server: ReplayServer) {
  let calls = 0;
  server.respondWith((request) => {
    const usage = { input: counted(request), output: 60 };
    const text = JSON.stringify(request.body.messages);
    if (isSummaryRequest(request)) {
      const covered = Math.max(0, ...[...text.matchAll(/User: Turn (\d+)/g)].map((match) => Number(match[1])));
      return { events: textEvents(format, `Turns up to ${covered} read their reports; each lists figures.`, usage) };
    }
    const turn = Math.max(...[...text.matchAll(/Turn (\d+)/g)].map((match) => Number(match[1])));
    const messages = request.body.messages as Array<{ role: string; content: unknown }>;
    const last = messages.at(-1)!;
    const answered = last.role === 'tool' || (Array.isArray(last.content) && last.content.some((block: { type?: string }) => block.type === 'tool_result'));
    if (answered) return { events: textEvents(format, reportAnswer(turn), usage) };
    calls += 1;
    return { events: toolCallEvents(format, { id: `call_${calls}`, name: 'read_report', input: { turn } }, usage) };
  });
}

/** Tool calls and their results pair up in the provider's own request format. */
function orphans(format: ReplayFormat, request: RecordedRequest): string[] {
  const messages = request.body.messages as Array<{ role: string; content: unknown; tool_calls?: Array<{ id: string }>; tool_call_id?: string }>;
  const problems: string[] = [];
  messages.forEach((message, index) => {
    const calls =
      format === 'openai'
        ? (message.tool_calls ?? []).map((call) => call.id)
        : message.role === 'assistant' && Array.isArray(message.content)
          ? (message.content as Array<{ type: string; id?: string }>).filter((block) => block.type === 'tool_use').map((block) => block.id!)
          : [];
    if (calls.length === 0) return;
    const results =
      format === 'openai'
        ? messages.slice(index + 1).filter((next, position, rest) => rest.slice(0, position + 1).every((entry) => entry.role === 'tool')).map((next) => next.tool_call_id)
        : ((messages[index + 1]?.content ?? []) as Array<{ type: string; tool_use_id?: string }>).filter((block) => block.type === 'tool_result').map((block) => block.tool_use_id);
    if (calls.join() !== results.join()) problems.push(`message ${index}: ${calls.join()} / ${results.join()}`);
  });
  return problems;
}

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.each(['openai', 'anthropic'] as const)('a 300-turn session under a 16,000-token budget, %s (official provider, replayed)', (format) => {
  it('keeps every request within the budget as the provider counts it, carries the summary, orphans nothing, loses nothing', { timeout: 180_000 }, async () => {
    server = await startReplayServer(format);
    play(format, server);
    const model = modelFor(format, 'official', server.baseURL, format === 'openai' ? 'gpt-4.1-mini' : 'claude-sonnet-4-5-20250929');
    const agent = createAgent({ model, tools: [readReport], context: { maxInputTokens: budget } });
    for (let turn = 1; turn <= turns; turn++) {
      const result = await agent.send(`Turn ${turn}`);
      expect(result.status, JSON.stringify(agent.getState().error)).toBe('idle');
    }
    const requests = server.requests;
    const summaries = requests.filter(isSummaryRequest);
    // The first requests are planned before any usage came back; every one stays within the budget.
    expect(Math.max(...requests.map(counted))).toBeLessThanOrEqual(budget);
    expect(summaries.length).toBeGreaterThan(0);
    for (const request of requests) expect(orphans(format, request)).toEqual([]);
    const state = agent.getState();
    expect(state.compactions?.length).toBeGreaterThan(0);
    const last = JSON.stringify(requests.at(-1)!.body);
    expect(last).toContain(state.compactions!.at(-1)!.summary);
    expect(last).toContain(`Report ${turns}: figure ${turns}`);
    expect(state.messages.filter((message) => message.role === 'user')).toHaveLength(turns);
    expect(state.toolCalls.filter((call) => call.state === 'output-available')).toHaveLength(turns);
  });
});
