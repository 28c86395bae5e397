import { memo } from 'react';
import type { Message, MessagePart, NoticePart, ReasoningPart } from '../../core/index';
import { Markdown } from '../markdown/index';
import { CopyMessageAction } from './copy-message-action';
import { EditMessageAction } from './edit-message-action';
import { RegenerateAction } from './regenerate-action';
import { RollbackAction } from './rollback-action';
import type { MessageComponentProps } from '../thread/message-list';
import { ToolCallChip } from './tool-call-chip';
import { VisibleText } from '../visible-text/visible-text';

/**
 * The kit's styled message: markdown text, collapsible reasoning, tool calls and notices. User
 * messages offer "Edit" (`EditMessageAction`) and, with a sandbox, "Roll back to here"
 * (`RollbackAction`); every finished reply offers "Copy" (`CopyMessageAction`), the last one
 * "Regenerate" (`RegenerateAction`).
 * Streaming messages are `aria-busy`, so screen readers read the reply once it is complete
 * instead of token by token.
 *
 * @example
 * ```tsx
 * <MessageList messageComponent={MessageView} />
 * ```
 */
export const MessageView = /* @__PURE__ */ memo(function MessageView({ message }: MessageComponentProps) {
  const streaming = message.status === 'streaming';
  const isEmpty = message.parts.length === 0;
  // A reply that failed before it said anything has nothing to show: the error notice below the
  // thread says what happened and offers Retry.
  if (message.role === 'assistant' && isEmpty && message.status === 'error') return null;
  return (
    <article
      className="rak-message"
      data-role={message.role}
      data-status={message.status}
      aria-busy={streaming}
      aria-label={message.role === 'user' ? 'You' : 'Assistant'}
    >
      <div className="rak-message-body">
        {message.parts.map((part) => (
          <PartView key={partKey(part)} part={part} streaming={streaming} />
        ))}
        {streaming && isEmpty && <TypingIndicator />}
        {message.status === 'stopped' && <p className="rak-message-meta">Stopped</p>}
      </div>
      {message.role === 'user' && (
        <div className="rak-message-actions">
          <EditMessageAction messageId={message.id} text={textOf(message)} />
          {message.checkpointId !== undefined && <RollbackAction messageId={message.id} />}
        </div>
      )}
      {message.role === 'assistant' && message.status !== 'streaming' && (
        <div className="rak-message-actions" data-align="start">
          <CopyMessageAction text={textOf(message)} />
          <RegenerateAction messageId={message.id} />
        </div>
      )}
    </article>
  );
});

function PartView({ part, streaming }: { part: MessagePart; streaming: boolean }) {
  switch (part.type) {
    case 'text':
      return <Markdown text={part.text} streaming={streaming && part.status === 'streaming'} />;
    case 'reasoning':
      return <ReasoningView part={part} />;
    case 'tool-call':
      return <ToolCallChip toolCallId={part.toolCallId} />;
    case 'notice':
      return <NoticeView notice={part} />;
  }
}

function ReasoningView({ part }: { part: ReasoningPart }) {
  const thinking = part.status === 'streaming';
  return (
    <details className="rak-reasoning" data-status={part.status}>
      <summary>{thinking ? 'Thinking…' : 'Reasoning'}</summary>
      <div className="rak-reasoning-text">
        <VisibleText text={part.text} mode="prose" />
      </div>
    </details>
  );
}

function NoticeView({ notice }: { notice: NoticePart }) {
  return (
    <p className="rak-notice" data-level={notice.level} data-code={notice.code} role={notice.level === 'error' ? 'alert' : undefined}>
      <VisibleText text={notice.text} mode="prose" />
    </p>
  );
}

function TypingIndicator() {
  return (
    <span className="rak-typing" role="status" aria-label="Assistant is responding">
      <span />
      <span />
      <span />
    </span>
  );
}

function textOf(message: Message): string {
  return message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function partKey(part: MessagePart): string {
  return part.type === 'tool-call' ? part.toolCallId : part.id;
}

export type { Message };
