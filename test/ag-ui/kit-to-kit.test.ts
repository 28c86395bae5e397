import { afterEach, describe, expect, it } from 'vitest';
import { defineTool, type Agent } from '../../src/core/index';
import { agUiAgent } from '../../src/ag-ui/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { lastRequest, resultFor } from '../conformance/helpers';
import { serveAgUi, type ServedHandler } from '../server/ag-ui-harness';

/**
 * The kit's two halves of AG-UI together: `agUiAgent` (the browser's side) driving `agUiHandler`
 * (a kit agent on a server) over a real socket. What the person sees is the kit's usual people in
 * the loop: the server's approval interrupt is an approval dialog (not a question), its question
 * interrupt the question picker with the questions as asked, and the answers reach the model.
 */
const open = () => true;
let served: ServedHandler | undefined;
const agents: Agent[] = [];
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.dispose()));
  await served?.close();
  served = undefined;
});

function client(options: Parameters<typeof agUiAgent>[0]): Agent {
  const agent = agUiAgent(options);
  agents.push(agent);
  return agent;
}

const deleted: string[] = [];
const deleteFile = defineTool({
  name: 'delete_file',
  description: 'Deletes a file on the server.',
  inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } as const,
  needsApproval: true,
  execute: ({ path }) => {
    deleted.push(path);
    return `deleted ${path}`;
  },
});

describe('agUiAgent against agUiHandler', () => {
  it("a server tool that needs approval is the kit's approval in the browser; approved with edited arguments, it runs on the server with them", async () => {
    deleted.length = 0;
    const model = scriptedModel([toolCall('delete_file', { path: '/notes.txt' }, 'call-delete'), text('Deleted.')]);
    served = await serveAgUi({ model, tools: [deleteFile], authorize: open });
    const agent = client({ url: served.url, askUser: false });

    expect((await agent.send('Delete my notes')).status).toBe('awaiting-people');
    const approval = agent.getState().toolCalls.find((call) => call.state === 'approval-requested');
    expect(approval).toMatchObject({ name: 'remote_approval', input: { tool: 'delete_file', arguments: { path: '/notes.txt' } } });
    // The server's call waits with it, neither run nor failed.
    expect(agent.getState().toolCalls.find((call) => call.name === 'delete_file')).toMatchObject({ state: 'running' });
    expect(deleted).toEqual([]);

    const input = { ...(approval!.input as object), arguments: { path: '/old-notes.txt' } };
    expect((await agent.approve(approval!.id, { input })).status).toBe('idle');
    expect(deleted).toEqual(['/old-notes.txt']);
    const serverCall = agent.getState().toolCalls.find((call) => call.name === 'delete_file');
    expect(serverCall).toMatchObject({ state: 'output-available', output: 'deleted /old-notes.txt' });
    expect(agent.getState().messages.at(-1)?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('')).toBe('Deleted.');
  });

  it('denied with a reason: nothing runs and the model reads the reason', async () => {
    deleted.length = 0;
    const model = scriptedModel([toolCall('delete_file', { path: '/notes.txt' }, 'call-delete'), text('Kept.'), text('Anything else?')]);
    served = await serveAgUi({ model, tools: [deleteFile], authorize: open });
    const agent = client({ url: served.url, askUser: false });

    await agent.send('Delete my notes');
    const approval = agent.getState().toolCalls.find((call) => call.state === 'approval-requested')!;
    expect((await agent.deny(approval.id, { reason: 'I still need them' })).status).toBe('idle');
    expect(deleted).toEqual([]);
    expect(resultFor(lastRequest(model), 'call-delete')).toMatchObject({ type: 'execution-denied', reason: expect.stringContaining('I still need them') });
    // The server's call shows denied, not done.
    expect(agent.getState().toolCalls.find((call) => call.name === 'delete_file')).toMatchObject({ state: 'output-denied', error: expect.stringContaining('I still need them') });
    // The next run carries the call with its result, so the server's history stays whole.
    expect((await agent.send('Thanks')).status).toBe('idle');
    expect(resultFor(lastRequest(model), 'call-delete')).toMatchObject({ type: 'error-text', value: expect.stringContaining('I still need them') });
  });

  it("the server's question is the question picker with the questions as asked, and the answer reaches the model", async () => {
    const questions = [{ question: 'Which color should the theme use?', header: 'Color', options: [{ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }] }];
    const model = scriptedModel([toolCall('ask_user_question', { questions }, 'call-ask'), text('Blue it is.')]);
    served = await serveAgUi({ model, askUser: true, authorize: open });
    // The browser offers no question tool of its own, so the server's asks through an interrupt.
    const agent = client({ url: served.url, askUser: false });

    expect((await agent.send('Pick a theme with me')).status).toBe('awaiting-people');
    const question = agent.getState().toolCalls.find((call) => call.state === 'answer-requested');
    expect(question).toMatchObject({ name: 'ask_user_question', input: { questions: [expect.objectContaining({ question: 'Which color should the theme use?', options: questions[0]!.options })] } });

    expect((await agent.answer(question!.id, [{ values: ['blue'] }])).status).toBe('idle');
    expect(resultFor(lastRequest(model), 'call-ask')).toMatchObject({ type: 'json', value: { status: 'answered', answers: [expect.objectContaining({ values: ['blue'] })] } });
  });

  it("a browser tool the server's model calls runs in the browser, and its result reaches the model", async () => {
    const located: string[] = [];
    const getLocation = defineTool({
      name: 'get_location',
      description: "The user's city.",
      inputSchema: { type: 'object', properties: {} } as const,
      execute: () => {
        located.push('here');
        return { city: 'Paris' };
      },
    });
    const model = scriptedModel([toolCall('get_location', {}, 'call-location'), text('You are in Paris.')]);
    served = await serveAgUi({ model, authorize: open });
    const agent = client({ url: served.url, tools: [getLocation], askUser: false });

    expect((await agent.send('Where am I?')).status).toBe('idle');
    expect(located).toEqual(['here']);
    expect(resultFor(lastRequest(model), 'call-location')).toMatchObject({ type: 'json', value: { city: 'Paris' } });
  });
});
