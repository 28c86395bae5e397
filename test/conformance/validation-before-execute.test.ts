/**
 * Contract: arguments are validated against the tool's schema before anything runs (execute,
 * approval, a host handler), always, without eval or new Function. Invalid arguments come back
 * to the model as an error result that says what is wrong, and the loop goes on.
 */
import * as v from 'valibot';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAgent, defineTool } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, handModel, lastRequest, rawText, rawToolCall, resultFor, resultText } from './helpers';

interface MoveInput {
  sourcePath: string;
  targetPath: string;
  transferMode?: 'copy' | 'move';
  copies?: number;
}

const moveSchema = {
  type: 'object',
  properties: {
    sourcePath: { type: 'string', minLength: 1 },
    targetPath: { type: 'string', minLength: 1 },
    transferMode: { type: 'string', enum: ['copy', 'move'] },
    copies: { type: 'integer', minimum: 1 },
  },
  required: ['sourcePath', 'targetPath'],
  additionalProperties: false,
} as const;

function moveTool(options: { needsApproval?: boolean } = {}) {
  const execute = vi.fn((input: MoveInput) => `moved ${input.sourcePath} to ${input.targetPath}`);
  const definition = defineTool<MoveInput, string>({
    name: 'move',
    description: 'Moves a file.',
    inputSchema: moveSchema,
    execute,
    ...(options.needsApproval ? { needsApproval: true } : {}),
  });
  return { definition, execute };
}

describe('validation before execute', () => {
  it.each([
    ['a missing required field', { sourcePath: '/a' }, /targetPath/],
    ['a wrong type', { sourcePath: '/a', targetPath: 42 }, /targetPath/],
    ['a value outside the enum', { sourcePath: '/a', targetPath: '/b', transferMode: 'teleport' }, /transferMode/],
    ['an extra field where none are allowed', { sourcePath: '/a', targetPath: '/b', overwriteAll: true }, /overwriteAll/],
    ['a number that is not an integer', { sourcePath: '/a', targetPath: '/b', copies: 1.5 }, /copies/],
    ['a string that is too short', { sourcePath: '', targetPath: '/b' }, /sourcePath/],
  ])('does not run a call with %s and tells the model what is wrong', async (_case, input, names) => {
    const { definition, execute } = moveTool();
    const model = scriptedModel([toolCall('move', input, 'bad-call'), text('Let me fix that.')]);
    const agent = createAgent({ model, tools: [definition] });

    const result = await agent.send('move it');

    expect(execute).not.toHaveBeenCalled();
    expect(result.status).toBe('idle');
    expect(callNamed(agent.getState(), 'bad-call').state).toBe('output-error');
    expect(model.calls).toHaveLength(2);
    const output = resultFor(lastRequest(model), 'bad-call');
    expect(output.type).toBe('error-text');
    expect(resultText(output)).toMatch(names);
  });

  it('runs a call with valid arguments and hands execute exactly those arguments', async () => {
    const { definition, execute } = moveTool();
    const model = scriptedModel([toolCall('move', { sourcePath: '/a', targetPath: '/b', transferMode: 'copy' }, 'good-call'), text('Done.')]);
    const agent = createAgent({ model, tools: [definition] });
    await agent.send('move it');
    expect(execute).toHaveBeenCalledTimes(1);
    expect(execute.mock.calls[0]![0]).toEqual({ sourcePath: '/a', targetPath: '/b', transferMode: 'copy' });
    expect(resultFor(lastRequest(model), 'good-call')).toEqual({ type: 'text', value: 'moved /a to /b' });
  });

  it.each([
    ['text that is not JSON', '{"sourcePath": "/a", "targetPath": '],
    ['a JSON array', '["/a", "/b"]'],
    ['a JSON string', '"/a -> /b"'],
    ['JSON null', 'null'],
  ])('does not run a call whose arguments are %s', async (_case, raw) => {
    const { definition, execute } = moveTool();
    const model = handModel([{ parts: rawToolCall('raw-call', 'move', raw) }, { parts: rawText('Retrying.') }]);
    const agent = createAgent({ model, tools: [definition] });
    const result = await agent.send('move it');
    expect(result.status).toBe('idle');
    expect(execute).not.toHaveBeenCalled();
    expect(callNamed(agent.getState(), 'raw-call').state).toBe('output-error');
    expect(resultFor(lastRequest(model), 'raw-call').type).toBe('error-text');
  });

  it('validates before asking for approval: invalid arguments never reach a person', async () => {
    const { definition, execute } = moveTool({ needsApproval: true });
    const model = scriptedModel([toolCall('move', { sourcePath: '/a' }, 'gated-bad'), text('Oops.')]);
    const agent = createAgent({ model, tools: [definition] });
    const result = await agent.send('move it');
    expect(result.status).toBe('idle');
    const call = callNamed(agent.getState(), 'gated-bad');
    expect(call.state).toBe('output-error');
    expect(call.audit.map((entry) => entry.state)).not.toContain('approval-requested');
    expect(execute).not.toHaveBeenCalled();
  });

  it('validates before a host handler runs a declaration-only tool', async () => {
    const onToolCall = vi.fn(() => 'handled');
    const declaration = defineTool({ name: 'move', description: 'Moves a file on the server.', inputSchema: moveSchema });
    const model = scriptedModel([toolCall('move', { sourcePath: '/a', targetPath: 7 }, 'declared-bad'), text('Oops.')]);
    const agent = createAgent({ model, tools: [declaration], onToolCall });
    await agent.send('move it');
    expect(onToolCall).not.toHaveBeenCalled();
    expect(callNamed(agent.getState(), 'declared-bad').state).toBe('output-error');
  });

  describe('with a Standard Schema', () => {
    it('zod 4: does not run invalid arguments, and hands execute the parsed output (defaults applied)', async () => {
      const execute = vi.fn((input: { city: string; units: 'c' | 'f' }) => `${input.city} in ${input.units}`);
      const weather = defineTool({
        name: 'weather',
        description: 'Weather for a city.',
        inputSchema: z.object({ city: z.string().min(2), units: z.enum(['c', 'f']).default('c') }),
        execute,
      });
      const model = scriptedModel([[toolCall('weather', { city: 'P' }, 'zod-bad'), toolCall('weather', { city: 'Paris' }, 'zod-good')], text('Sunny.')]);
      const agent = createAgent({ model, tools: [weather] });
      await agent.send('weather?');

      expect(execute).toHaveBeenCalledTimes(1);
      expect(execute.mock.calls[0]![0]).toEqual({ city: 'Paris', units: 'c' });
      expect(callNamed(agent.getState(), 'zod-bad').state).toBe('output-error');
      expect(resultText(resultFor(lastRequest(model), 'zod-bad'))).toMatch(/city/);
      expect(resultFor(lastRequest(model), 'zod-good')).toEqual({ type: 'text', value: 'Paris in c' });
      // The model is offered a JSON Schema, not the zod object.
      const offered = model.calls[0]!.tools?.[0] as { inputSchema?: { type?: string; properties?: Record<string, unknown> } } | undefined;
      expect(offered?.inputSchema?.type).toBe('object');
      expect(Object.keys(offered?.inputSchema?.properties ?? {})).toEqual(expect.arrayContaining(['city', 'units']));
    });

    it('valibot: does not run invalid arguments', async () => {
      const execute = vi.fn((input: { city: string }) => input.city);
      const weather = defineTool({
        name: 'weather',
        description: 'Weather for a city.',
        inputSchema: v.object({ city: v.pipe(v.string(), v.minLength(2)) }),
        inputJsonSchema: { type: 'object', properties: { city: { type: 'string', minLength: 2 } }, required: ['city'] },
        execute,
      });
      const model = scriptedModel([[toolCall('weather', { city: 7 }, 'vb-bad'), toolCall('weather', { city: 'Rome' }, 'vb-good')], text('ok')]);
      const agent = createAgent({ model, tools: [weather] });
      await agent.send('weather?');
      expect(execute).toHaveBeenCalledTimes(1);
      expect(execute.mock.calls[0]![0]).toEqual({ city: 'Rome' });
      expect(callNamed(agent.getState(), 'vb-bad').state).toBe('output-error');
      expect(resultFor(lastRequest(model), 'vb-bad').type).toBe('error-text');
    });
  });

  describe('without code generation from strings (strict CSP)', () => {
    const originalFunction = globalThis.Function;
    const originalEval = globalThis.eval;
    afterEach(() => {
      globalThis.Function = originalFunction;
      globalThis.eval = originalEval;
    });

    it('validates without eval or new Function', async () => {
      const generated: string[] = [];
      // Any validator that compiles code calls the global Function constructor or eval.
      globalThis.Function = new Proxy(originalFunction, {
        construct(_target, args) {
          generated.push(`new Function(${String(args.at(-1)).slice(0, 60)})`);
          throw new EvalError('Code generation from strings is not allowed.');
        },
        apply(_target, _this, args) {
          generated.push(`Function(${String(args.at(-1)).slice(0, 60)})`);
          throw new EvalError('Code generation from strings is not allowed.');
        },
      });
      globalThis.eval = ((code: string) => {
        generated.push(`eval(${String(code).slice(0, 60)})`);
        throw new EvalError('Code generation from strings is not allowed.');
      }) as typeof eval;

      const { definition, execute } = moveTool();
      const model = scriptedModel([
        [toolCall('move', { sourcePath: '/a', targetPath: '/b' }, 'csp-good'), toolCall('move', { sourcePath: '/a', targetPath: '/b', transferMode: 'x' }, 'csp-bad')],
        text('Done.'),
      ]);
      const agent = createAgent({ model, tools: [definition] });
      await agent.send('move it');

      expect(generated).toEqual([]);
      expect(execute).toHaveBeenCalledTimes(1);
      expect(callNamed(agent.getState(), 'csp-good').state).toBe('output-available');
      expect(callNamed(agent.getState(), 'csp-bad').state).toBe('output-error');
    });
  });
});
