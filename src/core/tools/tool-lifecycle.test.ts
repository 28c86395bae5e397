import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { AgentCommandError } from '../agent/agent-options';
import type { AgentErrorSource } from '../agent/report-error';
import { scriptedModel } from '../scripted/scripted-model';
import { text, toolCall } from '../../testing/step-builders';
import { defineTool } from './define-tool';
import { createToolRegistry } from './tool-registry';
import { defineAgentTool } from '../agents/define-agent-tool';

const schema = { type: 'object', properties: { n: { type: 'number' } } } as const;

/** A promise with its resolve and reject outside. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

const tenCalls = () => Array.from({ length: 10 }, (_, index) => toolCall('query', { n: index }, `q${index}`));

describe('defineTool({ init, dispose })', () => {
  it('runs init once, before the first call, when 10 first calls come at once; all of them wait for it', async () => {
    const opened = deferred();
    const log: string[] = [];
    let ready = false;
    const query = defineTool({
      name: 'query',
      description: 'Queries the database.',
      inputSchema: schema,
      init: async () => {
        log.push('init');
        await opened.promise;
        ready = true;
      },
      execute: ({ n }) => {
        log.push(`execute ${n}${ready ? '' : ' (not ready!)'}`);
        return n! * 2;
      },
    });
    const agent = createAgent({ model: scriptedModel([tenCalls(), text('Done.')]), tools: [query], limits: { maxParallelTools: 10 } });
    const run = agent.send('Query ten times');
    await expect.poll(() => agent.getState().toolCalls.filter((call) => call.state === 'running').length).toBe(10);
    expect(log).toEqual(['init']);
    opened.resolve();
    expect(await run).toEqual({ status: 'idle', error: null });
    expect(log).toEqual(['init', ...Array.from({ length: 10 }, (_, index) => `execute ${index}`)]);
    expect(agent.getState().toolCalls.map((call) => call.output)).toEqual([0, 2, 4, 6, 8, 10, 12, 14, 16, 18]);

    // Later calls do not run it again.
    await agent.send('Once more');
    expect(log.filter((entry) => entry === 'init')).toHaveLength(1);
  });

  it('an init that fails fails the calls that waited for it, with an error the model reads; the next call tries again', async () => {
    let attempts = 0;
    const query = defineTool({
      name: 'query',
      description: 'Queries the database.',
      inputSchema: schema,
      init: async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('connection refused');
      },
      execute: ({ n }) => n,
    });
    const model = scriptedModel([[toolCall('query', { n: 1 }, 'a'), toolCall('query', { n: 2 }, 'b')], toolCall('query', { n: 3 }, 'c'), text('Third time lucky.')]);
    const agent = createAgent({ model, tools: [query] });
    expect(await agent.send('Query')).toEqual({ status: 'idle', error: null });
    const calls = agent.getState().toolCalls;
    expect(calls.map((call) => [call.id, call.state])).toEqual([
      ['a', 'output-error'],
      ['b', 'output-error'],
      ['c', 'output-available'],
    ]);
    const message = 'The tool "query" could not start (its init failed: connection refused), so it did not run. The next call tries to start it again.';
    expect(calls[0]!.error).toBe(message);
    expect(calls[1]!.error).toBe(message);
    expect(attempts).toBe(2);
    expect(model.calls[1]!.prompt.at(-1)!.content[0]).toMatchObject({ type: 'tool-result', toolCallId: 'a', output: { type: 'error-text', value: message } });
  });

  it('waits for init inside the call, so a streamed result still streams and Stop ends the wait', async () => {
    const stream = defineTool({
      name: 'stream',
      description: 'Counts.',
      inputSchema: schema,
      init: () => Promise.resolve(),
      execute: async function* () {
        yield 1;
        yield 2;
      },
    });
    const agent = createAgent({ model: scriptedModel([toolCall('stream', {}, 's'), text('Counted.')]), tools: [stream] });
    await agent.send('Count');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 2, progress: 2 });

    const never = defineTool({ name: 'stuck', description: '', inputSchema: schema, init: () => new Promise<void>(() => {}), execute: () => 'never' });
    const stuck = createAgent({ model: scriptedModel([toolCall('stuck', {}, 'x'), text('-')]), tools: [never] });
    const run = stuck.send('Go');
    await expect.poll(() => stuck.getState().toolCalls[0]?.state).toBe('running');
    await stuck.stop();
    await run;
    expect(stuck.getState().toolCalls[0]).toMatchObject({ state: 'cancelled' });
  });

  it('agent.dispose() stops the run and disposes each started tool once, best effort; then commands reject', async () => {
    const disposed: string[] = [];
    const reported: Array<[string, AgentErrorSource]> = [];
    const tool = (name: string, fields: { init?: () => void; dispose?: () => void | Promise<void> }) =>
      defineTool({ name, description: '', inputSchema: schema, execute: () => `${name} ran`, ...fields });
    const tools = [
      tool('used', { init: () => {}, dispose: () => void disposed.push('used') }),
      tool('unused', { init: () => {}, dispose: () => void disposed.push('unused') }),
      tool('plain', { dispose: async () => void disposed.push('plain') }),
      tool('broken', {
        dispose: () => {
          throw new Error('socket already closed');
        },
      }),
    ];
    const slow = defineTool({ name: 'slow', description: '', inputSchema: schema, dispose: () => void disposed.push('slow'), execute: (_input, { signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))) });
    const model = scriptedModel([[toolCall('used', {}, 'u'), toolCall('plain', {}, 'p'), toolCall('broken', {}, 'b')], toolCall('slow', {}, 's'), text('never')]);
    const agent = createAgent({ model, tools: [...tools, slow], reportError: (error, source) => reported.push([(error as Error).message, source]) });
    const run = agent.send('Use them');
    await expect.poll(() => agent.getState().toolCalls.find((call) => call.id === 's')?.state).toBe('running');

    const first = agent.dispose();
    expect(agent.dispose()).toBe(first);
    await first;
    expect(await run).toMatchObject({ status: 'idle' });
    expect(agent.getState().toolCalls.map((call) => [call.id, call.state])).toEqual([
      ['u', 'output-available'],
      ['p', 'output-available'],
      ['b', 'output-available'],
      ['s', 'cancelled'],
    ]);
    expect(disposed.sort()).toEqual(['plain', 'slow', 'used']);
    expect(reported).toEqual([['socket already closed', { kind: 'dispose', toolName: 'broken' }]]);

    await expect(agent.send('More')).rejects.toEqual(new AgentCommandError('agent-disposed', 'send(): this agent was disposed (agent.dispose()); create a new agent to go on.'));
    await expect(agent.approve('u')).rejects.toMatchObject({ code: 'agent-disposed' });
    await expect(agent.stop()).resolves.toBeUndefined();
    expect(agent.getState().messages).toHaveLength(3);
    await agent.dispose();
    expect(disposed).toHaveLength(3);
  });

  it('a tool still starting when the agent is disposed is disposed once its init finishes', async () => {
    const opened = deferred();
    const log: string[] = [];
    const tool = defineTool({ name: 'db', description: '', inputSchema: schema, init: () => opened.promise, dispose: () => void log.push('dispose'), execute: () => 'ok' });
    const agent = createAgent({ model: scriptedModel([toolCall('db', {}, 'd'), text('-')]), tools: [tool] });
    const run = agent.send('Go');
    await expect.poll(() => agent.getState().toolCalls[0]?.state).toBe('running');
    await agent.dispose();
    await run;
    expect(log).toEqual([]);
    opened.resolve();
    await expect.poll(() => log).toEqual(['dispose']);
  });

  it("a sub-agent's child starts its tools for its call and disposes them when the call ends", async () => {
    const log: string[] = [];
    const lookup = defineTool({ name: 'lookup', description: '', inputSchema: schema, init: () => void log.push('init'), dispose: () => void log.push('dispose'), execute: () => 'found' });
    const helper = defineAgentTool({ name: 'helper', description: 'Looks things up.', instructions: 'Look it up.', tools: [lookup], model: scriptedModel([toolCall('lookup', {}), text('Found it.')]) });
    const agent = createAgent({ model: scriptedModel([toolCall('helper', { task: 'Find it' }, 'h'), text('Done.')]), tools: [helper] });
    expect(await agent.send('Find it')).toEqual({ status: 'idle', error: null });
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 'Found it.' });
    await expect.poll(() => log).toEqual(['init', 'dispose']);
  });

  it('refuses an init or dispose that is not a function', () => {
    expect(() => createToolRegistry([{ name: 'x', description: '', inputSchema: schema, init: 'yes' } as never])).toThrow('Tool "x": `init` must be a function.');
    expect(() => createToolRegistry([{ name: 'x', description: '', inputSchema: schema, dispose: {} } as never])).toThrow('Tool "x": `dispose` must be a function.');
  });
});
