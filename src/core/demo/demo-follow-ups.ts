/**
 * The demo model's answer to a follow-up suggestions request (`suggestFollowUps`): a few next
 * prompts that fit the last one it is sent and that its script answers, so the playground shows
 * model follow-ups offline.
 */
import type { ScriptedCall } from '../scripted/scripted-model';

/** By the demo's scenario (`detectScenario`) of the last prompt. */
const followUps: Readonly<Record<string, readonly string[]>> = {
  intro: ['Show me some markdown', "What's the weather in Tokyo?", 'Help me plan a project — ask me questions'],
  markdown: ['Tell me a long story', 'Think about why the sky is blue'],
  long: ['Show me some markdown', 'Think about why the sky is blue'],
  reasoning: ["What's the weather in Tokyo?", 'Tell me a long story'],
  weather: ['What time is it?', "What's the weather in Paris?"],
  time: ["What's the weather in Tokyo?", 'List my files'],
  files: ['Add a task to my todo list: ship it', 'Build a small web page and preview it'],
  'edit-file': ['List my files', 'Research my workspace with a helper'],
  email: ['Look up the customer ada@example.com', 'Clean up records older than 30 days'],
  customer: ['Send an email to Ada about the launch', 'Show the orders of ada@example.com'],
  error: ['Show me some markdown', 'What time is it?'],
};

/**
 * The last thing the user asked, in the transcript a follow-up request sends.
 *
 * @example
 * ```ts
 * lastAskedIn(call); // "What's the weather in Tokyo?"
 * ```
 */
export function lastAskedIn(call: ScriptedCall): string {
  const request = call.prompt.at(-1);
  const text = request && typeof request.content !== 'string' ? request.content.map((part) => part.text ?? '').join('\n') : '';
  return [...text.matchAll(/^User: (.*)$/gm)].at(-1)?.[1] ?? '';
}

/**
 * The answer, as a JSON array, for the scenario of the last prompt.
 *
 * @example
 * ```ts
 * demoFollowUps('weather'); // '["What time is it?","What\'s the weather in Paris?"]'
 * ```
 */
export function demoFollowUps(scenario: string): string {
  return JSON.stringify(followUps[scenario] ?? followUps.intro);
}
