/**
 * Issue 26, item 10: a parent's `hooks.beforeToolCall` sees the calls of its sub-agents (nested
 * too), with which agent asks; the sub-agent's own hooks run first, and a deny anywhere wins.
 */
import { describe, expect, it } from 'vitest';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { createAgent } from '../agent/create-agent';
import type { ToolHookCall } from '../run/agent-hooks';
import { defineTool } from '../tools/define-tool';
import { defineAgentTool } from './define-agent-tool';

function lookupTool(ran: string[]) {
  return defineTool({
    name: 'lookup',
    description: 'Looks a word up.',
    inputSchema: { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] },
    execute: ({ word }) => (ran.push(word), { word, meaning: `the meaning of ${word}` }),
  });
}

/** What a hook saw of a call: who asked, which tool, with what. */
const seen = (call: ToolHookCall) => ({ agent: call.agent.path.join('/'), name: call.name, input: call.input });

describe("a parent's hooks.beforeToolCall and its sub-agents' calls", () => {
  it("a parent's deny stops a sub-agent's call of the tool, and the hook hears which agent asks", async () => {
    const ran: string[] = [];
    const lookup = lookupTool(ran);
    const helper = defineAgentTool({ name: 'helper', description: 'Helps.', instructions: '', tools: [lookup], model: scriptedModel([toolCall('lookup', { word: 'secret' }), text('Could not look it up.')]) });
    const calls: ToolHookCall[] = [];
    const agent = createAgent({
      model: scriptedModel([toolCall('helper', { task: 'look up "secret"' }), text('ok')]),
      tools: [helper, lookup],
      hooks: {
        beforeToolCall: function policy(call) {
          calls.push(call);
          return call.name === 'lookup' ? { action: 'deny', reason: 'no lookups in this app' } : undefined;
        },
      },
    });
    await agent.send('go');
    const [parentCall] = agent.getState().toolCalls;
    const childCall = parentCall!.subAgent!.toolCalls[0]!;
    expect(ran).toEqual([]);
    expect(childCall).toMatchObject({ name: 'lookup', state: 'output-denied', error: expect.stringContaining('no lookups in this app') });
    expect(childCall.audit.at(-1)).toMatchObject({ state: 'output-denied', by: 'host', note: 'denied by hooks.beforeToolCall (policy) of the parent agent: no lookups in this app' });
    // The parent's own call, then its sub-agent's: who asks is in `agent`.
    expect(calls.map(seen)).toEqual([
      { agent: '', name: 'helper', input: { task: 'look up "secret"' } },
      { agent: 'helper', name: 'lookup', input: { word: 'secret' } },
    ]);
    expect(calls[0]!.agent).toEqual({ path: [], toolCallIds: [] });
    expect(calls[1]!.agent).toEqual({ path: ['helper'], toolCallIds: [parentCall!.id] });
    expect(calls[1]!.id).toBe(childCall.id);
  });

  it("reaches nested sub-agents: the asking agent's own hooks first, then each parent's outwards; the outer ones see the rewritten arguments, and their deny wins over an inner allow", async () => {
    const ran: string[] = [];
    const lookup = lookupTool(ran);
    const order: string[] = [];
    const inner = defineAgentTool({
      name: 'inner',
      description: 'Looks things up.',
      instructions: '',
      tools: [lookup],
      model: scriptedModel([toolCall('lookup', { word: 'a' }), toolCall('lookup', { word: 'b' }), text('inner done')]),
      hooks: {
        beforeToolCall: (call) => {
          order.push(`inner's own: ${seen(call).agent || '(itself)'} ${JSON.stringify(call.input)}`);
          return { action: 'rewrite', input: { word: `${(call.input as { word: string }).word}!` } };
        },
      },
    });
    const outer = defineAgentTool({
      name: 'outer',
      description: 'Delegates.',
      instructions: '',
      tools: [inner],
      model: scriptedModel([toolCall('inner', { task: 'look up a and b' }), text('outer done')]),
      hooks: {
        beforeToolCall: (call) => {
          order.push(`outer's: ${seen(call).agent || '(itself)'} ${JSON.stringify(call.input)}`);
          return { action: 'allow' };
        },
      },
    });
    const agent = createAgent({
      model: scriptedModel([toolCall('outer', { task: 'go' }), text('top done')]),
      tools: [outer],
      hooks: {
        beforeToolCall: (call) => {
          order.push(`top's: ${seen(call).agent || '(itself)'} ${JSON.stringify(call.input)}`);
          return call.name === 'lookup' && (call.input as { word: string }).word === 'b!' ? { action: 'deny', reason: 'not b' } : undefined;
        },
      },
    });
    await agent.send('go');
    expect(order).toEqual([
      `top's: (itself) {"task":"go"}`,
      `outer's: (itself) {"task":"look up a and b"}`,
      `top's: outer {"task":"look up a and b"}`,
      `inner's own: (itself) {"word":"a"}`,
      `outer's: inner {"word":"a!"}`,
      `top's: outer/inner {"word":"a!"}`,
      `inner's own: (itself) {"word":"b"}`,
      `outer's: inner {"word":"b!"}`,
      `top's: outer/inner {"word":"b!"}`,
    ]);
    const innerCalls = agent.getState().toolCalls[0]!.subAgent!.toolCalls[0]!.subAgent!.toolCalls;
    expect(innerCalls.map((call) => call.state)).toEqual(['output-available', 'output-denied']);
    expect(innerCalls[1]!.audit.at(-1)!.note).toBe('denied by hooks.beforeToolCall of the agent 2 levels up: not b');
    expect(ran).toEqual(['a!']);
  });

  it("an inner hook's answer still meets the parent's deny; without one, the answer stands", async () => {
    const ran: string[] = [];
    const lookup = lookupTool(ran);
    const helper = defineAgentTool({
      name: 'helper',
      description: 'Helps.',
      instructions: '',
      tools: [lookup],
      model: scriptedModel([toolCall('lookup', { word: 'cached' }), toolCall('lookup', { word: 'banned' }), text('done')]),
      hooks: { beforeToolCall: ({ input }) => ({ action: 'answer', output: { cached: (input as { word: string }).word } }) },
    });
    const agent = createAgent({
      model: scriptedModel([toolCall('helper', { task: 'go' }), text('ok')]),
      tools: [helper],
      hooks: { beforeToolCall: ({ input }) => ((input as { word?: string }).word === 'banned' ? { action: 'deny', reason: 'banned word' } : undefined) },
    });
    await agent.send('go');
    const childCalls = agent.getState().toolCalls[0]!.subAgent!.toolCalls;
    expect(childCalls.map((call) => [call.state, call.output ?? call.error])).toEqual([
      ['output-available', { cached: 'cached' }],
      ['output-denied', expect.stringContaining('banned word')],
    ]);
    expect(ran).toEqual([]);
  });

  it('a parent with hooks but no beforeToolCall adds nothing to its sub-agents', async () => {
    const ran: string[] = [];
    const lookup = lookupTool(ran);
    const helper = defineAgentTool({ name: 'helper', description: 'Helps.', instructions: '', tools: [lookup], model: scriptedModel([toolCall('lookup', { word: 'w' }), text('done')]) });
    const after: string[] = [];
    const agent = createAgent({ model: scriptedModel([toolCall('helper', { task: 'go' }), text('ok')]), tools: [helper], hooks: { afterToolCall: (call) => void after.push(call.name) } });
    await agent.send('go');
    expect(ran).toEqual(['w']);
    // afterToolCall stays the parent's own: it sees the sub-agent call, not the calls inside it.
    expect(after).toEqual(['helper']);
  });
});
