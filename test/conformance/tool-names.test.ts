/**
 * Contract: tool names match ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$, a duplicate name is an error when
 * the agent is created (never "the last one wins"), and the model calls tools by their exact name.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool, InvalidToolError } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, lastRequest, resultFor, resultText } from './helpers';

const tool = (name: string, execute: () => unknown = () => 'ok') =>
  defineTool({ name, description: `The ${name} tool.`, inputSchema: { type: 'object', properties: {} }, execute });

describe('tool names', () => {
  it.each([
    ['has space'],
    ['1starts-with-digit'],
    [''],
    ['dot.name'],
    ['slash/name'],
    ['émoji'],
    ['-leading-dash'],
    ['a'.repeat(65)],
  ])('refuses the name %j when the agent is created', (name) => {
    const model = scriptedModel(['unused']);
    expect(() => createAgent({ model, tools: [tool(name)] })).toThrow(InvalidToolError);
    expect(model.calls).toHaveLength(0);
  });

  it.each([['a'], ['_private'], ['get_weather'], ['kebab-case-9'], ['CamelCase'], ['a'.repeat(64)]])('accepts the name %j', (name) => {
    expect(() => createAgent({ model: scriptedModel(['unused']), tools: [tool(name)] })).not.toThrow();
  });

  it('refuses a duplicate name instead of letting the last definition win', () => {
    const first = vi.fn(() => 'first');
    const second = vi.fn(() => 'second');
    const create = () => createAgent({ model: scriptedModel(['unused']), tools: [tool('lookup', first), tool('other'), tool('lookup', second)] });
    expect(create).toThrow(InvalidToolError);
    expect(create).toThrow(/lookup/);
  });

  it('offers the model every tool under its exact name, once', async () => {
    const model = scriptedModel(['Nothing to do.']);
    const agent = createAgent({ model, tools: [tool('read_notes'), tool('Write-Notes')] });
    await agent.send('hi');
    const offered = (model.calls[0]!.tools ?? []).map((offeredTool) => offeredTool.name);
    expect(offered).toEqual(['read_notes', 'Write-Notes']);
    expect(agent.tools.map((info) => info.name)).toEqual(['read_notes', 'Write-Notes']);
  });

  it('offers the built-in ask_user_question tool only when askUser is on', async () => {
    const without = scriptedModel(['a']);
    await createAgent({ model: without, tools: [tool('x')] }).send('hi');
    expect((without.calls[0]!.tools ?? []).map((offered) => offered.name)).toEqual(['x']);

    const withQuestions = scriptedModel(['a']);
    await createAgent({ model: withQuestions, tools: [tool('x')], askUser: true }).send('hi');
    expect((withQuestions.calls[0]!.tools ?? []).map((offered) => offered.name).sort()).toEqual(['ask_user_question', 'x']);
  });

  it('matches the called name exactly: a near miss is an unknown tool, not run, and the model is told', async () => {
    const execute = vi.fn(() => 'sunny');
    const model = scriptedModel([toolCall('Get_Weather', {}, 'near-miss'), text('Sorry.')]);
    const agent = createAgent({ model, tools: [tool('get_weather', execute)] });
    const result = await agent.send('weather?');
    expect(result.status).toBe('idle');
    expect(execute).not.toHaveBeenCalled();
    expect(callNamed(agent.getState(), 'near-miss').state).toBe('output-error');
    const output = resultFor(lastRequest(model), 'near-miss');
    expect(output.type).toBe('error-text');
    expect(resultText(output)).toContain('Get_Weather');
    expect(resultText(output)).toContain('get_weather');
  });
});
