/**
 * Property tests of the agent: random conversations (text and tool steps, tools that succeed,
 * fail or ask, people who approve, approve always, deny or stop) against a model that reuses
 * tool-call ids, as some providers do: ids come from a pool of two, so they collide across steps
 * and within a step. After every command, whatever happened:
 * - every tool call in the state has its own id;
 * - every model request is a valid tool history (each call followed by exactly one result, no
 *   duplicate ids) that carries every earlier call with the input the model sent, unchanged;
 * - an idle agent has no unsettled call;
 * - the state is JSON (a round trip gives back the same state), files of a message included;
 * - the files of the first message are in every request, as they were sent.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../../src/core/index';
import type { Agent } from '../../src/core/index';
import { expectValidToolHistory, handModel, isFinal, rawText, rawToolCall, toolCallParts } from './helpers';
import { propertyTools as tools } from '../fixtures/property-tools';
import { propertyFiles } from '../fixtures/property-files';

type ToolName = 'ok' | 'fails' | 'asks';
interface PlannedCall {
  id: string;
  tool: ToolName;
  word: string;
}
type PlannedStep = { kind: 'text'; text: string } | { kind: 'calls'; calls: PlannedCall[] };
type Decision = 'approve' | 'approve-always' | 'deny' | 'stop';


const plannedCall = fc.record({ id: fc.constantFrom('call_0', 'call_1'), tool: fc.constantFrom<ToolName>('ok', 'fails', 'asks'), word: fc.string({ maxLength: 6 }) });
const plannedStep: fc.Arbitrary<PlannedStep> = fc.oneof(
  fc.record({ kind: fc.constant('text' as const), text: fc.string({ minLength: 1, maxLength: 10 }) }),
  fc.record({ kind: fc.constant('calls' as const), calls: fc.array(plannedCall, { minLength: 1, maxLength: 3 }) }),
);

function partsOf(step: PlannedStep | undefined): unknown[] {
  // Past the plan, the model answers in text, so every run ends.
  if (step === undefined || step.kind === 'text') return rawText(step?.text ?? 'Done.');
  return step.calls.flatMap((call) => rawToolCall(call.id, call.tool, JSON.stringify({ word: call.word })));
}

function checkInvariants(agent: Agent, model: ReturnType<typeof handModel>): void {
  const state = agent.getState();
  const ids = state.toolCalls.map((call) => call.id);
  expect(new Set(ids).size, `tool-call ids: ${ids.join(', ')}`).toBe(ids.length);
  expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  if (state.status === 'idle') expect(state.toolCalls.filter((call) => !isFinal(call))).toEqual([]);
  const sentFiles = state.messages[0]?.parts.filter((part) => part.type === 'file').map(({ mediaType, data, filename }) => ({ type: 'file', mediaType, data, ...(filename !== undefined ? { filename } : {}) }));
  model.calls.forEach((request, index) => {
    expectValidToolHistory(request.prompt);
    expect((request.prompt.find((message) => message.role === 'user')!.content as Array<{ type: string }>).filter((part) => part.type === 'file')).toEqual(sentFiles);
    // Every call made before this request is in it, in order, with the input the model sent.
    const earlier = state.toolCalls.slice(0, toolCallParts(request.prompt).length);
    expect(toolCallParts(request.prompt).map((part) => [part.toolCallId, part.toolName, part.input]), `request ${index + 1}`).toEqual(
      earlier.map((call) => [call.id, call.name, call.originalInput ?? call.input]),
    );
  });
}

describe('agent properties, with tool-call ids reused by the model', () => {
  it('keeps every call distinct, every prompt valid and complete, and the state JSON', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(plannedStep, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.constantFrom<Decision>('approve', 'approve', 'approve-always', 'deny', 'stop'), { minLength: 12, maxLength: 12 }),
        propertyFiles,
        async (turns, decisions, files) => {
          const steps = turns.flat();
          let stepIndex = 0;
          // Each turn plays its own steps; a turn cut short by a stop leaves the rest unplayed.
          const model = handModel(Array.from({ length: 200 }, () => () => ({ parts: partsOf(steps[stepIndex++]) })));
          const agent = createAgent({ model, tools, limits: { maxSteps: 6 } });
          let decisionIndex = 0;
          for (const turn of turns.keys()) {
            stepIndex = turns.slice(0, turn).reduce((sum, previous) => sum + previous.length, 0);
            // The first message may carry files: every request then starts with them, and the state stays JSON.
            let result = await agent.send(`Turn ${turn + 1}`, turn === 0 ? { files } : {});
            checkInvariants(agent, model);
            while (result.status === 'awaiting-people') {
              const pending = agent.getState().toolCalls.find((call) => call.state === 'approval-requested')!;
              const decision = decisions[decisionIndex++ % decisions.length]!;
              if (decision === 'stop') {
                await agent.stop();
                result = { status: 'idle', error: null };
              } else if (decision === 'deny') result = await agent.deny(pending.id, { reason: 'no' });
              else result = await agent.approve(pending.id, { always: decision === 'approve-always' });
              checkInvariants(agent, model);
            }
            expect(result.status).toBe('idle');
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
