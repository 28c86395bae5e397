import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { defineTool } from '../tools/define-tool';
import type { AgentState, TodoItem } from '../store/state';
import { detectScenario } from './demo-script';
import { demoModel } from './demo-model';

const prompt = 'Work through a multi-step task: prepare the launch';

const getWeather = defineTool({
  name: 'get_weather',
  description: 'Weather.',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  execute: ({ city }: { city: string }) => ({ city, temperatureCelsius: 21, conditions: 'sunny' }),
});

/** Each plan the agent had, in order: the status of every step, as one letter each (p, >, x). */
function plansOf(agent: ReturnType<typeof createAgent>): string[] {
  return agent
    .eventsSince(0)
    .events.flatMap(({ event }) => (event.type === 'todos-update' ? [event.todos.map((item: TodoItem) => ({ pending: 'p', in_progress: '>', completed: 'x' })[item.status]).join('')] : []));
}

const replies = (state: AgentState) => state.messages.filter((message) => message.role === 'assistant').map((message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join(''));

describe('the demo model’s plan story', () => {
  it('is what the example prompt asks for; a step-by-step thought stays a reasoning demo', () => {
    expect(detectScenario(prompt)).toBe('steps');
    expect(detectScenario('Think step by step: how do agents use tools?')).toBe('reasoning');
  });

  it('writes a plan, works through it one step at a time (the weather with its tool), and finishes it', async () => {
    const agent = createAgent({ model: demoModel({ speed: 'instant' }), todos: true, tools: [getWeather] });
    await agent.send(prompt);
    expect(agent.getState().status).toBe('idle');
    expect(plansOf(agent)).toEqual(['>ppp', 'x>pp', 'xx>p', 'xxx>', 'xxxx']);
    expect(agent.getState().todos!.map((item) => item.content)).toEqual(['Check the weather for launch day', 'Draft the announcement', 'List what could go wrong', 'Write the checklist for the day']);
    expect(agent.getState().todos![1]!.activeForm).toBe('Drafting the announcement');
    expect(agent.getState().toolCalls.map((call) => call.name)).toEqual(['todo_write', 'get_weather', 'todo_write', 'todo_write', 'todo_write', 'todo_write']);
    expect(agent.getState().toolCalls.every((call) => call.state === 'output-available')).toBe(true);
    const said = replies(agent.getState());
    expect(said[0]).toContain('I will keep a plan');
    expect(said).toContainEqual(expect.stringContaining('Launch day in Lisbon: sunny, 21 °C.'));
    expect(said.at(-1)).toContain('All four steps are done');
  });

  it('goes on without the weather tool, and says how to turn plans on when it cannot keep one', async () => {
    const planner = createAgent({ model: demoModel({ speed: 'instant' }), todos: true });
    await planner.send(prompt);
    expect(plansOf(planner)).toEqual(['>ppp', 'x>pp', 'xx>p', 'xxx>', 'xxxx']);
    expect(replies(planner.getState())).toContainEqual(expect.stringContaining('no weather tool'));

    const plain = createAgent({ model: demoModel({ speed: 'instant' }) });
    await plain.send(prompt);
    expect(replies(plain.getState())).toEqual([expect.stringContaining('createAgent({ todos: true })')]);
  });

  it('"use a tool" picks another tool before the plan tool', async () => {
    const agent = createAgent({ model: demoModel({ speed: 'instant' }), todos: true, askUser: true });
    await agent.send('Use a tool');
    expect(agent.getState().toolCalls.map((call) => call.name)).toEqual(['ask_user_question']);
    await agent.stop();
  });
});
