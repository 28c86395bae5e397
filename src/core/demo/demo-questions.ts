/**
 * The "ask me questions" demo: the built-in `ask_user_question` tool with a single-select
 * question (descriptions, code previews, free text) and an optional multi-select one. The next
 * step reads the answers back by their labels, or carries on without them when cancelled.
 */
import type { AskUserQuestionInput } from '../people/question-types';
import { field, readToolOutcome, type DemoToolResult } from './demo-tool-outcome';

/** The demo's questions for `ask_user_question` (see DESIGN.md, "Questions"). */
export const demoQuestionInput = {
  questions: [
    {
      header: 'Stack',
      question: 'Which language should the project use?',
      multiSelect: false,
      allowFreeText: true,
      options: [
        {
          label: 'TypeScript',
          value: 'typescript',
          description: 'Typed JavaScript, one language for the browser and the server.',
          preview: 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}',
        },
        {
          label: 'Python',
          value: 'python',
          description: 'Quick to write, with a huge ecosystem for data and scripting.',
          preview: 'def greet(name: str) -> str:\n    return f"Hello, {name}!"',
        },
        {
          label: 'Go',
          value: 'go',
          description: 'Small, fast binaries and simple concurrency.',
          preview: 'func Greet(name string) string {\n\treturn fmt.Sprintf("Hello, %s!", name)\n}',
        },
      ],
    },
    {
      header: 'Features',
      question: 'Which features should the first version include?',
      multiSelect: true,
      required: false,
      options: [
        { label: 'Authentication', value: 'auth', description: 'Sign-in and user accounts.' },
        { label: 'Database', value: 'database', description: 'Persistent storage with migrations.' },
        { label: 'REST API', value: 'api', description: 'HTTP endpoints for other clients.' },
        { label: 'Tests', value: 'tests', description: 'Unit tests and CI from day one.' },
      ],
    },
  ],
} satisfies AskUserQuestionInput;

interface ReadAnswer {
  header: string;
  labels: string[];
  freeText: string | undefined;
}

function readAnswers(value: unknown): ReadAnswer[] {
  const answers = field(value, 'answers');
  if (!Array.isArray(answers)) return [];
  return answers.map((answer) => {
    const labels = field(answer, 'labels');
    const header = field(answer, 'header');
    const freeText = field(answer, 'freeText');
    return {
      header: typeof header === 'string' ? header : 'Answer',
      labels: Array.isArray(labels) ? labels.filter((label): label is string => typeof label === 'string') : [],
      freeText: typeof freeText === 'string' && freeText.trim() !== '' ? freeText.trim() : undefined,
    };
  });
}

function describeAnswer({ labels, freeText }: ReadAnswer): string {
  const chosen = labels.join(', ');
  if (freeText === undefined) return chosen === '' ? '*(skipped)*' : chosen;
  return chosen === '' ? `"${freeText}" (typed)` : `${chosen}, and you added: "${freeText}"`;
}

function planFrom(answers: readonly ReadAnswer[]): string[] {
  const stack = answers.find((answer) => answer.header === 'Stack');
  const features = answers.find((answer) => answer.header === 'Features');
  const language = stack?.labels[0] ?? stack?.freeText ?? 'TypeScript';
  const chosen = features?.labels ?? [];
  return [
    `1. Set up a ${language} project with a formatter, a linter and a README.`,
    chosen.length > 0
      ? `2. Build the first features: ${chosen.join(', ')}, one small pull request each.`
      : '2. Keep the first version small: one feature end to end, the rest later.',
    '3. Ship it to a few users, then ask again what matters next.',
  ];
}

/**
 * What the demo says after `ask_user_question`: the answers by their labels (and typed text)
 * with a short plan, or an acknowledgement when the person closed the questions.
 *
 * @example
 * ```ts
 * summarizeQuestionResult({ toolName: 'ask_user_question', output: { type: 'json', value: { status: 'cancelled', message: '...' } } });
 * ```
 */
export function summarizeQuestionResult(result: DemoToolResult): string | undefined {
  const outcome = readToolOutcome(result.output);
  if (outcome.kind !== 'success') return undefined;
  const status = field(outcome.value, 'status');
  if (status === 'cancelled') {
    const message = field(outcome.value, 'message');
    const note = typeof message === 'string' ? /^The user dismissed the question: ([\s\S]+)$/.exec(message)?.[1] : undefined;
    return [
      `No problem: you closed the questions without answering${note !== undefined ? ` ("${note}")` : ''}.`,
      "I'll continue without them and assume sensible defaults: a TypeScript project with a small first version. Say **ask me questions** whenever you want to choose yourself.",
    ].join('\n\n');
  }
  if (status !== 'answered') return undefined;
  const answers = readAnswers(outcome.value);
  return [
    'Thanks! Here is what you chose:',
    answers.map((answer) => `- **${answer.header}**: ${describeAnswer(answer)}`).join('\n'),
    'A first plan for the project:',
    planFrom(answers).join('\n'),
    "I'm the demo model, so this plan is a template filled in with your answers; a real model would reason about them.",
  ].join('\n\n');
}
