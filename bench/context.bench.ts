/**
 * A long working session under a context budget: 300 turns, each reading a 5 KB tool output and
 * answering in about 80 tokens (the session of `src/core/context/context-budget.test.ts`). Prints
 * the prompt tokens sent over the session with and without `context: { maxInputTokens: 16_000 }`,
 * then benchmarks planning one request (the estimate) at turns 30, 150 and 300: it must not grow
 * with the session. Run: `npm run bench -- context`.
 */
import { bench, describe } from 'vitest';
import { createAgent, type AgentState } from '../src/core/index';
import { readReport, reportAnswer, sessionBudget, sessionTurns } from '../test/fixtures/report-session';
import { resolveContextOptions } from '../src/core/context/context-options';
import { planPrompt } from '../src/core/context/plan-prompt';
import { isSummaryRequest } from '../src/core/context/summary-request';
import { scriptedModel, text, toolCall } from '../src/testing/index';

const turns = sessionTurns;
const budget = sessionBudget;

function sessionModel() {
  return scriptedModel((call) => {
    if (isSummaryRequest(call.prompt)) return 'Turns so far were about reports; each report lists figures.';
    const turn = Number(/Turn (\d+)/.exec(call.lastUserText)?.[1]);
    return call.stepIndex === 0 ? toolCall('read_report', { turn }) : text(reportAnswer(turn));
  });
}

/** Runs the session; returns the input tokens the model reported, and the state at some turns. */
async function runSession(context: { maxInputTokens: number } | undefined, length = turns) {
  const model = sessionModel();
  const agent = createAgent({ model, tools: [readReport], ...(context ? { context } : {}) });
  const states = new Map<number, AgentState>();
  for (let turn = 1; turn <= length; turn++) {
    await agent.send(`Turn ${turn}`);
    if (turn % 150 === 0 || turn === 30) states.set(turn, agent.getState());
  }
  let sent = 0;
  let largest = 0;
  for (const message of agent.getState().messages) if (message.usage) sent += message.usage.inputTokens;
  const summaryCalls = model.calls.filter((call) => isSummaryRequest(call.prompt)).length;
  // Summarization requests are not replies: their tokens are in state.usage, not on a message.
  const summaries = agent.getState().usage.inputTokens - sent;
  for (const message of agent.getState().messages) if (message.usage) largest = Math.max(largest, message.usage.inputTokens);
  return { sent, summaries, summaryCalls, largest, requests: model.calls.length - summaryCalls, states };
}

const without = await runSession(undefined);
const withBudget = await runSession({ maxInputTokens: budget });
// Longer, for the planning benchmark: the budget keeps the part of the session planned bounded.
const longer = await runSession({ maxInputTokens: budget }, 3 * turns);
const total = withBudget.sent + withBudget.summaries;
console.log(`
300 turns, 5 KB of tool output each: prompt tokens sent (as the model reported them)
| | requests | input tokens, replies | input tokens, summaries | total | largest request |
|---|---|---|---|---|---|
| no budget | ${without.requests} | ${without.sent.toLocaleString('en-US')} | – | ${without.sent.toLocaleString('en-US')} | ${without.largest.toLocaleString('en-US')} |
| maxInputTokens 16,000 | ${withBudget.requests} | ${withBudget.sent.toLocaleString('en-US')} | ${withBudget.summaries.toLocaleString('en-US')} (${withBudget.summaryCalls} requests) | ${total.toLocaleString('en-US')} (${(total / without.sent).toFixed(3)}x) | ${withBudget.largest.toLocaleString('en-US')} |
`);

describe('planning one request under a 16,000-token budget (estimate, elisions), as the session grows', () => {
  const options = resolveContextOptions({ maxInputTokens: budget });
  const tools = [{ type: 'function' as const, name: 'read_report', description: 'Reads the report of a turn.', inputSchema: { type: 'object' } }];
  for (const [turn, state] of longer.states) {
    const through = state.compactions?.at(-1)?.messageCount ?? 0;
    bench(`turn ${turn}: ${state.messages.length} messages, ${state.compactions?.length ?? 0} summaries, ${state.messages.length - through} messages after the last`, () => {
      planPrompt({ state, tools, options, maxToolOutputChars: 20_000, ratio: 1 });
    });
  }
});
