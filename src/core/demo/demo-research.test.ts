import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { defineAgentTool } from '../agents/define-agent-tool';
import { createSandbox } from '../sandbox/create-sandbox';
import type { AgentState } from '../store/state';
import { demoModel } from './demo-model';

function until(agent: ReturnType<typeof createAgent>, test: (state: AgentState) => boolean): Promise<AgentState> {
  return new Promise((resolve) => {
    const check = () => {
      if (!test(agent.getState())) return;
      unsubscribe();
      resolve(agent.getState());
    };
    const unsubscribe = agent.subscribe(check);
    check();
  });
}

describe('the demo model: research with a helper', () => {
  it('hands the task to the helper, whose write is approved through the parent, and passes its answer on', async () => {
    const sandbox = createSandbox({ files: { 'README.md': '# Demo\n', 'notes/ideas.md': '- one\n' } });
    const helper = defineAgentTool({ name: 'research_helper', description: 'Researches.', instructions: 'Research.', sandbox: 'shared' });
    const agent = createAgent({ model: demoModel({ speed: 'instant' }), sandbox, tools: [helper] });
    const run = agent.send('Research my workspace with a helper');
    const waiting = await until(agent, (state) => state.toolCalls[0]?.subAgent?.toolCalls.some((call) => call.state === 'approval-requested') === true);
    const child = waiting.toolCalls[0]!.subAgent!;
    expect(child.toolCalls.map((call) => call.name)).toEqual(['list_files', 'write_file']);
    const write = child.toolCalls[1]!;
    await agent.approve(write.id);
    await run;
    expect(sandbox.readFile('research.md')).toContain('- README.md');
    const last = agent.getState().messages.at(-1)!;
    const text = last.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(text).toContain('My helper reports back');
    expect(text).toContain('wrote a summary of its files to research.md');
  });
});
