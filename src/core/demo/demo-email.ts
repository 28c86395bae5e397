/**
 * The "send an email" demo: an approval in action. The demo drafts an email from the user's
 * words and calls `send_email`; the person approves, edits the arguments or denies with a
 * reason, and the next step says what happened, quoting the arguments that actually ran.
 */
import { field, readToolOutcome, type DemoToolResult } from './demo-tool-outcome';

/** The arguments the demo proposes for `send_email`. */
export interface DemoEmail {
  to: string;
  subject: string;
  body: string;
}

// Words that follow "to", "email", ... but are not a name ("Email Ada" vs "Send an email").
const notNames = new Set(['a', 'an', 'the', 'my', 'our', 'me', 'us', 'him', 'her', 'them', 'email', 'e-mail', 'mail', 'message', 'note', 'about']);

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function recipientOf(userText: string): { address: string; name: string } {
  const address = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(userText)?.[0];
  if (address !== undefined) return { address, name: capitalize(address.split('@')[0]!.split(/[._+-]/)[0]!) };
  // The name sits in a lookahead, so "email to Ada" tries "to" and then "Ada".
  for (const match of userText.matchAll(/\b(?:to|e-?mail|mail|send|message|tell)\s+(?=(\p{L}+))/giu)) {
    const word = match[1]!;
    if (/^\p{Lu}/u.test(word) && !notNames.has(word.toLowerCase())) return { address: `${word.toLowerCase()}@example.com`, name: word };
  }
  return { address: 'ada@example.com', name: 'Ada' };
}

function topicOf(userText: string): string {
  const match = /\babout\s+(?:the\s+|our\s+|my\s+)?([^.,;!?\n]+)/i.exec(userText);
  const words = (match?.[1] ?? 'launch').trim().split(/\s+/).slice(0, 6);
  return words.join(' ');
}

/**
 * The email the demo drafts for a request like "Send an email to Ada about the launch".
 * Deterministic: the same words always give the same draft.
 *
 * @example
 * ```ts
 * demoEmailInput('Send an email to Ada about the launch');
 * // { to: 'ada@example.com', subject: 'Launch update', body: 'Hi Ada, ...' }
 * ```
 */
export function demoEmailInput(userText: string): DemoEmail {
  const { address, name } = recipientOf(userText);
  const topic = topicOf(userText);
  const subject = topic.includes(' ') ? capitalize(topic) : `${capitalize(topic)} update`;
  const body = [
    `Hi ${name},`,
    '',
    `A quick update about the ${topic}: everything is on track, and I will share the details soon.`,
    '',
    'Best regards,',
    'The react-agent-kit demo agent',
  ].join('\n');
  return { to: address, subject, body };
}

const emailFields = ['to', 'subject', 'body'] as const;
const fieldNames: Record<(typeof emailFields)[number], string> = { to: 'recipient', subject: 'subject', body: 'body' };

function readEmail(value: unknown): Partial<DemoEmail> {
  const email: Partial<DemoEmail> = {};
  for (const name of emailFields) {
    const entry = field(value, name);
    if (typeof entry === 'string') email[name] = entry;
  }
  return email;
}

function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

function quote(text: string): string {
  return `> ${text.split('\n').join('\n> ')}`;
}

/**
 * What the demo says after `send_email` ran, was denied or failed. The arguments come from the
 * call in the prompt, which carries the person's edits; comparing them with the draft the demo
 * would write for the same words shows what was edited.
 *
 * @example
 * ```ts
 * summarizeEmailResult({ toolName: 'send_email', input, output: { type: 'json', value: { sent: true } } }, userText);
 * ```
 */
export function summarizeEmailResult(result: DemoToolResult, userText: string): string {
  const outcome = readToolOutcome(result.output);
  const sent = { ...readEmail(outcome.kind === 'success' ? outcome.value : undefined), ...readEmail(result.input) };
  const recipient = sent.to !== undefined ? ` to ${sent.to}` : '';
  switch (outcome.kind) {
    case 'denied':
      if (outcome.by === 'policy') return `The agent's permission policy does not allow \`${result.toolName}\`, so the email${recipient} was not sent.`;
      return [
        `Understood: I did not send the email${recipient}.${outcome.reason !== undefined ? ` Your reason: "${outcome.reason}".` : ''}`,
        outcome.reason !== undefined
          ? 'Your reason reached me with the result, so a real model would rework the draft accordingly. Tell me what to change and ask again.'
          : 'Nothing left your outbox. Tell me what to change, or ask again to see the draft.',
      ].join('\n\n');
    case 'error':
      return `Sending the email${recipient} failed: ${outcome.message}\n\nNothing was sent. Failures come back to me as results, so we can try again.`;
    case 'success':
      break;
  }
  const draft = demoEmailInput(userText);
  const edited = emailFields.filter((name) => sent[name] !== undefined && sent[name] !== draft[name]).map((name) => fieldNames[name]);
  const id = field(outcome.value, 'id');
  return [
    `Done: the email was sent${recipient}.`,
    edited.length > 0 ? `You edited the ${listWords(edited)} before approving, so this is your version, exactly as it ran:` : 'This is exactly what ran, as you approved it:',
    [
      sent.to !== undefined ? `**To:** ${sent.to}  ` : undefined,
      sent.subject !== undefined ? `**Subject:** ${sent.subject}` : undefined,
    ]
      .filter((line) => line !== undefined)
      .join('\n'),
    sent.body !== undefined ? quote(sent.body) : undefined,
    typeof id === 'string' ? `Message id: \`${id}\`` : undefined,
  ]
    .filter((part) => part !== undefined && part !== '')
    .join('\n\n');
}
