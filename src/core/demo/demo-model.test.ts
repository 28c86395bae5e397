import { isStepCount, jsonSchema, streamText, tool } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ScriptedCallOptions, ScriptedModel, ScriptedPromptMessage, ScriptedStreamPart, ScriptedTool } from '../scripted/scripted-model';
import { demoModel, demoModelInfo } from './demo-model';

afterEach(() => {
  vi.useRealTimers();
});

const user = (text: string): ScriptedPromptMessage => ({ role: 'user', content: [{ type: 'text', text }] });

const weatherTool: ScriptedTool = {
  type: 'function',
  name: 'get_weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
};

async function run(model: ScriptedModel, options: ScriptedCallOptions): Promise<ScriptedStreamPart[]> {
  const reader = (await model.doStream(options)).stream.getReader();
  const parts: ScriptedStreamPart[] = [];
  for (let result = await reader.read(); !result.done; result = await reader.read()) parts.push(result.value);
  return parts;
}

const textOf = (parts: ScriptedStreamPart[]) => parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : [])).join('');
const ask = (text: string, tools: ScriptedTool[] = []) => run(demoModel({ speed: 'instant' }), { prompt: [user(text)], tools });

describe('demoModel', () => {
  it('introduces itself as a demo and shows how to plug in a real model', async () => {
    const text = textOf(await ask('Hello!'));
    expect(text).toMatch(/demo model/i);
    expect(text).toMatch(/no network/i);
    expect(text).toContain("createAgent({ model: remoteModel('/api/agent') })");
    expect(text).toContain('createOpenAI({ apiKey: usersOwnKey })');
    expect(text).toContain("createAgent({ model: openai('gpt-5-mini') })");
    expect(text).toContain('```ts');
    for (const prompt of demoModelInfo.examplePrompts) expect(text).toContain(prompt);
    expect(textOf(await ask('help'))).toBe(text);
  });

  it('says which files it received, by name, type and size, through an agent', async () => {
    const { createAgent } = await import('../agent/create-agent');
    const agent = createAgent({ model: demoModel({ speed: 'instant' }) });
    await agent.send('What is this?', { files: [{ mediaType: 'image/png', filename: 'photo.png', data: 'iVBORw0KGgo=' }, { mediaType: 'text/plain', data: 'aGk=' }] });
    const reply = agent.getState().messages[1]!.parts.find((part) => part.type === 'text');
    expect(reply).toMatchObject({ text: expect.stringMatching(/^I received photo\.png \(image\/png, 8 bytes\) and a file without a name \(text\/plain, 2 bytes\)\.\n\nI am the offline demo model/) });
  });

  it('is deterministic: the same conversation streams the same parts', async () => {
    for (const prompt of ['hi', 'Show me some markdown', 'tell me a story', 'think', "what's the weather in Tokyo?"]) {
      const first = await run(demoModel({ speed: 'instant' }), { prompt: [user(prompt)], tools: [weatherTool] });
      const second = await run(demoModel({ speed: 'instant' }), { prompt: [user(prompt)], tools: [weatherTool] });
      expect(second).toEqual(first);
    }
  });

  it('shows markdown features', async () => {
    const text = textOf(await ask('Can you show me MARKDOWN?'));
    expect(text).toMatch(/^# /m);
    expect(text).toMatch(/^## /m);
    expect(text).toMatch(/^\| .* \|$/m);
    expect(text).toMatch(/^1\. /m);
    expect(text).toMatch(/`[^`]+`/);
    expect(text).toContain('```ts');
    expect(text).toMatch(/\[[^\]]+\]\(https:\/\/[^)]+\)/);
    expect(text).toMatch(/^> /m);
  });

  it('tells a long story in many chunks', async () => {
    const parts = await ask('Tell me a long story');
    const text = textOf(parts);
    const words = text.split(/\s+/).length;
    expect(words).toBeGreaterThan(400);
    expect(words).toBeLessThan(650);
    expect(text.split('\n\n').length).toBeGreaterThan(5);
    expect(parts.filter((part) => part.type === 'text-delta').length).toBeGreaterThan(150);
  });

  it('reasons before it answers', async () => {
    const parts = await ask('Think about why the sky is blue');
    const types = parts.map((part) => part.type);
    expect(types.indexOf('reasoning-start')).toBeGreaterThan(-1);
    expect(types.indexOf('reasoning-end')).toBeLessThan(types.indexOf('text-start'));
    expect(textOf(parts)).toMatch(/Rayleigh/);
  });

  it('fails part-way for "error", succeeds on retry, and fails again after that', async () => {
    const model = demoModel({ speed: 'instant' });
    const options = { prompt: [user('Simulate an error')] };
    const first = await run(model, options);
    const types = first.map((part) => part.type);
    expect(types.indexOf('text-delta')).toBeLessThan(types.indexOf('error'));
    const error = first.find((part) => part.type === 'error');
    expect(error).toMatchObject({ error: { message: expect.stringMatching(/^The demo model simulated a network failure/), isRetryable: true } });
    expect(first.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'error' } });
    const retry = await run(model, options);
    expect(retry.some((part) => part.type === 'error')).toBe(false);
    expect(textOf(retry)).toMatch(/This time it worked/);
    expect((await run(model, options)).some((part) => part.type === 'error')).toBe(true);
  });

  it('calls a matching tool, then summarizes the result in the next step', async () => {
    const model = demoModel({ speed: 'instant' });
    const firstStep = await run(model, { prompt: [user("What's the weather in Tokyo?")], tools: [weatherTool] });
    const call = firstStep.find((part) => part.type === 'tool-call');
    if (call?.type !== 'tool-call') throw new Error('no tool call');
    expect(call.toolName).toBe('get_weather');
    expect(JSON.parse(call.input)).toEqual({ city: 'Tokyo' });
    expect(firstStep.at(-1)).toMatchObject({ finishReason: { unified: 'tool-calls' } });

    const secondStep = await run(model, {
      tools: [weatherTool],
      prompt: [
        user("What's the weather in Tokyo?"),
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: call.toolCallId, toolName: 'get_weather', input: { city: 'Tokyo' } }] },
        {
          role: 'tool',
          content: [{ type: 'tool-result', toolCallId: call.toolCallId, toolName: 'get_weather', output: { type: 'json', value: { city: 'Tokyo', temperatureCelsius: 18 } } }],
        },
      ],
    });
    expect(secondStep.some((part) => part.type === 'tool-call')).toBe(false);
    expect(textOf(secondStep)).toContain('"temperatureCelsius": 18');
  });

  it('summarizes denials and tool errors', async () => {
    const model = demoModel({ speed: 'instant' });
    const after = (output: object) =>
      run(model, { prompt: [user('weather'), { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c', toolName: 'get_weather', output }] }] });
    expect(textOf(await after({ type: 'execution-denied', reason: 'not now' }))).toMatch(/You denied the `get_weather` call \("not now"\)/);
    expect(textOf(await after({ type: 'error-text', value: 'City not found' }))).toMatch(/failed: City not found/);
  });

  it('calls other tools: the clock, the file list, the question picker', async () => {
    const tools: ScriptedTool[] = [
      { type: 'function', name: 'get_time', inputSchema: { type: 'object', properties: {} } },
      { type: 'function', name: 'list_files', inputSchema: { type: 'object', properties: { path: { type: 'string' } } } },
      { type: 'function', name: 'ask_user_question', inputSchema: { type: 'object' } },
    ];
    const callOf = async (text: string) => (await ask(text, tools)).find((part) => part.type === 'tool-call');
    expect(await callOf('What time is it?')).toMatchObject({ toolName: 'get_time', input: '{}' });
    expect(await callOf('List my files')).toMatchObject({ toolName: 'list_files', input: '{"path":"/"}' });
    expect(await callOf('Ask me a question')).toMatchObject({ toolName: 'ask_user_question' });
    expect(await callOf('use a tool')).toMatchObject({ toolName: 'get_time' });
  });

  it('calls backend tools: a customer lookup, their orders, and an MCP server sum', async () => {
    const emailSchema = { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] };
    const tools: ScriptedTool[] = [
      { type: 'function', name: 'lookup_customer', inputSchema: emailSchema },
      { type: 'function', name: 'list_orders', inputSchema: emailSchema },
      { type: 'function', name: 'everything__get-sum', inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] } },
    ];
    const stepOf = async (text: string) => {
      const parts = await ask(text, tools);
      return { text: textOf(parts), call: parts.find((part) => part.type === 'tool-call') };
    };
    const lookup = await stepOf('Look up the customer grace@example.com');
    expect(lookup.call).toMatchObject({ toolName: 'lookup_customer', input: '{"email":"grace@example.com"}' });
    expect(lookup.text).toBe("I will look up grace@example.com with `lookup_customer`. That tool runs on your server, not in the browser: the call goes through the kit's tool bridge.");
    const orders = await stepOf('What did the customer with the email ada@example.com order?');
    expect(orders.call).toMatchObject({ toolName: 'list_orders', input: '{"email":"ada@example.com"}' });
    expect(orders.text).toContain('I will look up the orders of ada@example.com with `list_orders`.');
    expect((await stepOf('What is the sum of 17 and 25?')).call).toMatchObject({ toolName: 'everything__get-sum', input: '{"a":17,"b":25}' });
    expect(textOf(await ask('Look up the customer ada@example.com'))).toMatch(/can't look up customers/i);
  });

  it("shows an MCP App: \"show me the counter\" calls the app server's show_counter", async () => {
    const tools: ScriptedTool[] = [{ type: 'function', name: 'apps__show_counter', inputSchema: { type: 'object', properties: { start: { type: 'number' } }, required: ['start'] } }];
    const parts = await ask('Show me the counter', tools);
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({ toolName: 'apps__show_counter', input: '{"start":1}' });
    expect(textOf(await ask('Show me the counter'))).toMatch(/can't show the counter app/i);
  });

  it('explains how to define a tool when none fits', async () => {
    const text = textOf(await ask("What's the weather?"));
    expect(text).toMatch(/no tools configured/);
    expect(text).toContain('defineTool({');
    const other = textOf(await ask("What's the weather?", [{ type: 'function', name: 'list_files' }]));
    expect(other).toMatch(/has tools \(`list_files`\), but none to check the weather/);
  });

  it('streams at a human pace by default, and stops promptly when aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const model = demoModel();
    const reader = (await model.doStream({ prompt: [user('Tell me a long story')], abortSignal: controller.signal })).stream.getReader();
    const deltas: string[] = [];
    const reading = (async () => {
      for (let result = await reader.read(); !result.done; result = await reader.read()) {
        if (result.value.type === 'text-delta') deltas.push(result.value.delta);
      }
    })();
    await vi.advanceTimersByTimeAsync(300);
    expect(deltas).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(700);
    // About 1 chunk per 25-40 ms after the first-token wait.
    expect(deltas.length).toBeGreaterThan(12);
    expect(deltas.length).toBeLessThan(30);
    controller.abort();
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs a tool round trip inside AI SDK streamText', async () => {
    const model = demoModel({ speed: 'instant' });
    const result = streamText({
      model,
      prompt: "What's the weather in Paris?",
      stopWhen: isStepCount(3),
      tools: {
        get_weather: tool({
          inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
          execute: async ({ city }) => ({ city, conditions: 'sunny' }),
        }),
      },
    });
    const text = await result.text;
    expect(text).toContain('"conditions": "sunny"');
    expect(model.calls).toHaveLength(2);
  });
});
