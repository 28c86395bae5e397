// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useStore } from 'zustand';
import { createAgent, type Agent } from '../core/index';
import { scriptedModel } from '../testing/index';
import { AgentProvider } from './agent-context';
import { useAgentSelector } from './use-agent-selector';

afterEach(cleanup);

describe('reading the read-only agent.store', () => {
  it('useAgentSelector and zustand’s useStore follow the state the commands change', async () => {
    const agent = createAgent({ model: scriptedModel(['Hello there.']) });
    const seen: Record<'selector' | 'useStore', string[]> = { selector: [], useStore: [] };
    function Probe({ store }: { store: Agent['store'] }) {
      const status = useAgentSelector((state) => state.status);
      // agent.store has what zustand's hooks read (getState, getInitialState, subscribe).
      const count = useStore(store, (state) => state.messages.length);
      if (seen.selector.at(-1) !== status) seen.selector.push(status);
      if (seen.useStore.at(-1) !== String(count)) seen.useStore.push(String(count));
      return null;
    }
    render(
      <AgentProvider agent={agent}>
        <Probe store={agent.store} />
      </AgentProvider>,
    );
    await act(() => agent.send('Hi'));
    // Renders are batched, so only the ends (and that the run was seen) are certain.
    expect(seen.selector).toContain('running');
    expect(seen.selector.at(-1)).toBe('idle');
    expect(seen.useStore[0]).toBe('0');
    expect(seen.useStore.at(-1)).toBe('2');
  });
});
