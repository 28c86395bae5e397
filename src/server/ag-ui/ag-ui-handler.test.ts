import { EventType, type AssistantMessage, type TextMessageStartEvent, type ToolCallResultEvent } from '@ag-ui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineTool } from '../../core/index';
import { failingCall, hangingModel, reasoning, scriptedModel, text, toolCall } from '../../testing/index';
import { agUiHandler } from '../index';
import { clientWith, finishedOf, runVerified, serveAgUi, typesOf, type ServedHandler } from '../../../test/server/ag-ui-harness';

let served: ServedHandler | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

const open = () => true as const;

describe('agUiHandler driven by HttpAgent', () => {
  it('streams reasoning and text as AG-UI events that pass the protocol verifier', async () => {
    const model = scriptedModel([[reasoning('The user greets me.'), text('Hello there.')]]);
    served = await serveAgUi({ model, authorize: open });
    const client = clientWith(served.url, 'Hi!');
    const events = await runVerified(client);

    // Deltas repeat as they stream; the order of the kinds is the contract.
    expect(typesOf(events).filter((type, index, all) => type !== all[index - 1])).toEqual([
      'RUN_STARTED',
      'STEP_STARTED',
      'REASONING_START',
      'REASONING_MESSAGE_START',
      'REASONING_MESSAGE_CONTENT',
      'REASONING_MESSAGE_END',
      'REASONING_END',
      'TEXT_MESSAGE_START',
      'TEXT_MESSAGE_CONTENT',
      'TEXT_MESSAGE_END',
      'STEP_FINISHED',
      'RUN_FINISHED',
    ]);
    expect(events[0]).toMatchObject({ threadId: 'thread-1', runId: expect.any(String), protocolVersion: '1.0' });
    expect(finishedOf(events).outcome).toBeUndefined();
    const messageId = (events.find((event) => event.type === EventType.TEXT_MESSAGE_START) as TextMessageStartEvent).messageId;
    expect(client.messages.find((message) => message.id === messageId)).toMatchObject({ role: 'assistant', content: 'Hello there.' });
    expect(client.messages.some((message) => message.role === 'reasoning' && message.content === 'The user greets me.')).toBe(true);
    expect(model.calls[0]?.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Hi!' }] });
  });

  it('runs a server tool and sends its result as TOOL_CALL_RESULT, then the model reads it', async () => {
    const lookup = defineTool({
      name: 'lookup_order',
      description: 'Looks up an order.',
      inputSchema: { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] } as const,
      execute: ({ id }) => ({ id, status: 'shipped' }),
    });
    const model = scriptedModel([toolCall('lookup_order', { id: 7 }, 'call-order'), text('Order 7 has shipped.')]);
    served = await serveAgUi({ model, tools: [lookup], authorize: open });
    const client = clientWith(served.url, 'Where is order 7?');
    const events = await runVerified(client);

    expect(typesOf(events)).toEqual(expect.arrayContaining(['TOOL_CALL_START', 'TOOL_CALL_ARGS', 'TOOL_CALL_END', 'TOOL_CALL_RESULT']));
    const result = events.find((event) => event.type === EventType.TOOL_CALL_RESULT) as ToolCallResultEvent;
    expect(result).toMatchObject({ toolCallId: 'call-order', content: JSON.stringify({ id: 7, status: 'shipped' }) });
    expect(client.messages.find((message): message is AssistantMessage => message.role === 'assistant' && Boolean(message.toolCalls?.length))?.toolCalls?.[0]).toMatchObject({ id: 'call-order', function: { name: 'lookup_order', arguments: '{"id":7}' } });
    expect(client.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Order 7 has shipped.' });
    const toolMessage = model.calls[1]?.prompt.find((message) => message.role === 'tool');
    expect(toolMessage?.content).toEqual([expect.objectContaining({ type: 'tool-result', toolCallId: 'call-order' })]);
    expect(JSON.stringify(toolMessage?.content)).toContain('shipped');
    expect(finishedOf(events).outcome).toBeUndefined();
  });

  it('ends a run whose model fails with RUN_ERROR carrying the message and code', async () => {
    const model = scriptedModel([failingCall('The provider refused the key.', { status: 401, isRetryable: false })]);
    served = await serveAgUi({ model, authorize: open });
    const events = await runVerified(clientWith(served.url, 'Hi'));

    expect(events.at(-1)).toMatchObject({ type: 'RUN_ERROR', code: 'model-error', message: expect.stringContaining('refused the credentials (401)') });
    expect(typesOf(events)).not.toContain('RUN_FINISHED');
  });

  it('stops the server agent when the client aborts mid-stream', async () => {
    const model = hangingModel({ text: 'Let me think about' });
    const onError = vi.fn();
    served = await serveAgUi({ model, authorize: open, onError });
    const client = clientWith(served.url, 'Think hard.');
    const run = client.runAgent(undefined, { onTextMessageContentEvent: () => client.abortRun() });
    await run.catch(() => {});

    await vi.waitFor(() => expect(model.calls[0]?.abortSignal?.aborted).toBe(true));
    expect(model.calls).toHaveLength(1);
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('agUiHandler options', () => {
  it('takes the model from a function of the request, and the request’s context after the instructions', async () => {
    const fast = scriptedModel(['Fast answer.']);
    const careful = scriptedModel(['Careful answer.']);
    served = await serveAgUi({ model: (request) => (request.headers.get('x-tier') === 'careful' ? careful : fast), instructions: 'Be brief.', authorize: open });
    const client = clientWith(served.url, 'Hi');
    client.headers = { 'x-tier': 'careful' };
    await runVerified(client, { context: [{ description: 'The page the user is on', value: '/billing' }] });

    expect(fast.calls).toHaveLength(0);
    expect(careful.calls[0]?.prompt[0]).toEqual({ role: 'system', content: expect.stringMatching(/^Be brief\.[\s\S]*The page the user is on: \/billing/) });
    expect(client.messages.at(-1)).toMatchObject({ content: 'Careful answer.' });
  });

  it('serves only its path, only POST, and answers a preflight from an allowed origin', async () => {
    served = await serveAgUi({ model: scriptedModel([]), authorize: open, path: '/api/ag-ui', cors: { origins: ['https://app.example.com'] } });
    expect((await fetch(new URL('/elsewhere', served.url), { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(new URL('/api/ag-ui', served.url))).status).toBe(405);
    const preflight = await fetch(new URL('/api/ag-ui', served.url), { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
  });

  it('throws at once without authorize or with something that is not a model', () => {
    expect(() => agUiHandler({ model: scriptedModel([]) } as never)).toThrow(/authorize/);
    expect(() => agUiHandler({ model: {} as never, authorize: open })).toThrow();
  });
});

describe('agUiHandler refuses bad input before the model is called', () => {
  const post = (body: string, headers: Record<string, string> = {}) => fetch(served!.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const valid = { threadId: 't', runId: 'r', messages: [{ id: 'u', role: 'user', content: 'Hi' }], tools: [], context: [] };

  it.each([
    ['not JSON', '{"threadId":', 'invalid-request', 'not valid JSON'],
    ['no threadId', JSON.stringify({ ...valid, threadId: undefined }), 'invalid-input', 'threadId: expected a non-empty string'],
    ['no runId', JSON.stringify({ ...valid, runId: '' }), 'invalid-input', 'runId: expected a non-empty string'],
    ['no messages', JSON.stringify({ ...valid, messages: undefined }), 'invalid-input', 'messages: expected a list'],
    ['a message of no known role', JSON.stringify({ ...valid, messages: [{ id: 'u', role: 'robot', content: 'x' }] }), 'invalid-input', 'messages[0].role'],
    ['tool call arguments that are not a string', JSON.stringify({ ...valid, messages: [{ id: 'a', role: 'assistant', toolCalls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: {} } }] }] }), 'invalid-input', 'messages[0].toolCalls[0].function.arguments'],
    ['a tool result for no call', JSON.stringify({ ...valid, messages: [{ id: 't1', role: 'tool', toolCallId: 'nope', content: '1' }] }), 'invalid-input', 'messages[0].toolCallId'],
    ['tools that are not a list', JSON.stringify({ ...valid, tools: 'all' }), 'invalid-input', 'tools: expected a list'],
    ['a client tool with a bad name', JSON.stringify({ ...valid, tools: [{ name: 'no spaces allowed', description: '' }] }), 'invalid-input', 'tools[0]'],
    ['a resume for no interrupt', JSON.stringify({ ...valid, resume: [{ interruptId: 'x', status: 'resolved', payload: {} }] }), 'invalid-input', 'resume[0].interruptId'],
  ])('%s: 400 naming the problem', async (_name, body, code, message) => {
    const model = scriptedModel(['never']);
    served = await serveAgUi({ model, authorize: open });
    const response = await post(body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
    expect(model.calls).toHaveLength(0);
  });

  it('answers a body over maxBodyBytes with 413', async () => {
    const model = scriptedModel(['never']);
    served = await serveAgUi({ model, authorize: open, maxBodyBytes: 1000 });
    const response = await post(JSON.stringify({ ...valid, messages: [{ id: 'u', role: 'user', content: 'x'.repeat(2000) }] }));
    expect(response.status).toBe(413);
    expect(model.calls).toHaveLength(0);
  });

  it('authorizes before it reads the body', async () => {
    const model = scriptedModel(['never']);
    served = await serveAgUi({ model, authorize: () => false });
    const response = await post('{"not even":');
    expect(response.status).toBe(401);
  });
});
