import { buildResumeArray, type HttpAgent } from '@ag-ui/client';
import { EventType, type Tool, type ToolCallResultEvent } from '@ag-ui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineTool } from '../../core/index';
import { scriptedModel, text, toolCall, type ScriptedModel } from '../../testing/index';
import { clientWith, finishedOf, runVerified, serveAgUi, typesOf, type ServedHandler } from '../../../test/server/ag-ui-harness';

let served: ServedHandler | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

const open = () => true as const;

/** What the model received as the result of `toolCallId` in its call `index`. */
function resultReceived(model: ScriptedModel, index: number, toolCallId: string) {
  const parts = model.calls[index]?.prompt.flatMap((message) => (message.role === 'tool' ? message.content : [])) ?? [];
  return parts.find((part) => part.type === 'tool-result' && part.toolCallId === toolCallId);
}

function deleteFileTool() {
  const execute = vi.fn(({ path }: { path: string }) => `deleted ${path}`);
  const tool = defineTool({
    name: 'delete_file',
    description: 'Deletes a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'], additionalProperties: false } as const,
    needsApproval: true,
    execute,
  });
  return { tool, execute };
}

async function interruptedRun(client: HttpAgent) {
  const events = await runVerified(client);
  const outcome = finishedOf(events).outcome;
  if (outcome?.type !== 'interrupt') throw new Error(`expected an interrupt, got ${JSON.stringify(outcome)}`);
  return { events, interrupts: outcome.interrupts };
}

describe('client tools through agUiHandler', () => {
  const getLocation: Tool = { name: 'get_location', description: 'Where the user is.', parameters: { type: 'object', properties: { precision: { type: 'string' } }, required: ['precision'] } };

  it('ends the run with the call pending; the next run gives the model the client’s result', async () => {
    const model = scriptedModel([toolCall('get_location', { precision: 'city' }, 'call-location'), text('You are in Paris.')]);
    served = await serveAgUi({ model, authorize: open });
    const client = clientWith(served.url, 'Where am I?');

    const first = await runVerified(client, { tools: [getLocation] });
    expect(finishedOf(first).outcome).toEqual({ type: 'success', pendingToolCallIds: ['call-location'] });
    expect(typesOf(first)).toEqual(expect.arrayContaining([EventType.TOOL_CALL_START, EventType.TOOL_CALL_ARGS, EventType.TOOL_CALL_END]));
    expect(typesOf(first)).not.toContain(EventType.TOOL_CALL_RESULT);
    expect(model.calls[0]?.tools?.map((tool) => tool.name)).toEqual(['get_location']);

    client.addMessage({ id: 'result-location', role: 'tool', toolCallId: 'call-location', content: JSON.stringify({ city: 'Paris' }) });
    const second = await runVerified(client, { tools: [getLocation] });

    expect(finishedOf(second).outcome).toBeUndefined();
    expect(resultReceived(model, 1, 'call-location')).toMatchObject({ toolName: 'get_location', output: { type: 'json', value: { city: 'Paris' } } });
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'You are in Paris.' });
  });

  it('gives the model a client tool’s failure as an error result', async () => {
    const model = scriptedModel([toolCall('get_location', { precision: 'city' }, 'call-location'), text('I could not find you.')]);
    served = await serveAgUi({ model, authorize: open });
    const client = clientWith(served.url, 'Where am I?');
    await runVerified(client, { tools: [getLocation] });
    client.addMessage({ id: 'result-location', role: 'tool', toolCallId: 'call-location', content: '', error: 'The user blocked location access.' });
    await runVerified(client, { tools: [getLocation] });

    expect(resultReceived(model, 1, 'call-location')).toMatchObject({ output: { type: 'error-text', value: expect.stringContaining('The user blocked location access.') } });
  });

  it('refuses a client tool named like a server tool', async () => {
    const { tool } = deleteFileTool();
    served = await serveAgUi({ model: scriptedModel([]), tools: [tool], authorize: open });
    const response = await fetch(served.url, {
      method: 'POST',
      body: JSON.stringify({ threadId: 't', runId: 'r', messages: [], tools: [{ name: 'delete_file', description: '' }], context: [] }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toContain('tools[0].name');
  });
});

describe('interrupts through agUiHandler', () => {
  it('asks to approve a call with an interrupt and runs it when resumed with approve', async () => {
    const { tool, execute } = deleteFileTool();
    const model = scriptedModel([toolCall('delete_file', { path: '/notes.txt' }, 'call-delete'), text('Deleted.')]);
    served = await serveAgUi({ model, tools: [tool], authorize: open });
    const client = clientWith(served.url, 'Delete my notes.');

    const { interrupts } = await interruptedRun(client);
    expect(interrupts).toEqual([
      expect.objectContaining({ id: 'call-delete', reason: 'tool_approval', toolCallId: 'call-delete', responseSchema: expect.objectContaining({ required: ['approved'] }), metadata: { toolName: 'delete_file', arguments: { path: '/notes.txt' } } }),
    ]);
    expect(client.pendingInterrupts.map((interrupt) => interrupt.id)).toEqual(['call-delete']);
    expect(execute).not.toHaveBeenCalled();

    const resume = buildResumeArray(client.pendingInterrupts, { 'call-delete': { status: 'resolved', payload: { approved: true, editedArgs: { path: '/old-notes.txt' } } } });
    const events = await runVerified(client, { resume });

    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]?.[0]).toEqual({ path: '/old-notes.txt' });
    expect(events.find((event) => event.type === EventType.TOOL_CALL_RESULT)).toMatchObject({ toolCallId: 'call-delete', content: 'deleted /old-notes.txt' } satisfies Partial<ToolCallResultEvent>);
    expect(finishedOf(events).outcome).toBeUndefined();
    expect(client.pendingInterrupts).toEqual([]);
    expect(resultReceived(model, 1, 'call-delete')).toMatchObject({ output: { type: 'text', value: 'deleted /old-notes.txt' } });
  });

  it('denies the call when resumed with approved: false, and the model receives the reason', async () => {
    const { tool, execute } = deleteFileTool();
    const model = scriptedModel([toolCall('delete_file', { path: '/notes.txt' }, 'call-delete'), text('Kept it.')]);
    served = await serveAgUi({ model, tools: [tool], authorize: open });
    const client = clientWith(served.url, 'Delete my notes.');
    await interruptedRun(client);

    const resume = buildResumeArray(client.pendingInterrupts, { 'call-delete': { status: 'resolved', payload: { approved: false, reason: 'Keep the notes, I still need them.' } } });
    const events = await runVerified(client, { resume });

    expect(execute).not.toHaveBeenCalled();
    expect(JSON.stringify(resultReceived(model, 1, 'call-delete'))).toContain('Keep the notes, I still need them.');
    expect(events.find((event) => event.type === EventType.TOOL_CALL_RESULT)).toMatchObject({ toolCallId: 'call-delete', metadata: { 'react-agent-kit': { error: true, state: 'output-denied' } } });
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Kept it.' });
  });

  it('asks ask_user_question as an interrupt whose answer reaches the model', async () => {
    const questions = [{ question: 'Which color should the button be?', header: 'Color', options: [{ label: 'Red', value: 'red' }, { label: 'Blue', value: 'blue' }] }];
    const model = scriptedModel([toolCall('ask_user_question', { questions }, 'call-ask'), text('Blue it is.')]);
    served = await serveAgUi({ model, askUser: true, authorize: open });
    const client = clientWith(served.url, 'Make a button.');

    const { interrupts } = await interruptedRun(client);
    expect(interrupts[0]).toMatchObject({ id: 'call-ask', reason: 'user_question', message: 'Which color should the button be?', metadata: { toolName: 'ask_user_question', questions } });
    expect(interrupts[0]?.responseSchema).toMatchObject({ required: ['answers'] });

    const resume = buildResumeArray(client.pendingInterrupts, { 'call-ask': { status: 'resolved', payload: { answers: [{ values: ['blue'] }] } } });
    await runVerified(client, { resume });

    expect(resultReceived(model, 1, 'call-ask')).toMatchObject({ output: { type: 'json', value: { status: 'answered', answers: [{ header: 'Color', values: ['blue'], labels: ['Blue'] }] } } });
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Blue it is.' });
  });

  it('answers a resume whose payload does not fit its interrupt with a 400 naming it, and runs nothing', async () => {
    const { tool, execute } = deleteFileTool();
    const model = scriptedModel([toolCall('delete_file', { path: '/notes.txt' }, 'call-delete'), text('Deleted.')]);
    served = await serveAgUi({ model, tools: [tool], authorize: open });
    const client = clientWith(served.url, 'Delete my notes.');
    await interruptedRun(client);

    const send = (payload: unknown) =>
      fetch(served!.url, {
        method: 'POST',
        body: JSON.stringify({ threadId: client.threadId, runId: 'r2', messages: client.messages, tools: [], context: [], resume: [{ interruptId: 'call-delete', status: 'resolved', payload }] }),
      }).then(async (response) => ({ status: response.status, message: ((await response.json()) as { error: { message: string } }).error.message }));

    expect(await send({ yes: true })).toEqual({ status: 400, message: expect.stringContaining('resume[0].payload') });
    expect(await send({ approved: true, editedArgs: { path: 42 } })).toEqual({ status: 400, message: expect.stringContaining('resume[0].payload.editedArgs') });
    expect(execute).not.toHaveBeenCalled();
    expect(model.calls).toHaveLength(1);
  });
});
