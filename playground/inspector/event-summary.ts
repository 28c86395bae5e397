import type { AgentEvent, Message } from 'react-agent-kit';

/** At most `length` characters of `text` on one line, with line breaks shown as ⏎. */
export function clip(text: string, length = 48): string {
  const oneLine = text.replace(/\r?\n/g, '⏎');
  return oneLine.length > length ? `${oneLine.slice(0, length - 1)}…` : oneLine;
}

const quoted = (text: string) => `“${clip(text)}”`;

function messageText(message: Message): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

/**
 * One short line that says what an event did, for the event log ("user message: “Hi”",
 * "call_1 → running (runtime)"). The event's type is shown beside it, so it is not repeated.
 *
 * @example
 * summarizeEvent({ type: 'text-delta', messageId: 'm1', partId: 'p1', delta: 'Hello' }); // '“Hello”'
 */
export function summarizeEvent(event: AgentEvent): string {
  switch (event.type) {
    case 'run-start':
    case 'run-resume':
      return event.runId;
    case 'run-finish':
      return event.error ? `${event.status}: ${clip(event.error.message)}` : event.status;
    case 'message-add': {
      const text = messageText(event.message);
      return text ? `${event.message.role}: ${quoted(text)}` : `${event.message.role} ${event.message.id}`;
    }
    case 'message-finish':
      return `${event.messageId} ${event.status}`;
    case 'source-add':
      return `${event.messageId} ${event.source.url ?? event.source.title ?? event.source.sourceId}`;
    case 'message-first-token':
      return event.messageId;
    case 'message-feedback':
      return `${event.messageId} ${event.feedback?.rating ?? 'cleared'}`;
    case 'message-remove':
      return event.messageId;
    case 'messages-truncate':
      return `from ${event.messageId}`;
    case 'step-start':
      return `step ${event.step}`;
    case 'step-finish':
      return `step ${event.step}: ${event.usage.totalTokens.toLocaleString('en-US')} tokens`;
    case 'text-start':
    case 'text-end':
    case 'reasoning-start':
    case 'reasoning-end':
    case 'reasoning-metadata':
      return `${event.messageId} / ${event.partId}`;
    case 'text-delta':
    case 'reasoning-delta':
    case 'tool-call-input-delta':
      return quoted(event.delta);
    case 'notice-add':
      return `${event.notice.level}: ${clip(event.notice.text)}`;
    case 'tool-call-start':
      return `${event.name} (${event.toolCallId})`;
    case 'tool-call-update':
      return `${event.toolCallId} → ${event.state} (${event.by})${event.error ? `: ${clip(event.error)}` : ''}`;
    case 'tool-always-allow':
      return event.name;
    case 'tool-call-sub-agent':
      return `${event.toolCallId}: sub-agent ${event.subAgent.status}, ${event.subAgent.messages.length} messages, ${event.subAgent.toolCalls.length} tool calls`;
    case 'tool-call-progress':
      return `${event.toolCallId}: ${clip(JSON.stringify(event.progress) ?? 'undefined')}`;
    case 'error-clear':
      return '';
    case 'compaction-add':
      return `${event.compaction.messageCount} messages summarized (${event.compaction.trigger})`;
    case 'usage-add':
      return `${event.usage.totalTokens} tokens (${event.purpose})`;
    case 'todos-update':
      return `${event.todos.filter((item) => item.status === 'completed').length} of ${event.todos.length} done`;
    case 'state-restore':
    case 'messages-replace': {
      const { messages, toolCalls } = event.type === 'state-restore' ? event.state : event;
      return `${messages.length} messages, ${toolCalls.length} tool calls`;
    }
    case 'remote-state-update':
      return clip(JSON.stringify(event.state) ?? 'undefined');
    case 'branch-fork':
      return `from ${event.messageId}`;
    case 'branch-switch':
      return `to ${event.messageId}`;
    case 'queue-add':
      return `${event.message.id}${event.first ? ' (first)' : ''}: ${clip(event.message.text)}`;
    case 'queue-update':
      return `${event.id}: ${clip(event.text)}`;
    case 'queue-remove':
      return event.id;
    default: {
      const unknown: never = event;
      return JSON.stringify(unknown);
    }
  }
}
