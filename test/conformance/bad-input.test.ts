/**
 * Contract: hostile or unusual input breaks nothing. `__proto__` / `constructor` keys in
 * arguments (from the model or from an edit) pollute no prototype; very large tool output is cut
 * for the model with a note while the state keeps the full value; a tool that never settles
 * ends at its `timeoutMs` as an error result; output that is not plain JSON still gives the
 * model one valid result.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, handModel, lastRequest, rawText, rawToolCall, resultFor, resultText } from './helpers';

const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();

describe('bad input', () => {
  describe('prototype pollution', () => {
    let keysBefore: string[];
    beforeEach(() => {
      keysBefore = prototypeKeys();
    });
    afterEach(() => {
      // Clean up whatever a failing implementation did, so other tests are not affected.
      for (const key of ['polluted', 'pollutedByConstructor', 'pollutedByEdit', 'isAdmin']) delete (Object.prototype as Record<string, unknown>)[key];
    });

    const hostile = [
      '{"path":"/a","__proto__":{"polluted":"yes","isAdmin":true},"constructor":{"prototype":{"pollutedByConstructor":"yes"}}}',
      '{"path":"/a","nested":{"__proto__":{"polluted":"yes"}},"list":[{"__proto__":{"polluted":"yes"}}]}',
      '{"path":"/a","constructor":{"prototype":{"pollutedByConstructor":"yes"}}}',
    ];

    it.each([
      // Schemas as JSON text: in an object literal `__proto__` would set the prototype, not a key.
      ['a permissive schema', '{"type":"object"}'],
      ['a strict schema', '{"type":"object","properties":{"path":{"type":"string"}},"required":["path"],"additionalProperties":false}'],
      ['a schema that names the keys', '{"type":"object","properties":{"path":{"type":"string"},"__proto__":{"type":"object"},"constructor":{"type":"object"}}}'],
    ])('pollutes nothing with __proto__ and constructor keys in the arguments (%s)', async (_case, inputSchema) => {
      for (const raw of hostile) {
        const received: unknown[] = [];
        const probe = defineTool({
          name: 'probe',
          description: '',
          inputSchema: JSON.parse(inputSchema) as Record<string, unknown>,
          execute: (input: unknown) => {
            received.push(input);
            // Code that copies the input the usual ways must not be able to pollute either.
            const copy = { ...(input as object) };
            Object.assign({}, input);
            return { keys: Object.keys(copy) };
          },
        });
        const model = handModel([{ parts: rawToolCall('hostile-1', 'probe', raw) }, { parts: rawText('ok') }]);
        const agent = createAgent({ model, tools: [probe] });
        const result = await agent.send('probe');

        expect(result.status).toBe('idle');
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
        expect(({} as Record<string, unknown>).pollutedByConstructor).toBeUndefined();
        expect(prototypeKeys()).toEqual(keysBefore);
        for (const input of received) {
          expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
          expect((input as Record<string, unknown>).isAdmin).toBeUndefined();
        }
        const call = callNamed(agent.getState(), 'hostile-1');
        expect(['output-available', 'output-error']).toContain(call.state);
        if (call.input !== undefined && call.input !== null) expect((call.input as Record<string, unknown>).isAdmin).toBeUndefined();
        expectValidToolHistory(lastRequest(model));
        resultFor(lastRequest(model), 'hostile-1');
      }
    });

    it('pollutes nothing with __proto__ keys in edited arguments', async () => {
      const received: unknown[] = [];
      const gated = defineTool({ name: 'gated', description: '', inputSchema: { type: 'object' }, needsApproval: true, execute: (input: unknown) => void received.push(input) });
      const model = scriptedModel([toolCall('gated', { path: '/a' }, 'edit-1'), text('ok')]);
      const agent = createAgent({ model, tools: [gated] });
      await agent.send('go');
      const edit = JSON.parse('{"path":"/b","__proto__":{"pollutedByEdit":"yes"}}') as unknown;
      await agent.approve('edit-1', { input: edit }).catch((error: unknown) => {
        expect(error).toMatchObject({ code: 'invalid-input' });
      });
      expect(({} as Record<string, unknown>).pollutedByEdit).toBeUndefined();
      expect(prototypeKeys()).toEqual(keysBefore);
      for (const input of received) expect(Object.getPrototypeOf(input)).toBe(Object.prototype);
    });

    it('pollutes nothing with __proto__ keys in answers', async () => {
      const questions = [{ question: 'Which?', header: 'Pick', options: [{ label: 'A' }, { label: 'B' }] }];
      const model = scriptedModel([toolCall('ask_user_question', { questions }, 'ask-1'), text('ok')]);
      const agent = createAgent({ model, askUser: true });
      await agent.send('ask');
      const answers = JSON.parse('[{"values":["A"],"__proto__":{"polluted":"yes"}}]') as never;
      await agent.answer('ask-1', answers).catch(() => undefined);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(prototypeKeys()).toEqual(keysBefore);
    });
  });

  describe('very large output', () => {
    it('cuts a large text output for the model, with a note, and keeps the full value in the state', async () => {
      const big = 'x'.repeat(100_000);
      const model = scriptedModel([toolCall('dump', {}, 'big-1'), text('That was long.')]);
      const agent = createAgent({ model, tools: [defineTool({ name: 'dump', description: '', inputSchema: { type: 'object' }, execute: () => big })] });
      await agent.send('dump');

      expect(callNamed(agent.getState(), 'big-1').output).toBe(big);
      const output = resultFor(lastRequest(model), 'big-1');
      const sent = resultText(output);
      // Default limit: 20,000 characters, plus a short note.
      expect(sent.length).toBeLessThan(21_000);
      expect(sent.length).toBeGreaterThan(10_000);
      expect(sent.startsWith('xxxxxxxxxx')).toBe(true);
      expect(sent).toMatch(/truncat|cut|shorten|omitted|characters/i);
      expect(JSON.stringify(lastRequest(model)).length).toBeLessThan(30_000);
    });

    it('cuts a large JSON output to limits.maxToolOutputChars, with a note, and keeps the full value in the state', async () => {
      const rows = Array.from({ length: 5_000 }, (_, index) => ({ id: index, name: `row number ${index}` }));
      const model = scriptedModel([toolCall('query', {}, 'rows-1'), text('Many rows.')]);
      const agent = createAgent({
        model,
        tools: [defineTool({ name: 'query', description: '', inputSchema: { type: 'object' }, execute: () => ({ rows }) })],
        limits: { maxToolOutputChars: 2_000 },
      });
      await agent.send('query');

      expect(callNamed(agent.getState(), 'rows-1').output).toEqual({ rows });
      const output = resultFor(lastRequest(model), 'rows-1');
      const sent = JSON.stringify(output);
      expect(sent.length).toBeLessThan(3_000);
      expect(sent).toMatch(/truncat|cut|shorten|omitted|characters/i);
      expect(sent).toContain('row number 0');
      expectValidToolHistory(lastRequest(model));
    });

    it('does not cut output within the limit', async () => {
      const value = { text: 'y'.repeat(1_500) };
      const model = scriptedModel([toolCall('small', {}, 'small-1'), text('ok')]);
      const agent = createAgent({
        model,
        tools: [defineTool({ name: 'small', description: '', inputSchema: { type: 'object' }, execute: () => value })],
        limits: { maxToolOutputChars: 2_000 },
      });
      await agent.send('go');
      expect(resultFor(lastRequest(model), 'small-1')).toEqual({ type: 'json', value });
    });
  });

  describe('a tool that never settles', () => {
    it('ends at its timeoutMs as an error result, aborts its signal, and the run goes on', async () => {
      let signal: AbortSignal | undefined;
      const stuck = defineTool({
        name: 'stuck',
        description: '',
        inputSchema: { type: 'object' },
        timeoutMs: 40,
        execute: (_input, context) => {
          signal = context.signal;
          return new Promise(() => undefined);
        },
      });
      const model = scriptedModel([toolCall('stuck', {}, 'stuck-1'), text('It timed out.')]);
      const agent = createAgent({ model, tools: [stuck] });
      const started = Date.now();
      const result = await agent.send('go');

      expect(Date.now() - started).toBeLessThan(2_000);
      expect(result).toEqual({ status: 'idle', error: null });
      expect(signal?.aborted).toBe(true);
      const call = callNamed(agent.getState(), 'stuck-1');
      expect(call.state).toBe('output-error');
      expect(call.error).toMatch(/time(d)? ?out/i);
      const output = resultFor(lastRequest(model), 'stuck-1');
      expect(output.type).toBe('error-text');
      expect(resultText(output)).toMatch(/40 ?ms|time(d)? ?out/i);
    });

    it('times out with fake timers too (no real waiting needed)', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        const stuck = defineTool({ name: 'stuck', description: '', inputSchema: { type: 'object' }, timeoutMs: 60_000, execute: () => new Promise(() => undefined) });
        const model = scriptedModel([toolCall('stuck', {}, 'stuck-2'), text('It timed out.')]);
        const agent = createAgent({ model, tools: [stuck] });
        const run = agent.send('go');
        await vi.advanceTimersByTimeAsync(59_000);
        expect(callNamed(agent.getState(), 'stuck-2').state).toBe('running');
        await vi.advanceTimersByTimeAsync(2_000);
        expect((await run).status).toBe('idle');
        expect(callNamed(agent.getState(), 'stuck-2').state).toBe('output-error');
      } finally {
        vi.useRealTimers();
      }
    });
  });

  describe('output that is not plain JSON', () => {
    it.each<[string, () => unknown]>([
      ['a circular object', () => {
        const node: Record<string, unknown> = { name: 'loop' };
        node.self = node;
        return node;
      }],
      ['a bigint', () => 10n ** 20n],
      ['a function', () => () => 'hi'],
      ['undefined', () => undefined],
      ['a Map', () => new Map([['a', 1]])],
    ])('still gives the model one valid result for %s', async (_case, produce) => {
      const model = scriptedModel([toolCall('odd', {}, 'odd-1'), text('ok')]);
      const agent = createAgent({ model, tools: [defineTool({ name: 'odd', description: '', inputSchema: { type: 'object' }, execute: produce })] });
      const result = await agent.send('go');
      expect(result.status).toBe('idle');
      const prompt = lastRequest(model);
      expectValidToolHistory(prompt);
      resultFor(prompt, 'odd-1');
    });
  });
});
