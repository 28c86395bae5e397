/**
 * Contract: who decides whether a call runs. Per tool (`needsApproval: true | (input) => boolean`)
 * and per agent (`permissions.mode`: 'auto' (default) asks only where the tool says so, 'ask'
 * asks for every call, 'read-only' asks for every tool that is not `readOnly`; `allow` never
 * asks; `deny` refuses without asking and the model is told). The default never grants
 * everything: a tool that asks for approval asks.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import type { AgentState, PermissionPolicy } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, lastRequest, resultFor, resultText } from './helpers';

const schema = { type: 'object', properties: { path: { type: 'string' } } } as const;

function toolSet() {
  const calls: string[] = [];
  const make = (name: string, extra: { readOnly?: boolean; needsApproval?: boolean | ((input: { path?: string }) => boolean) } = {}) =>
    defineTool<{ path?: string }, string>({
      name,
      description: '',
      inputSchema: schema,
      ...extra,
      execute: () => {
        calls.push(name);
        return `${name} ran`;
      },
    });
  return {
    calls,
    readFile: make('read_file', { readOnly: true }),
    writeFile: make('write_file'),
    deleteFile: make('delete_file', { needsApproval: true }),
  };
}

/** One step calling `name`, then a text; returns the state of the call after `send`. */
async function callOnce(name: string, permissions: PermissionPolicy | undefined, input: object = { path: '/x' }, extra: Partial<{ initialState: AgentState }> = {}) {
  const set = toolSet();
  const model = scriptedModel([toolCall(name, input, 'perm-1'), text('Done.')]);
  const agent = createAgent({ model, tools: [set.readFile, set.writeFile, set.deleteFile], ...(permissions ? { permissions } : {}), ...extra });
  const result = await agent.send('go');
  return { agent, model, result, ran: set.calls, call: callNamed(agent.getState(), 'perm-1') };
}

const asked = (call: { state: string; audit: Array<{ state: string }> }) => call.audit.some((entry) => entry.state === 'approval-requested');

describe('permissions', () => {
  describe("mode 'auto' (the default)", () => {
    it('runs a tool that does not ask, without asking', async () => {
      const { result, ran, call } = await callOnce('write_file', undefined);
      expect(result.status).toBe('idle');
      expect(ran).toEqual(['write_file']);
      expect(asked(call)).toBe(false);
    });

    it('asks for a tool with needsApproval, with a reason, and runs nothing until decided', async () => {
      const { result, ran, call } = await callOnce('delete_file', undefined);
      expect(result.status).toBe('awaiting-people');
      expect(ran).toEqual([]);
      expect(call.state).toBe('approval-requested');
      expect(typeof call.approval?.reason).toBe('string');
      expect(call.approval!.reason.length).toBeGreaterThan(0);
      expect(typeof call.approval?.requestedAt).toBe('number');
    });

    it('asks when a needsApproval function says so for this input, and only then', async () => {
      const set = toolSet();
      const needsApproval = vi.fn((input: { path?: string }) => (input.path ?? '').startsWith('/etc'));
      const guarded = defineTool<{ path?: string }, string>({ name: 'guarded', description: '', inputSchema: schema, needsApproval, execute: () => 'ok' });
      const model = scriptedModel([[toolCall('guarded', { path: '/tmp/a' }, 'g-tmp'), toolCall('guarded', { path: '/etc/passwd' }, 'g-etc')], text('ok')]);
      const agent = createAgent({ model, tools: [guarded, set.readFile] });
      expect((await agent.send('go')).status).toBe('awaiting-people');
      expect(callNamed(agent.getState(), 'g-tmp').state).toBe('output-available');
      expect(callNamed(agent.getState(), 'g-etc').state).toBe('approval-requested');
      expect(needsApproval).toHaveBeenCalledWith({ path: '/etc/passwd' });
    });

    it('asks (never runs unasked) when the needsApproval function throws', async () => {
      const execute = vi.fn(() => 'ran');
      const broken = defineTool({ name: 'broken_check', description: '', inputSchema: schema, needsApproval: () => { throw new Error('bug in check'); }, execute });
      const model = scriptedModel([toolCall('broken_check', {}, 'b-1'), text('ok')]);
      const agent = createAgent({ model, tools: [broken] });
      await agent.send('go');
      expect(execute).not.toHaveBeenCalled();
      expect(callNamed(agent.getState(), 'b-1').state).not.toBe('output-available');
    });
  });

  describe("mode 'ask'", () => {
    it.each([['read_file'], ['write_file'], ['delete_file']])('asks before running %s', async (name) => {
      const { result, ran, call } = await callOnce(name, { mode: 'ask' });
      expect(result.status).toBe('awaiting-people');
      expect(call.state).toBe('approval-requested');
      expect(ran).toEqual([]);
    });
  });

  describe("mode 'read-only'", () => {
    it('runs a readOnly tool without asking', async () => {
      const { result, ran, call } = await callOnce('read_file', { mode: 'read-only' });
      expect(result.status).toBe('idle');
      expect(ran).toEqual(['read_file']);
      expect(asked(call)).toBe(false);
    });

    it.each([['write_file'], ['delete_file']])('asks before running %s, which is not readOnly', async (name) => {
      const { result, ran, call } = await callOnce(name, { mode: 'read-only' });
      expect(result.status).toBe('awaiting-people');
      expect(call.state).toBe('approval-requested');
      expect(ran).toEqual([]);
    });
  });

  describe('allow list', () => {
    it('runs an allowed tool without asking, even one with needsApproval and in ask mode', async () => {
      const { result, ran, call } = await callOnce('delete_file', { mode: 'ask', allow: ['delete_file'] });
      expect(result.status).toBe('idle');
      expect(ran).toEqual(['delete_file']);
      expect(asked(call)).toBe(false);
    });

    it('does not let other tools through', async () => {
      const { result, call } = await callOnce('write_file', { mode: 'ask', allow: ['read_file'] });
      expect(result.status).toBe('awaiting-people');
      expect(call.state).toBe('approval-requested');
    });
  });

  describe('deny list', () => {
    it('refuses without asking, does not run, and tells the model', async () => {
      const { result, ran, call, model } = await callOnce('write_file', { deny: ['write_file'] });
      expect(result).toEqual({ status: 'idle', error: null });
      expect(ran).toEqual([]);
      expect(call.state).toBe('output-denied');
      expect(asked(call)).toBe(false);
      expect(model.calls).toHaveLength(2);
      const output = resultFor(lastRequest(model), 'perm-1');
      expect(output.type).toBe('execution-denied');
      expect(resultText(output)).toContain('write_file');
    });

    it('wins over the allow list', async () => {
      const { ran, call } = await callOnce('read_file', { allow: ['read_file'], deny: ['read_file'] });
      expect(ran).toEqual([]);
      expect(call.state).toBe('output-denied');
    });

    it('wins over a remembered "always" approval', async () => {
      const state = { ...createAgent({ model: scriptedModel(['x']) }).getState(), alwaysAllowed: ['delete_file'] };
      const { ran, call } = await callOnce('delete_file', { deny: ['delete_file'] }, {}, { initialState: state });
      expect(ran).toEqual([]);
      expect(call.state).toBe('output-denied');
    });

    it('refuses a readOnly tool too, in read-only mode', async () => {
      const { ran, call, result } = await callOnce('read_file', { mode: 'read-only', deny: ['read_file'] });
      expect(result.status).toBe('idle');
      expect(ran).toEqual([]);
      expect(call.state).toBe('output-denied');
    });
  });
});
