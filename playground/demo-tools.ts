import { defineAgentTool, defineTool } from 'react-agent-kit';

const conditions = ['sunny', 'partly cloudy', 'light rain', 'overcast', 'clear skies', 'windy'];

/** A deterministic stand-in for a weather API, so the demo shows a tool round trip offline. */
export const getWeather = defineTool({
  name: 'get_weather',
  description: 'Current weather for a city.',
  inputSchema: {
    type: 'object',
    properties: { city: { type: 'string', description: 'City name, e.g. "Paris"' } },
    required: ['city'],
  },
  readOnly: true,
  category: 'web',
  async *execute({ city }: { city: string }) {
    yield { status: `Looking up ${city}…` };
    await new Promise((resolve) => setTimeout(resolve, 600));
    const seed = [...city.toLowerCase()].reduce((sum, character) => sum + character.charCodeAt(0), 0);
    yield { city, temperatureCelsius: 8 + (seed % 20), conditions: conditions[seed % conditions.length], source: 'demo data' };
  },
});

/** The browser's clock: a tool that really runs in the page. */
export const getTime = defineTool({
  name: 'get_time',
  description: "The current date and time in the user's time zone.",
  inputSchema: { type: 'object', properties: {} },
  readOnly: true,
  execute: () => ({
    iso: new Date().toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    local: new Date().toLocaleString(),
  }),
});

/** Waits like a slow API would, and stops waiting when the call is aborted (Stop, a time limit). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** FNV-1a: a short, stable id for the same text (no Math.random, so runs repeat exactly). */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * A stand-in for an email API: it always asks for approval, so the playground shows approve,
 * approve with edited arguments, and deny with a reason. Nothing leaves the browser.
 */
export const sendEmail = defineTool({
  name: 'send_email',
  description: 'Sends an email. Asks the user for approval before sending.',
  inputSchema: {
    type: 'object',
    properties: {
      to: { type: 'string', description: 'The recipient address, e.g. "ada@example.com"' },
      subject: { type: 'string', description: 'The subject line' },
      body: { type: 'string', description: 'The message, plain text' },
    },
    required: ['to', 'subject', 'body'],
    additionalProperties: false,
  },
  needsApproval: true,
  summarize: ({ to, subject }) => `Send an email to ${to}: ${subject}`,
  category: 'email',
  async execute({ to, subject, body }, { signal }) {
    await pause(400, signal);
    return { sent: true, to, subject, id: `msg_${hashText(`${to}\n${subject}\n${body}`)}` };
  },
});

const tableSizes = { sessions: 1284, logs: 9630 } as const;

/**
 * A stand-in for a database cleanup whose approval depends on its arguments: deleting records
 * newer than 90 days asks first, older ones run straight away.
 */
export const deleteRecords = defineTool({
  name: 'delete_records',
  description: 'Deletes the records of a table that are older than a number of days. Deleting records newer than 90 days asks the user first.',
  inputSchema: {
    type: 'object',
    properties: {
      table: { type: 'string', enum: ['sessions', 'logs'], description: 'The table to clean up' },
      olderThanDays: { type: 'integer', minimum: 1, description: 'Delete records older than this many days' },
    },
    required: ['table', 'olderThanDays'],
    additionalProperties: false,
  },
  needsApproval: (input) => input.olderThanDays < 90,
  summarize: ({ table, olderThanDays }) => `Delete the ${table} records older than ${olderThanDays} ${olderThanDays === 1 ? 'day' : 'days'}`,
  category: 'data',
  async execute({ table, olderThanDays }, { signal }) {
    await pause(500, signal);
    // Fewer records are old enough the further back the cut-off is; the same input always deletes the same count.
    const deleted = Math.floor((tableSizes[table] * 30) / (olderThanDays + 30));
    return { table, olderThanDays, deleted };
  },
});

/**
 * A sub-agent: a helper that researches the workspace on its own (the demo model plays it too) and
 * reports back. It shares the workspace, so its write asks for approval in this chat's dialog.
 */
export const researchHelper = defineAgentTool({
  name: 'research_helper',
  description: 'Researches a question in the workspace on its own (listing, reading, writing notes) and reports back in a few sentences. Give it the whole task: it does not see this conversation.',
  instructions: 'You are a research helper. Do the task with the file tools, then answer in two sentences.',
  sandbox: 'shared',
  limits: { maxSteps: 6 },
});
