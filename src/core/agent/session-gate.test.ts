import { describe, expect, it } from 'vitest';
import { gateCommands, type AgentCommandName, type AgentCommands } from './session-gate';

/** Every command of `Agent`, listed by the type: adding one to `Agent` without adding it here is a type error. */
const names = {
  send: true,
  stop: true,
  retry: true,
  approve: true,
  deny: true,
  answer: true,
  cancelQuestion: true,
  submitToolResult: true,
  callTool: true,
  rollback: true,
  editMessage: true,
  regenerate: true,
  resume: true,
  compact: true,
  dispose: true,
  preload: true,
  editQueued: true,
  removeQueued: true,
  switchBranch: true,
  compareBranches: true,
  setFeedback: true,
  suggestFollowUps: true,
} satisfies Record<AgentCommandName, true>;

function recordingCommands(calls: string[]): AgentCommands {
  const command = (name: string) => async () => {
    calls.push(name);
    return { status: 'idle' as const, error: null };
  };
  return Object.fromEntries(Object.keys(names).map((name) => [name, command(name)])) as unknown as AgentCommands;
}

describe('gateCommands', () => {
  it('holds every command but stop, dispose and preload until the session is ready, then runs them in order', async () => {
    const calls: string[] = [];
    let open!: () => void;
    const ready = new Promise<void>((resolve) => (open = resolve));
    const gated = gateCommands(recordingCommands(calls), ready) as unknown as Record<string, () => Promise<unknown>>;
    const pending = Object.keys(names).map((name) => gated[name]!());
    await Promise.resolve();
    expect(calls).toEqual(['stop', 'dispose', 'preload']);
    open();
    await Promise.all(pending);
    expect(calls).toEqual(['stop', 'dispose', 'preload', ...Object.keys(names).filter((name) => !['stop', 'dispose', 'preload'].includes(name))]);
  });

  it('passes commands through untouched without a session', () => {
    const commands = recordingCommands([]);
    expect(gateCommands(commands, undefined)).toBe(commands);
  });
});
