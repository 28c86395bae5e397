// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineAgentTool } from '../../core/index';
import { createSandbox } from '../../core/sandbox/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';

afterEach(cleanup);

describe('a sub-agent in <AgentChat>', () => {
  it("shows the child's steps in the call's card, and its approval is decided in the parent's dialog", async () => {
    const sandbox = createSandbox();
    const writer = defineAgentTool({
      name: 'report_writer',
      description: 'Writes reports.',
      instructions: 'Write the report.',
      model: scriptedModel([[text('Writing it now.'), toolCall('write_file', { path: 'report.md', content: 'findings\n' })], text('Wrote report.md.')]),
    });
    const agent = createAgent({ model: scriptedModel([toolCall('report_writer', { task: 'Write the report' }), text('The helper wrote the report.')]), sandbox, tools: [writer] });
    render(<AgentChat agent={agent} />);
    void agent.send('Report please');

    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Asked by the helper report_writer')).toBeTruthy();
    expect(within(dialog).getByText('write_file')).toBeTruthy();
    // The call's card holds the nested timeline: the child's words and its call, waiting.
    const steps = screen.getByRole('region', { name: 'What report_writer did' });
    expect(within(steps).getByText('Writing it now.')).toBeTruthy();
    expect(within(steps).getByText('write_file').closest('li')?.getAttribute('data-state')).toBe('approval-requested');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('The helper wrote the report.')).toBeTruthy());
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(sandbox.readFile('report.md')).toBe('findings\n');
    const done = screen.getByRole('region', { name: 'What report_writer did' });
    expect(within(done).getByText('write_file').closest('li')?.getAttribute('data-state')).toBe('output-available');
    expect(within(done).getByText('Wrote report.md.')).toBeTruthy();
  });
});
