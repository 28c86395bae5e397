/**
 * A long working session under a context budget, end to end through `createAgent`: 300 turns,
 * each reading a 5 KB tool output, with `context: { maxInputTokens: 16_000 }`.
 */
import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { scriptedModel, type ScriptedCall, type ScriptedCallOptions, type ScriptedPromptMessage } from '../scripted/scripted-model';
import { readReport, reportAnswer, sessionBudget, sessionTurns } from '../../../test/fixtures/report-session';
import { text, toolCall } from '../../testing/step-builders';
import type { Agent } from '../agent/agent-options';

const budget = sessionBudget;
const turns = sessionTurns;

/** The tokens the scripted model reports for a prompt (it stands in for the provider's tokenizer). */
function reportedTokens(prompt: readonly ScriptedPromptMessage[]): number {
  const text = prompt.map((message) => (typeof message.content === 'string' ? message.content : message.content.map((part) => part.text ?? JSON.stringify(part.input ?? part.output ?? '')).join(''))).join('');
  return Math.ceil(text.length / 4);
}

const isSummaryRequest = (options: ScriptedCallOptions) => (options.tools ?? []).length === 0;

/** Calls the tool on the turn's first step, answers on the second; a summary request gets a summary naming the turns it saw. */
function sessionModel() {
  return scriptedModel((call: ScriptedCall) => {
    if (call.tools.length === 0) {
      const request = (call.prompt.at(-1)!.content as readonly { text?: string }[])[0]!.text!;
      const seen = [...request.matchAll(/User: Turn (\d+)/g)].map((match) => Number(match[1]));
      const before = /Turns 1-(\d+) were about reports/.exec(request)?.[1];
      return `Turns 1-${Math.max(Number(before ?? 0), ...seen)} were about reports; each report lists figures.`;
    }
    const turn = Number(/Turn (\d+)/.exec(call.lastUserText)?.[1]);
    return call.stepIndex === 0 ? toolCall('read_report', { turn }) : text(reportAnswer(turn));
  });
}

/** Every tool call in a prompt has its result in the next message, and every result its call. */
function orphans(prompt: readonly ScriptedPromptMessage[]): string[] {
  const problems: string[] = [];
  prompt.forEach((message, index) => {
    if (message.role !== 'assistant' || typeof message.content === 'string') return;
    const calls = message.content.filter((part) => part.type === 'tool-call').map((part) => part.toolCallId);
    const next = prompt[index + 1];
    const results = next?.role === 'tool' && typeof next.content !== 'string' ? next.content.map((part) => part.toolCallId) : [];
    if (calls.join() !== results.join()) problems.push(`message ${index}: calls ${calls.join()} / results ${results.join()}`);
  });
  prompt.forEach((message, index) => {
    if (message.role === 'tool' && prompt[index - 1]?.role !== 'assistant') problems.push(`message ${index}: results without calls`);
  });
  return problems;
}

async function runTurns(agent: Agent, from: number, to: number): Promise<void> {
  for (let turn = from; turn <= to; turn++) {
    const result = await agent.send(`Turn ${turn}`);
    expect(result.status, `turn ${turn}: ${JSON.stringify(agent.getState().error)}`).toBe('idle');
  }
}

describe('a 300-turn session under a 16,000-token context budget', () => {
  it('keeps every request within the budget, carries the summary, keeps the last turns verbatim, orphans nothing and loses nothing, across a reload', { timeout: 120_000 }, async () => {
    const model = sessionModel();
    const first = createAgent({ model, tools: [readReport], context: { maxInputTokens: budget } });
    // Until the first summary, and one turn more (so a request carried it), then a reload: the
    // conversation and its summaries come back from a snapshot (as JSON, as a session stores it).
    let turn = 0;
    while (!first.getState().compactions?.length) await runTurns(first, ++turn, turn);
    await runTurns(first, ++turn, turn);
    expect(turn).toBeLessThan(turns);
    const saved = JSON.parse(JSON.stringify(first.snapshot()));
    const callsBeforeReload = model.calls.length;
    const agent = createAgent({ model, tools: [readReport], context: { maxInputTokens: budget }, snapshot: saved });
    expect(agent.getState()).toEqual(first.getState());
    await runTurns(agent, turn + 1, turns);

    const requests = model.calls.filter((options) => !isSummaryRequest(options));
    const summaries = model.calls.filter(isSummaryRequest);
    // The whole session would be about 300 x 1,300 tokens; every request stays within 16,000.
    expect(Math.max(...requests.map((options) => reportedTokens(options.prompt)))).toBeLessThanOrEqual(budget);
    expect(Math.max(...summaries.map((options) => reportedTokens(options.prompt)))).toBeLessThanOrEqual(budget);
    for (const options of model.calls) expect(orphans(options.prompt)).toEqual([]);

    // The summary reaches every later request, and the latest one is always the one sent.
    const state = agent.getState();
    const compactions = state.compactions ?? [];
    expect(compactions.length).toBeGreaterThanOrEqual(1);
    const last = requests.at(-1)!.prompt;
    expect(last[0]).toMatchObject({ role: 'system', content: expect.stringContaining(compactions.at(-1)!.summary) });
    // The summary covers the turns before the kept ones (the scripted summarizer names the last it saw).
    const covered = state.messages.slice(0, compactions.at(-1)!.messageCount).filter((message) => message.role === 'user').length;
    expect(compactions.at(-1)!.summary).toMatch(new RegExp(`^Turns 1-${covered} were about reports`));
    const firstSummarized = requests.findIndex((options) => JSON.stringify(options.prompt).includes('<conversation-summary>'));
    expect(firstSummarized).toBeGreaterThan(0);
    for (const options of requests.slice(firstSummarized)) expect(options.prompt[0]).toMatchObject({ role: 'system', content: expect.stringContaining('<conversation-summary>') });

    // The first request after the reload carries the summary the last one before it had.
    const summaryIn = (options: ScriptedCallOptions) => /<conversation-summary>\n([^]*?)\n<\/conversation-summary>/.exec(JSON.stringify(options.prompt).replaceAll('\\n', '\n'))?.[1];
    const beforeReload = model.calls.slice(0, callsBeforeReload).filter((options) => !isSummaryRequest(options)).at(-1)!;
    const afterReload = model.calls.slice(callsBeforeReload).find((options) => !isSummaryRequest(options))!;
    expect(summaryIn(afterReload)).toBe(summaryIn(beforeReload));

    // The last two turns are verbatim: their messages and their full 5 KB outputs.
    const lastText = JSON.stringify(last);
    const outputs = agent.getState().toolCalls.slice(-2).map((call) => JSON.stringify(call.output));
    for (const [index, turn] of [turns - 1, turns].entries()) {
      expect(lastText).toContain(`"text":"Turn ${turn}"`);
      expect(lastText).toContain(outputs[index]!.slice(1, -1));
    }

    // The user keeps everything: all 300 user messages and every output stay in the state.
    expect(state.messages.filter((message) => message.role === 'user')).toHaveLength(turns);
    expect(state.toolCalls.filter((call) => call.state === 'output-available' && String(call.output).length > 5_000)).toHaveLength(turns);
  });

  it('elides old tool outputs before it summarizes anything', async () => {
    const model = sessionModel();
    // 5 turns of about 1,300 tokens: 6,500 tokens; the budget fits the messages but not the outputs.
    const agent = createAgent({ model, tools: [readReport], context: { maxInputTokens: 4_000 } });
    await runTurns(agent, 1, 5);
    expect(model.calls.filter(isSummaryRequest)).toEqual([]);
    const last = JSON.stringify(model.calls.at(-1)!.prompt);
    expect(last).toContain('Output elided');
    expect(last).toContain('"text":"Turn 1"');
    expect(reportedTokens(model.calls.at(-1)!.prompt)).toBeLessThanOrEqual(4_000);
  });
});
