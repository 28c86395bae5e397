/**
 * The plan demo: a task of four steps that the model works through one model step at a time,
 * keeping its plan with `todo_write` (`createAgent({ todos: true })`): it writes the plan, marks a
 * step in progress, does it (the first step calls `get_weather` when the agent has it), marks it
 * completed and the next one in progress, and so on, so the plan above the composer moves while
 * the user watches. It decides from the tool results at the end of the prompt what comes next.
 */
import type { ScriptedCall, ScriptedItem, ScriptedPromptMessage } from '../scripted/scripted-model';
import type { DemoToolResult } from './demo-tool-outcome';
import { field, readToolOutcome } from './demo-tool-outcome';

/** The steps: what to do, as the model says it while doing it, and what it writes when it does. */
const steps: ReadonlyArray<{ content: string; activeForm: string; work: string }> = [
  {
    content: 'Check the weather for launch day',
    activeForm: 'Checking the weather for launch day',
    work: 'The launch is outdoors in Lisbon, so the weather comes first.',
  },
  {
    content: 'Draft the announcement',
    activeForm: 'Drafting the announcement',
    work:
      'Here is the draft:\n\n> **Version 2 is here.** Plans you can watch, agents that ask before they act, and everything offline in your browser. ' +
      'Try it today; your feedback shapes what comes next.',
  },
  {
    content: 'List what could go wrong',
    activeForm: 'Listing what could go wrong',
    work: 'What could go wrong, and what we do then:\n\n- **The demo fails on stage:** a recorded video is ready.\n- **The site slows down:** the static page takes over.\n- **Rain:** the tent is booked.',
  },
  {
    content: 'Write the checklist for the day',
    activeForm: 'Writing the checklist for the day',
    work: 'The checklist for the day:\n\n1. 08:00 set up the stage and test the sound\n2. 10:00 publish the announcement\n3. 10:15 the live demo\n4. 11:00 questions, then coffee',
  },
];

const weatherTool = 'get_weather';
const planTool = 'todo_write';
const offers = (call: ScriptedCall, name: string) => call.tools.some((tool) => tool.type === 'function' && tool.name === name);

/** The plan with `current` in progress, the steps before it completed (all completed past the end). */
function planAt(current: number) {
  return steps.map(({ content, activeForm }, index) => ({ content, activeForm, status: index < current ? 'completed' : index === current ? 'in_progress' : 'pending' }));
}

const updatePlan = (current: number): ScriptedItem => ({ type: 'tool-call', toolName: planTool, input: { todos: planAt(current) } });

/**
 * The first step: the plan, its first step in progress; a sentence saying so when the agent
 * cannot keep one.
 *
 * @example
 * ```ts
 * planFirstStep(call); // [text, { type: 'tool-call', toolName: 'todo_write', input: { todos: [...] } }]
 * ```
 */
export function planFirstStep(call: ScriptedCall): ScriptedItem[] {
  if (!offers(call, planTool)) {
    return [{ type: 'text', text: 'I would keep a plan for this, but this agent has no `todo_write` tool. Create it with `createAgent({ todos: true })` and ask again.' }];
  }
  return [
    { type: 'text', text: 'This takes a few steps, so I will keep a plan: you can follow it above the message box while I work.' },
    updatePlan(0),
  ];
}

/** Which step the last plan the model wrote has in progress: its index, `steps.length` when all are done, `undefined` when it is not this demo's. */
function stepInProgress(prompt: readonly ScriptedPromptMessage[]): number | undefined {
  for (let index = prompt.length - 1; index >= 0; index--) {
    const message = prompt[index]!;
    if (message.role !== 'assistant' || typeof message.content === 'string') continue;
    const call = message.content.findLast((part) => part.type === 'tool-call' && part.toolName === planTool);
    if (call === undefined) continue;
    const todos = field(call.input, 'todos');
    if (!Array.isArray(todos) || todos.length !== steps.length || field(todos[0], 'content') !== steps[0]!.content) return undefined;
    const current = todos.findIndex((item) => field(item, 'status') !== 'completed');
    return current === -1 ? steps.length : current;
  }
  return undefined;
}

/**
 * The step after a tool of this demo ran: after the plan was written, the work of the step in
 * progress (the weather step calls `get_weather` first) and the plan with it done; after the last
 * step, the closing words. `undefined` for results of other demos.
 *
 * @example
 * ```ts
 * planFollowUp([{ toolName: 'todo_write', output: { type: 'text', value: 'Plan updated: 0 of 4 done.' } }], call);
 * ```
 */
export function planFollowUp(results: readonly DemoToolResult[], call: ScriptedCall): ScriptedItem[] | undefined {
  if (results.length !== 1) return undefined;
  const [result] = results as [DemoToolResult];
  if (result.toolName !== planTool && result.toolName !== weatherTool) return undefined;
  const current = stepInProgress(call.prompt);
  if (current === undefined) return undefined;
  const outcome = readToolOutcome(result.output);
  if (result.toolName === weatherTool) {
    if (current !== 0) return undefined;
    const conditions = outcome.kind === 'success' ? field(outcome.value, 'conditions') : undefined;
    const celsius = outcome.kind === 'success' ? field(outcome.value, 'temperatureCelsius') : undefined;
    const weather = typeof conditions === 'string' && typeof celsius === 'number' ? `${conditions}, ${celsius} °C` : undefined;
    const text = weather ? `Launch day in Lisbon: ${weather}. Good enough to go ahead outdoors, with the tent booked just in case.` : 'The weather could not be checked, so we book the tent and go ahead.';
    return [{ type: 'text', text }, updatePlan(1)];
  }
  if (outcome.kind !== 'success') return [{ type: 'text', text: `The plan could not be updated: ${outcome.kind === 'error' ? outcome.message : 'it was refused'}. I stop here.` }];
  if (current >= steps.length) {
    return [{ type: 'text', text: 'All four steps are done, and the plan above the message box shows it. Roll back to your message, and the plan goes with it.' }];
  }
  const step = steps[current]!;
  if (current === 0) {
    if (offers(call, weatherTool)) return [{ type: 'text', text: step.work }, { type: 'tool-call', toolName: weatherTool, input: { city: 'Lisbon' } }];
    return [{ type: 'text', text: 'This agent has no weather tool, so we book the tent and go ahead.' }, updatePlan(1)];
  }
  return [{ type: 'text', text: step.work }, updatePlan(current + 1)];
}
