import { afterEach, describe, expect, it } from 'vitest';
import { startAgUiServer, textRun, type ScriptedAgUiServer } from '../../test/fixtures/ag-ui-server';
import { createAgent, type Agent, type AgentState, type ToolCall } from '../core/index';
import { scriptedModel, text, toolCall } from '../testing/index';
import { remoteAgentTool } from './index';

let server: ScriptedAgUiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function until(agent: Agent, test: (state: AgentState) => boolean): Promise<AgentState> {
  return new Promise((resolve) => {
    const check = () => {
      if (!test(agent.getState())) return;
      unsubscribe();
      resolve(agent.getState());
    };
    const unsubscribe = agent.subscribe(check);
    check();
  });
}
const childCalls = (state: AgentState): ToolCall[] => state.toolCalls.flatMap((call) => call.subAgent?.toolCalls ?? []);

describe('remoteAgentTool', () => {
  it('hands a task to a remote AG-UI agent: its progress and its interrupt show in the parent, the parent decides, its reply is the result', async () => {
    server = await startAgUiServer((input, index) =>
      index === 0
        ? { events: textRun(input, 'r1', 'Searching the archive.', { outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'confirm', message: 'Open the paid archive?' }] } }) }
        : { events: textRun(input, 'r2', 'The archive says 1947.') },
    );
    const research = remoteAgentTool({ url: server.url, name: 'research', description: 'Researches in the archive.' });
    const agent = createAgent({ model: scriptedModel([toolCall('research', { task: 'When was it founded?' }), text('It was founded in 1947.')]), tools: [research] });

    const run = agent.send('When was it founded?');
    const waiting = await until(agent, (state) => childCalls(state).some((call) => call.state === 'approval-requested'));
    const parentCall = waiting.toolCalls[0]!;
    expect(parentCall.subAgent!.messages.map((message) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''))).toEqual(['When was it founded?', 'Searching the archive.']);
    expect(server.inputs[0]!.messages).toMatchObject([{ role: 'user', content: 'When was it founded?' }]);
    const pending = childCalls(waiting).find((call) => call.state === 'approval-requested')!;
    expect(pending).toMatchObject({ name: 'remote_approval', input: { message: 'Open the paid archive?' } });

    expect(await agent.approve(pending.id)).toEqual({ status: 'idle', error: null });
    expect(await run).toEqual({ status: 'idle', error: null });
    expect(server.inputs[1]!.resume).toEqual([{ interruptId: 'int-1', status: 'resolved', payload: { approved: true } }]);
    expect(agent.getState().toolCalls[0]).toMatchObject({ name: 'research', state: 'output-available', output: 'The archive says 1947.' });
    expect(agent.tools.find((tool) => tool.name === 'research')).toBeTruthy();
  });

  it('ends the call with an error result when the remote agent fails', async () => {
    server = await startAgUiServer((input) => ({ events: [{ type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId }, { type: 'RUN_ERROR', message: 'No archive today.' }] }));
    const research = remoteAgentTool({ url: server.url, name: 'research', description: 'Researches in the archive.' });
    const agent = createAgent({ model: scriptedModel([toolCall('research', { task: 'Look it up' }), text('The helper failed.')]), tools: [research] });
    expect(await agent.send('Go')).toEqual({ status: 'idle', error: null });
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-error' });
    expect(agent.getState().toolCalls[0]!.error).toContain('No archive today.');
  });
});
