// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type TodoItem } from '../../core/index';
import { AgentProvider } from '../../react/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { germanStrings } from '../locales/index';
import { Plan } from './plan';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

const steps = ['Read the brief', 'Write the draft', 'Check the facts'];
const activeForms = ['Reading the brief', 'Writing the draft', 'Checking the facts'];
const plan = (...statuses: TodoItem['status'][]): TodoItem[] => statuses.map((status, index) => ({ content: steps[index]!, activeForm: activeForms[index]!, status }));

/** Each message makes the model write the next plan, then say a word. */
function planningAgent(...plans: TodoItem[][]) {
  const model = scriptedModel(plans.flatMap((todos) => [toolCall('todo_write', { todos }), text('On it.')]));
  return createAgent({ model, todos: true });
}

const region = () => screen.getByRole('region', { name: 'Plan' });
const toggle = () => within(region()).getByRole('button');
const items = () => within(region()).getAllByRole('listitem').map((item) => item.textContent);
const announced = () => document.querySelector('.rak-chat-footer [role="status"].rak-visually-hidden')!.textContent;

describe('<Plan> in <AgentChat>', () => {
  it('shows nothing until the model writes a plan, then its steps with their status in words, above the composer', async () => {
    const agent = planningAgent(plan('in_progress', 'pending', 'pending'));
    render(<AgentChat agent={agent} />);
    expect(screen.queryByRole('region', { name: 'Plan' })).toBeNull();

    await act(() => agent.send('Write the report').then(() => {}));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(toggle().textContent).toBe('Plan0 of 3 done');
    // The step in progress reads as what is being done; each status is said, the icons are not.
    expect(items()).toEqual(['In progress: Reading the brief', 'To do: Write the draft', 'To do: Check the facts']);
    expect(within(region()).getByRole('list').tagName).toBe('OL');
    expect(region().querySelectorAll('.rak-plan-icon[aria-hidden="true"]')).toHaveLength(3);
    // Above the composer, in the chat's footer.
    const footer = document.querySelector('.rak-chat-footer')!;
    expect(footer.contains(region())).toBe(true);
    expect(region().compareDocumentPosition(footer.querySelector('.rak-composer')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('follows the plan as the model updates it, and says only when a step starts or the plan is done', async () => {
    const agent = planningAgent(plan('in_progress', 'pending', 'pending'), plan('completed', 'in_progress', 'pending'), [...plan('completed', 'in_progress', 'pending'), { content: 'Send it', status: 'pending' }], plan('completed', 'completed', 'completed'));
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Start').then(() => {}));
    expect(announced()).toBe('Working on: Reading the brief');

    await act(() => agent.send('Go on').then(() => {}));
    expect(toggle().textContent).toBe('Plan1 of 3 done');
    expect(items()).toEqual(['Done: Read the brief', 'In progress: Writing the draft', 'To do: Check the facts']);
    expect(announced()).toBe('Working on: Writing the draft');
    expect(region().querySelector('[data-status="completed"] .rak-plan-text')!.textContent).toBe('Read the brief');

    // A step added, the same step in progress: shown, not said again.
    await act(() => agent.send('Add a step').then(() => {}));
    expect(items()).toHaveLength(4);
    expect(toggle().textContent).toBe('Plan1 of 4 done');
    expect(announced()).toBe('Working on: Writing the draft');

    await act(() => agent.send('Finish').then(() => {}));
    expect(toggle().textContent).toBe('Plan3 of 3 done');
    expect(announced()).toBe('Plan done: all 3 steps');
    expect(region().hasAttribute('data-complete')).toBe(true);
    // Finished, it closes to its head; it opens on demand.
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle());
    expect(items()).toEqual(['Done: Read the brief', 'Done: Write the draft', 'Done: Check the facts']);
  });

  it('opens again when a new plan with work left replaces a finished one', async () => {
    const agent = planningAgent(plan('completed', 'completed', 'completed'), plan('in_progress', 'pending', 'pending'));
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Do it').then(() => {}));
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    await act(() => agent.send('Again').then(() => {}));
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(items()).toHaveLength(3);
  });

  it('closes to its head, which still shows the progress and the step in progress', async () => {
    const agent = planningAgent(plan('completed', 'in_progress', 'pending'));
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Go').then(() => {}));
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(within(region()).getByRole('list', { hidden: true }).hidden).toBe(true);
    expect(toggle().textContent).toBe('Plan1 of 3 doneWriting the draft');
    expect(document.getElementById(toggle().getAttribute('aria-controls')!)).toBe(region().querySelector('ol'));
    fireEvent.click(toggle());
    expect(items()).toHaveLength(3);
  });

  it('speaks the chat’s language', async () => {
    const agent = planningAgent(plan('completed', 'in_progress', 'pending'));
    render(<AgentChat agent={agent} strings={germanStrings} />);
    await act(() => agent.send('Los').then(() => {}));
    const german = screen.getByRole('region', { name: 'Plan' });
    expect(within(german).getByRole('button').textContent).toBe('Plan1 von 3 erledigt');
    expect(within(german).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Erledigt: Read the brief', 'In Arbeit: Writing the draft', 'Offen: Check the facts']);
  });

  it('shows a todo_write call in the thread as the plan’s progress, not as JSON', async () => {
    const agent = planningAgent(plan('completed', 'in_progress', 'pending'));
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Go').then(() => {}));
    const card = document.querySelector<HTMLElement>('.rak-tool-chip')!;
    expect(card.querySelector('.rak-tool-chip-summary')!.textContent).toBe('1 of 3 done · Writing the draft');
    expect(card.textContent).not.toContain('{');
  });

  it('goes back with a rollback to what the plan was', async () => {
    const agent = planningAgent(plan('in_progress', 'pending', 'pending'), plan('completed', 'in_progress', 'pending'));
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Start').then(() => {}));
    await act(() => agent.send('Go on').then(() => {}));
    const second = agent.getState().messages.filter((message) => message.role === 'user')[1]!;
    await act(() => agent.rollback(second.id).then(() => {}));
    expect(toggle().textContent).toBe('Plan0 of 3 done');
    await act(() => agent.rollback(agent.getState().messages[0]!.id).then(() => {}));
    expect(screen.queryByRole('region', { name: 'Plan' })).toBeNull();
  });
});

describe('<Plan> alone', () => {
  it('renders only when the plan changes, not while a reply streams', async () => {
    const model = scriptedModel([toolCall('todo_write', { todos: plan('in_progress', 'pending') }), text('Started.'), text('A long reply that streams in many small chunks, word by word, to the end.')]);
    const agent = createAgent({ model, todos: true });
    let renders = 0;
    render(
      <AgentProvider agent={agent}>
        <Profiler id="plan" onRender={() => void renders++}>
          <Plan defaultOpen={false} />
        </Profiler>
      </AgentProvider>,
    );
    await act(() => agent.send('Start').then(() => {}));
    expect(screen.getByRole('button', { name: /Plan/ }).getAttribute('aria-expanded')).toBe('false');
    const afterPlan = renders;
    await act(() => agent.send('Tell me more').then(() => {}));
    expect(agent.getState().messages.at(-1)!.parts.length).toBeGreaterThan(0);
    expect(renders).toBe(afterPlan);
  });
});
