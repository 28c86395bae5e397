// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool, type Agent, type Sandbox } from '../core/index';
import { createSandbox } from '../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../testing/index';
import { AgentProvider } from './agent-context';
import { SandboxProvider } from './sandbox-context';
import { useAgentSelector } from './use-agent-selector';
import { useCheckpoints, type TurnCheckpoint } from './use-checkpoints';
import { useFileDiff, type FileDiff } from './use-file-diff';
import { useFileChange, useSandboxChanges } from './use-sandbox-changes';
import type { ChangeMark, ChangesSinceCheckpoint } from './sandbox-changes-store';

afterEach(cleanup);

/** A tool that writes into the sandbox, so the scripted model can change files during a turn. */
function agentWithSandbox(sandbox: Sandbox, script: Parameters<typeof scriptedModel>[0]) {
  const saveFile = defineTool({
    name: 'save_file',
    description: 'Saves a file.',
    inputSchema: { type: 'object', properties: { path: { type: 'string' }, content: { type: 'string' } }, required: ['path', 'content'] },
    execute: ({ path, content }) => {
      sandbox.writeFile(path, content);
      return { saved: path };
    },
  });
  return createAgent({ model: scriptedModel(script), sandbox, tools: [saveFile] });
}

describe('useSandboxChanges and useFileChange', () => {
  it('reports changes since the latest checkpoint, and re-renders a row only when its mark changes', () => {
    const sandbox = createSandbox({ files: { '/src/a.ts': 'a\n', '/src/b.ts': 'b\n', '/old.txt': 'old' } });
    const renders: Record<string, number> = {};
    const marks: Record<string, ChangeMark | undefined> = {};
    let changes: ChangesSinceCheckpoint | undefined;
    function Mark({ path }: { path: string }) {
      renders[path] = (renders[path] ?? 0) + 1;
      marks[path] = useFileChange(path);
      return null;
    }
    function Summary() {
      renders.summary = (renders.summary ?? 0) + 1;
      changes = useSandboxChanges();
      return null;
    }
    render(
      <SandboxProvider sandbox={sandbox}>
        <Summary />
        {['/src', '/src/a.ts', '/src/b.ts', '/old.txt'].map((path) => (
          <Mark key={path} path={path} />
        ))}
      </SandboxProvider>,
    );
    expect(changes).toMatchObject({ checkpointId: undefined, files: [] });

    act(() => void sandbox.checkpoint());
    // Taking a checkpoint sends no event; the next change is compared with it.
    act(() => sandbox.writeFile('/src/a.ts', 'a2\n'));
    expect(changes).toMatchObject({ checkpointId: expect.any(String), modified: ['/src/a.ts'], added: [], deleted: [] });
    expect(marks).toEqual({ '/src': 'contains-changes', '/src/a.ts': 'modified', '/src/b.ts': undefined, '/old.txt': undefined });
    const counts = { ...renders };

    // Writing the same file again changes nothing that is shown.
    act(() => sandbox.writeFile('/src/a.ts', 'a3\n'));
    expect(renders).toEqual(counts);

    act(() => sandbox.writeFile('/src/c.ts', 'c\n'));
    act(() => sandbox.delete('/old.txt'));
    expect(changes!.files).toEqual([
      { path: '/old.txt', change: 'deleted' },
      { path: '/src/a.ts', change: 'modified' },
      { path: '/src/c.ts', change: 'added' },
    ]);
    expect(marks['/old.txt']).toBe('deleted');
    // b.ts and the directory kept their marks: no render.
    expect(renders['/src/b.ts']).toBe(counts['/src/b.ts']);
    expect(renders['/src']).toBe(counts['/src']);
  });

  it('compares with the checkpoint of the current turn of an agent, from the moment it starts', async () => {
    const sandbox = createSandbox({ files: { '/a.txt': 'one\n' } });
    const agent = agentWithSandbox(sandbox, [toolCall('save_file', { path: '/a.txt', content: 'two\n' }), text('Done.'), text('Nothing to do.')]);
    let changes: ChangesSinceCheckpoint | undefined;
    let diff: FileDiff | undefined;
    function Probe() {
      changes = useSandboxChanges();
      diff = useFileDiff('/a.txt');
      return null;
    }
    render(
      <AgentProvider agent={agent}>
        <Probe />
      </AgentProvider>,
    );
    expect(diff).toMatchObject({ status: 'no-checkpoint' });
    await act(() => agent.send('Change a.txt'));
    expect(changes!.modified).toEqual(['/a.txt']);
    expect(changes!.checkpointId).toBe(agent.getState().messages[0]!.checkpointId);
    expect(diff!.diff).toContain('-one\n+two\n');
    // A new turn starts a new baseline at once, before it writes anything.
    await act(() => agent.send('And now?'));
    expect(changes!.files).toEqual([]);
    expect(diff).toMatchObject({ status: 'ready', diff: '' });
  });
});

describe('useCheckpoints', () => {
  function setup(agent: Agent) {
    const renders = { count: 0 };
    let latest: readonly TurnCheckpoint[] = [];
    function Probe() {
      renders.count += 1;
      latest = useCheckpoints();
      return null;
    }
    render(
      <AgentProvider agent={agent}>
        <Probe />
      </AgentProvider>,
    );
    return { renders, turns: () => latest };
  }

  it('lists the turns that can be rolled back, and rolls back files and messages', async () => {
    const sandbox = createSandbox({ files: { '/a.txt': 'one\n' } });
    const agent = agentWithSandbox(sandbox, [
      toolCall('save_file', { path: '/a.txt', content: 'two\n' }),
      text('Changed.'),
      toolCall('save_file', { path: '/b.txt', content: 'new\n' }),
      text('Added.'),
    ]);
    const { renders, turns } = setup(agent);
    expect(turns()).toEqual([]);
    await act(() => agent.send('First'));
    await act(() => agent.send('Second'));
    expect(turns().map(({ text: said }) => said)).toEqual(['First', 'Second']);
    expect(sandbox.readFile('/b.txt')).toBe('new\n');

    let restored: { text: string } | undefined;
    await act(async () => void (restored = await turns()[1]!.rollback()));
    expect(restored).toEqual({ text: 'Second', files: [] });
    expect(sandbox.exists('/b.txt')).toBe(false);
    expect(turns().map(({ text: said }) => said)).toEqual(['First']);
    expect(agent.getState().messages.filter((message) => message.role === 'user')).toHaveLength(1);
    expect(agent.getState().messages.at(-1)!.role).toBe('assistant');
    const count = renders.count;
    const list = turns();
    // Changes of state that leave the list alone (a file write) do not re-render.
    act(() => sandbox.writeFile('/c.txt', 'c'));
    expect(renders.count).toBe(count);
    expect(turns()).toBe(list);
  });

  it('re-renders once per turn, not per streamed token', async () => {
    const sandbox = createSandbox();
    const model = scriptedModel([text('A reply that streams in several words, one token at a time.')], { chunkDelayMs: 1 });
    const agent = createAgent({ model, sandbox });
    const tokens = { count: 0 };
    function Streamed() {
      tokens.count += 1;
      useAgentSelector((state) => state.messages.at(-1));
      return null;
    }
    render(
      <AgentProvider agent={agent}>
        <Streamed />
      </AgentProvider>,
    );
    const { renders, turns } = setup(agent);
    await act(async () => {
      await agent.send('Hello');
    });
    expect(turns()).toHaveLength(1);
    // The control re-rendered while the reply streamed (once per frame); the checkpoint list once for the new turn.
    expect(tokens.count).toBeGreaterThan(2);
    expect(renders.count).toBe(2);
  });

  it('is empty for an agent without a sandbox', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hi.')]) });
    const { turns } = setup(agent);
    await act(() => agent.send('Hello'));
    expect(turns()).toEqual([]);
  });
});
