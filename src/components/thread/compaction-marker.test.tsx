// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent } from '../../core/index';
import { scriptedModel } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { isSummaryRequest } from '../../core/context/summary-request';

afterEach(cleanup);

/** Answers every message; a summary request gets a summary. */
const model = () =>
  scriptedModel((call) => (isSummaryRequest(call.prompt) ? 'The user counted to two.' : `Answer to ${call.lastUserText}`));

describe('the thread and summaries', () => {
  it('marks where the model\'s summary ends, expandable to the summary; the messages stay', async () => {
    const agent = createAgent({ model: model() });
    render(<AgentChat agent={agent} />);
    for (const text of ['one', 'two', 'three']) await act(() => agent.send(text));
    await act(async () => void (await agent.compact()));

    const marker = await screen.findByText(/Earlier messages summarized/);
    expect(marker.textContent).toContain('the model gets a summary of the 4 messages above');
    // After the answer to "two", before "three"; every message still shown.
    const thread = screen.getByRole('log');
    const order = [...thread.querySelectorAll('.rak-message, .rak-compaction')].map((element) => (element.classList.contains('rak-compaction') ? 'summary' : element.textContent.replace(/\s+/g, ' ').trim().slice(0, 16)));
    const expected = ['one', 'Answer to one', 'two', 'Answer to two', 'summary', 'three', 'Answer to three'];
    expect(order).toHaveLength(expected.length);
    order.forEach((entry, index) => expect(entry.startsWith(expected[index]!), `${entry} / ${expected[index]}`).toBe(true));
    const details = marker.closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(marker.closest('summary')!);
    expect(details.textContent).toContain('The user counted to two.');

    // A rollback to before the summary takes the marker away.
    const second = agent.getState().messages.filter((message) => message.role === 'user')[1]!;
    await act(async () => void (await agent.rollback(second.id)));
    expect(screen.queryByText(/Earlier messages summarized/)).toBeNull();
  });
});
