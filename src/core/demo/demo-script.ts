/**
 * How the demo model picks its reply: keywords of the last user message (case-insensitive),
 * the tools on offer, and whether the prompt ends with tool results. Deterministic.
 */
import type { ScriptedCall, ScriptedItem, ScriptedRespond, ScriptedTool } from '../scripted/scripted-model';
import { demoCleanupInput } from './demo-cleanup';
import { customerLead, demoCustomerInput, demoSumInput } from './demo-customer';
import { demoEmailInput } from './demo-email';
import { demoQuestionInput } from './demo-questions';
import {
  cleanupLead,
  emailLead,
  errorMessage,
  errorPrelude,
  errorRecoveredReply,
  introReply,
  markdownReply,
  noToolsReply,
  questionLead,
  reasoningAnswer,
  skySources,
  reasoningPrelude,
  toolCallLead,
} from './demo-replies';
import { longStoryReply } from './demo-story';
import { demoSummary } from './demo-summary';
import { isSummaryRequest } from '../context/summary-request';
import { isFollowUpRequest } from '../agent/follow-up-request';
import { demoFollowUps, lastAskedIn } from './demo-follow-ups';
import { workspaceFirstStep, workspaceFollowUp } from './demo-workspace';
import { previewFirstStep, previewFollowUp } from './demo-preview';
import { demoFilesReply } from './demo-files';
import { planFirstStep, planFollowUp } from './demo-plan';
import { demoResearchReply } from './demo-research';
import { fitToSchema, plausibleToolInput, readInputHints } from './demo-tool-input';
import { summarizeToolResults, trailingToolResults } from './demo-tool-results';

/** What a user message asks the demo for; `intro` covers greetings, "help" and anything else. */
export type DemoScenario =
  | 'steps'
  | 'preview'
  | 'error'
  | 'reasoning'
  | 'markdown'
  | 'long'
  | 'weather'
  | 'time'
  | 'edit-file'
  | 'files'
  | 'write-file'
  | 'email'
  | 'cleanup'
  | 'customer'
  | 'orders'
  | 'sum'
  | 'app'
  | 'question'
  | 'tool'
  | 'intro';

// Checked in order: the first match wins, so "think about the weather" is a reasoning demo.
// An email is named first ("email Ada about the crash"); a bare "send" only when nothing else fits.
const scenarioKeywords: ReadonlyArray<[DemoScenario, RegExp]> = [
  // First: "a multi-step task: prepare the launch" is the plan demo, whatever else it names.
  ['steps', /\b(multi-?step|work through)\b/],
  // Before files and write: "build a web page and preview it" is the live preview demo.
  ['preview', /\b(preview|web ?page|website)\b/],
  // Before email: "the orders of the customer ada@example.com" is a lookup.
  ['orders', /\b(orders?|purchases?)\b/],
  ['customer', /\b(customers?|clients?|crm)\b/],
  ['sum', /\b(sum|add up|plus)\b/],
  ['app', /\bcounter\b/],
  ['email', /\b(e-?mails?|mail)\b/],
  ['error', /\b(error|errors|fail|failure|crash)\b/],
  ['reasoning', /\b(think|thinking|reason|reasoning)\b/],
  ['markdown', /\b(markdown|format|formatting)\b/],
  ['long', /\b(long|story)\b/],
  ['weather', /\b(weather|forecast|temperature)\b/],
  ['time', /\b(time|clock|date)\b/],
  ['edit-file', /\b(todo|to-do|task|tasks)\b/],
  ['write-file', /\b(write|save|note)\b/],
  ['files', /\b(file|files|folder|directory|sandbox)\b/],
  ['cleanup', /\b(delete|cleanup|clean up|clean-up|purge|prune)\b/],
  ['question', /\b(question|questions|ask me|quiz|choose|plan|planning)\b/],
  ['tool', /\b(tool|tools)\b/],
  ['email', /\bsend\b/],
];

/**
 * The scenario a user message asks for.
 *
 * @example
 * ```ts
 * detectScenario('Tell me a LONG story'); // 'long'
 * detectScenario('hello'); // 'intro'
 * ```
 */
export function detectScenario(userText: string): DemoScenario {
  const text = userText.toLowerCase();
  return scenarioKeywords.find(([, pattern]) => pattern.test(text))?.[0] ?? 'intro';
}

interface ToolScenario {
  /** Ends "I can't ..." when no tool fits. */
  wanted: string;
  /** Tried in order against the offered tools' names. */
  pick: readonly RegExp[];
  /** The arguments; default: plausible ones from the tool's schema. */
  input?: (userText: string) => object;
  /** The sentence before the call; default: {@link toolCallLead}. */
  lead?: (toolName: string, input: Record<string, unknown>) => string;
}

const toolScenarios: Record<'weather' | 'time' | 'files' | 'write-file' | 'email' | 'cleanup' | 'customer' | 'orders' | 'sum' | 'app' | 'question' | 'tool', ToolScenario> = {
  weather: { wanted: 'check the weather', pick: [/weather|forecast/i] },
  time: { wanted: 'tell the time', pick: [/time|clock|date/i] },
  files: { wanted: 'list files', pick: [/^list_files$/, /file/i] },
  'write-file': { wanted: 'write a file', pick: [/^write_file$/] },
  email: { wanted: 'send an email', pick: [/^send_email$/, /mail/i], input: demoEmailInput, lead: emailLead },
  cleanup: { wanted: 'clean up records', pick: [/^delete_records$/], input: demoCleanupInput, lead: cleanupLead },
  // A backend tool in the playground (it runs on the server, through the bridge).
  customer: { wanted: 'look up customers', pick: [/^lookup_customer$/, /customer/i], input: demoCustomerInput, lead: customerLead },
  orders: { wanted: 'list orders', pick: [/^list_orders$/, /orders?/i], input: demoCustomerInput, lead: customerLead },
  // The MCP reference server's `get-sum`, when a backend exposes it.
  sum: { wanted: 'add numbers', pick: [/(^|_)get-sum$/, /sum/i], input: demoSumInput },
  // The MCP App of the playground's test server (`show_counter`), when a backend exposes it.
  app: { wanted: 'show the counter app', pick: [/(^|_)show_counter$/] },
  question: { wanted: 'ask you questions', pick: [/^ask_user_question$/], input: () => demoQuestionInput, lead: questionLead },
  // The plan tool only as a last resort: "use a tool" with nothing else to call shows the question tool, then an empty plan.
  tool: { wanted: 'call one', pick: [/weather/i, /time|clock/i, /^list_files$/, /^(?!ask_user_question$|todo_write$)/, /^(?!todo_write$)/, /./] },
};

function pickTool(tools: readonly ScriptedTool[], patterns: readonly RegExp[]): ScriptedTool | undefined {
  const functions = tools.filter((tool) => tool.type === 'function');
  for (const pattern of patterns) {
    const found = functions.find((tool) => pattern.test(tool.name));
    if (found !== undefined) return found;
  }
  return undefined;
}

// The people-in-the-loop tools always get their demo's arguments and lead, whichever scenario
// picked them ("use a tool" may pick `send_email`): the follow-up compares the arguments that ran
// with that draft to spot edits.
const scenarioOfTool: Readonly<Record<string, keyof typeof toolScenarios>> = {
  send_email: 'email',
  delete_records: 'cleanup',
  ask_user_question: 'question',
};

function toolStep(scenario: keyof typeof toolScenarios, call: ScriptedCall): ScriptedItem[] {
  const { wanted, pick } = toolScenarios[scenario];
  const tool = pickTool(call.tools, pick);
  if (tool === undefined) {
    return [{ type: 'text', text: noToolsReply(wanted, call.tools.filter((entry) => entry.type === 'function').map((entry) => entry.name)) }];
  }
  const own = Object.hasOwn(scenarioOfTool, tool.name) ? toolScenarios[scenarioOfTool[tool.name]!] : toolScenarios[scenario];
  const { input: proposed, lead = toolCallLead } = own;
  const hints = readInputHints(call.lastUserText);
  const input =
    proposed !== undefined
      ? fitToSchema(proposed(call.lastUserText), tool.inputSchema, tool.name, hints)
      : plausibleToolInput(tool.name, tool.inputSchema, hints);
  return [
    { type: 'text', text: lead(tool.name, input) },
    { type: 'tool-call', toolName: tool.name, input },
  ];
}

/**
 * The demo model's script. It keeps one piece of state: how often each failing prompt was
 * tried, so the "error" demo fails first and succeeds on Retry (and fails again after that).
 *
 * @example
 * ```ts
 * const model = scriptedModel(createDemoScript());
 * ```
 */
export function createDemoScript(): ScriptedRespond {
  const errorAttempts = new Map<string, number>();

  return (call) => {
    if (isSummaryRequest(call.prompt)) return demoSummary(call);
    if (isFollowUpRequest(call.prompt)) return demoFollowUps(detectScenario(lastAskedIn(call)));
    const research = demoResearchReply(call);
    if (research) return research;
    const results = trailingToolResults(call.prompt);
    if (results.length > 0) {
      const preview = detectScenario(call.lastUserText) === 'preview' ? previewFollowUp(results, call) : undefined;
      return planFollowUp(results, call) ?? workspaceFollowUp(results, call) ?? preview ?? summarizeToolResults(results, call.lastUserText);
    }
    const files = demoFilesReply(call);
    if (files) return files;
    const scenario = detectScenario(call.lastUserText);
    switch (scenario) {
      case 'error': {
        // Keyed by the message's position too, so the same words sent later fail again.
        const userMessages = call.prompt.filter((message) => message.role === 'user').length;
        const key = `${userMessages}:${call.lastUserText.trim().toLowerCase()}`;
        const attempt = (errorAttempts.get(key) ?? 0) + 1;
        errorAttempts.set(key, attempt);
        if (attempt % 2 === 0) return errorRecoveredReply;
        const error = Object.assign(new Error(errorMessage), { name: 'DemoNetworkError', isRetryable: true });
        return [{ type: 'text', text: errorPrelude }, { type: 'error', error }];
      }
      case 'reasoning': {
        const sky = /\bsky\b/i.test(call.lastUserText);
        return [
          { type: 'reasoning', text: reasoningPrelude(call.lastUserText.trim()) },
          { type: 'text', text: reasoningAnswer(sky) },
          // The sky's answer cites where it comes from, as a model with search would.
          ...(sky ? skySources : []),
        ];
      }
      case 'markdown':
        return markdownReply;
      case 'long':
        return longStoryReply;
      case 'intro':
        return introReply;
      case 'steps':
        return planFirstStep(call);
      case 'edit-file':
        return workspaceFirstStep(call) ?? toolStep('write-file', call);
      case 'preview':
        return previewFirstStep(call) ?? [{ type: 'text', text: noToolsReply('build a page and preview it (I need write_file, edit_file, open_preview and preview_logs)', call.tools.filter((entry) => entry.type === 'function').map((entry) => entry.name)) }];
      default:
        return toolStep(scenario, call);
    }
  };
}
