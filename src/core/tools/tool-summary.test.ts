import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { defineTool, type ToolDefinition } from './define-tool';
import { summaryOf } from './tool-summary';

const schema = { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' } }, required: ['to', 'subject'] } as const;
const emailTool = (summarize?: (input: { to: string; subject: string }) => string): ToolDefinition =>
  defineTool({ name: 'send_email', description: 'Sends an email.', inputSchema: schema, needsApproval: true, execute: ({ to }) => `sent to ${to}`, ...(summarize ? { summarize } : {}) }) as ToolDefinition;

describe('summaryOf', () => {
  it("is the tool's sentence for this input, trimmed", () => {
    expect(summaryOf(emailTool(({ to, subject }) => `  Send an email to ${to}: ${subject} `), { to: 'ada@example.com', subject: 'Launch' })).toBe('Send an email to ada@example.com: Launch');
  });

  it('is undefined without summarize, and when summarize throws or gives no text', () => {
    const input = { to: 'ada@example.com', subject: 'Launch' };
    expect(summaryOf(emailTool(), input)).toBeUndefined();
    const throwing = emailTool(() => {
      throw new Error('summaries are hard');
    });
    expect(summaryOf(throwing, input)).toBeUndefined();
    expect(summaryOf(emailTool(() => '   '), input)).toBeUndefined();
    const notText = { ...emailTool(), summarize: () => ({ text: 'an object' }) } as unknown as ToolDefinition;
    expect(summaryOf(notText, input)).toBeUndefined();
  });
});

describe('the summary of an approval request', () => {
  const run = async (tool: ToolDefinition) => {
    const agent = createAgent({ model: scriptedModel([toolCall('send_email', { to: 'ada@example.com', subject: 'Launch' }), text('Sent.')]), tools: [tool] });
    await agent.send('Email Ada');
    return agent;
  };

  it('is computed when the person is asked, and kept with the request', async () => {
    const agent = await run(emailTool(({ to, subject }) => `Send an email to ${to}: ${subject}`));
    expect(agent.getState().toolCalls[0]!.approval).toMatchObject({ summary: 'Send an email to ada@example.com: Launch' });
  });

  it('is left out when summarize throws, and the call still asks and runs once approved', async () => {
    const agent = await run(
      emailTool(() => {
        throw new Error('summaries are hard');
      }),
    );
    const call = agent.getState().toolCalls[0]!;
    expect(call.state).toBe('approval-requested');
    expect(call.approval).not.toHaveProperty('summary');
    await agent.approve(call.id);
    expect(agent.getState().toolCalls[0]!.output).toBe('sent to ada@example.com');
  });
});
