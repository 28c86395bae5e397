// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createAgent, createInitialState } from '../core/index';
import { scriptedModel } from '../testing/index';
import { AgentProvider } from './agent-context';
import { useRemoteState } from './use-remote-state';

afterEach(cleanup);

it('reads the remote agent\'s shared state, whole or through a selector', () => {
  const agent = createAgent({ model: scriptedModel([]), initialState: { ...createInitialState(), remote: { stage: 'draft', items: ['a'] } } });
  const renders = { whole: 0, stage: 0 };
  function Whole() {
    renders.whole += 1;
    return <p data-testid="whole">{JSON.stringify(useRemoteState())}</p>;
  }
  function Stage() {
    renders.stage += 1;
    return <p data-testid="stage">{useRemoteState((state: { stage?: string } | undefined) => state?.stage)}</p>;
  }
  const view = render(
    <AgentProvider agent={agent}>
      <Whole />
      <Stage />
    </AgentProvider>,
  );
  expect(view.getByTestId('whole').textContent).toBe('{"stage":"draft","items":["a"]}');
  expect(view.getByTestId('stage').textContent).toBe('draft');
  expect(renders).toEqual({ whole: 1, stage: 1 });
});

it('is undefined before the agent sent any', () => {
  const agent = createAgent({ model: scriptedModel([]) });
  function Probe() {
    return <p data-testid="value">{String(useRemoteState())}</p>;
  }
  const view = render(
    <AgentProvider agent={agent}>
      <Probe />
    </AgentProvider>,
  );
  expect(view.getByTestId('value').textContent).toBe('undefined');
});
