import { describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { readSessionFile, writeSessionFile } from '../../src/core/sessions/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { expectValidToolHistory, lastRequest, resultFor } from '../conformance/helpers';

const never = defineTool({ name: 'slow', description: 'Never ends.', inputSchema: { type: 'object' }, execute: () => new Promise(() => {}) });

describe('agent.snapshot() and createAgent({ snapshot })', () => {
  it('a conversation with its files, binary ones included, travels as one file and rolls back on the other side', async () => {
    const sandbox = createSandbox({ files: { 'notes.md': 'v1\n', 'logo.bin': new Uint8Array([1, 2, 3]) } });
    const agent = createAgent({
      model: scriptedModel([toolCall('read_file', { path: 'notes.md' }, 'call-0'), toolCall('write_file', { path: 'notes.md', content: 'v2\n', overwrite: true }, 'call-1'), text('Done.')]),
      sandbox,
      permissions: { allow: ['write_file'] },
    });
    await agent.send('update the notes');
    const file = writeSessionFile(agent.snapshot());

    const copy = createSandbox();
    const restored = createAgent({ model: scriptedModel([text('ok')]), sandbox: copy, snapshot: readSessionFile(file) });
    expect(restored.getState()).toEqual(agent.getState());
    expect(copy.readFile('notes.md')).toBe('v2\n');
    expect(copy.readBytes('logo.bin')).toEqual(new Uint8Array([1, 2, 3]));
    await restored.rollback(restored.getState().messages[0]!.id);
    expect(copy.readFile('notes.md')).toBe('v1\n');
  });

  it('a snapshot taken mid-run is sealed when restored, and the next request is valid', async () => {
    const agent = createAgent({ model: scriptedModel([toolCall('slow', {}, 'call-1')]), tools: [never] });
    void agent.send('go');
    await expect.poll(() => agent.getState().toolCalls[0]?.state).toBe('running');
    const model = scriptedModel([text('It was interrupted.')]);
    const restored = createAgent({ model, tools: [never], snapshot: agent.snapshot() });
    expect(restored.getState().toolCalls[0]!.state).toBe('sealed');
    await restored.resume();
    expectValidToolHistory(lastRequest(model));
    expect(resultFor(lastRequest(model), 'call-1').type).toBe('error-text');
    void agent.stop();
  });

  it('refuses what it cannot restore, saying why', () => {
    const withFiles = createAgent({ model: scriptedModel([]), sandbox: createSandbox() }).snapshot();
    expect(() => createAgent({ model: scriptedModel([]), snapshot: withFiles })).toThrow(/the snapshot has sandbox files; pass `sandbox: createSandbox\(\)`/);
    expect(() => createAgent({ model: scriptedModel([]), snapshot: withFiles, initialState: withFiles.state, sandbox: createSandbox() })).toThrow(/not both/);
    expect(() => createAgent({ model: scriptedModel([]), snapshot: { format: 'react-agent-kit/agent', version: 7 } as never })).toThrow(/newer version of react-agent-kit/);
  });

  it('editMessage and regenerate without a sandbox change only the conversation; resume says when there is nothing to do', async () => {
    const model = scriptedModel([text('A.'), text('B.'), text('C.')]);
    const agent = createAgent({ model });
    await agent.send('first');
    await agent.editMessage(agent.getState().messages[0]!.id, 'first, edited');
    await agent.regenerate();
    expect(agent.getState().messages.map((message) => (message.parts[0] as { text: string }).text)).toEqual(['first, edited', 'C.']);
    await expect(agent.resume()).rejects.toMatchObject({ code: 'nothing-to-resume' });
    await expect(createAgent({ model }).regenerate()).rejects.toMatchObject({ code: 'nothing-to-regenerate' });
    await expect(agent.editMessage(agent.getState().messages[0]!.id, '  ')).rejects.toMatchObject({ code: 'empty-message' });
  });
});
