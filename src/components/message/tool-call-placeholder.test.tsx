// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../core/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';

// Whether the tool card's module has been evaluated (the mock's factory runs when it is first imported).
const evaluated = vi.hoisted(() => new Set<string>());
vi.mock('./tool-call-chip', async (original) => (evaluated.add('tool card'), await original()));

afterEach(cleanup);

it('shows a conversation\'s tool calls at once, by name and state, while the card\'s code loads', async () => {
  const lookUp = defineTool({ name: 'look_up', description: 'Looks a word up.', inputSchema: { type: 'object' }, execute: () => 'a feline' });
  const agent = createAgent({ model: scriptedModel([toolCall('look_up', {}), text('A cat.')]), tools: [lookUp] });
  await agent.send('What is a cat?');
  expect(evaluated.has('tool card')).toBe(false);
  render(<AgentChat agent={agent} />);
  const placeholder = document.querySelector<HTMLElement>('.rak-tool-chip')!;
  expect(placeholder.dataset.state).toBe('output-available');
  expect(placeholder.textContent).toBe('look_up');
  // The card itself, with its details toggle, once its code is there.
  expect(await screen.findByRole('button', { name: /look_up/ })).toBeTruthy();
  expect(evaluated.has('tool card')).toBe(true);
});

