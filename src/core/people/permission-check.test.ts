import { describe, expect, it } from 'vitest';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import { checkPermission } from './permission-check';

const schema = { type: 'object', properties: { days: { type: 'integer' } } } as const;
const tool = (fields: Partial<ToolDefinition<{ days?: number }>>): ToolDefinition =>
  defineTool<{ days?: number }>({ name: 'delete_records', description: '', inputSchema: schema, execute: () => 'done', ...fields }) as ToolDefinition;

describe('checkPermission: the reason names the rule that asked', () => {
  it("the tool's own rule: always, for these arguments, or a check that failed", () => {
    expect(checkPermission(tool({ needsApproval: true }), {}, {}, [])).toEqual({ kind: 'ask', reason: '"delete_records" always asks a person before it runs.' });
    const byInput = tool({ needsApproval: ({ days }) => (days ?? 0) < 90 });
    expect(checkPermission(byInput, { days: 7 }, {}, [])).toEqual({ kind: 'ask', reason: '"delete_records" asks a person before it runs with these arguments.' });
    expect(checkPermission(byInput, { days: 365 }, {}, [])).toEqual({ kind: 'run' });
    const failing = tool({
      needsApproval: () => {
        throw new Error('no');
      },
    });
    expect(checkPermission(failing, {}, {}, [])).toEqual({ kind: 'ask', reason: '"delete_records" could not check whether these arguments need a person (its check failed), so you decide.' });
  });

  it('the policy mode: ask for every call, or read-only for tools that may change things', () => {
    expect(checkPermission(tool({}), {}, { mode: 'ask' }, [])).toEqual({ kind: 'ask', reason: 'This agent asks a person before every tool call.' });
    expect(checkPermission(tool({}), {}, { mode: 'read-only' }, [])).toEqual({ kind: 'ask', reason: 'This agent is in read-only mode, and "delete_records" can change things.' });
    expect(checkPermission(tool({ readOnly: true }), {}, { mode: 'read-only' }, [])).toEqual({ kind: 'run' });
    expect(checkPermission(tool({}), {}, {}, [])).toEqual({ kind: 'run' });
  });

  it("the tool's rule comes before the mode; the deny list refuses and the allow list and 'always' run", () => {
    expect(checkPermission(tool({ needsApproval: true }), {}, { mode: 'ask' }, [])).toMatchObject({ reason: '"delete_records" always asks a person before it runs.' });
    expect(checkPermission(tool({ needsApproval: true }), {}, { deny: ['delete_records'] }, [])).toMatchObject({ kind: 'refuse' });
    expect(checkPermission(tool({ needsApproval: true }), {}, { allow: ['delete_records'] }, [])).toEqual({ kind: 'run' });
    expect(checkPermission(tool({ needsApproval: true }), {}, { mode: 'ask' }, ['delete_records'])).toEqual({ kind: 'run' });
  });
});
