import { describe, expect, it } from 'vitest';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { createAgent } from '../agent/create-agent';
import { defineTool } from '../tools/define-tool';

const guarded = defineTool({
  name: 'guarded',
  description: 'Asks first.',
  inputSchema: { type: 'object', properties: {} },
  needsApproval: true,
  execute: () => 'ran',
});

describe('a decision made while the run is on its way to pause', () => {
  it('is not lost: the approved call runs and the run goes on', async () => {
    const agent = createAgent({ model: scriptedModel([toolCall('guarded', {}), text('after')]), tools: [guarded] });
    // Approve in the same tick the approval is requested, before the run has paused.
    let decided: Promise<unknown> | undefined;
    agent.subscribe((state) => {
      const pending = state.toolCalls.find((call) => call.state === 'approval-requested');
      if (pending && !decided) decided = agent.approve(pending.id);
    });
    const result = await agent.send('go');
    await decided;
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: 'ran' });
    expect(agent.getState().status).toBe('idle');
    expect(result.status).not.toBe('error');
  });
});
