import { memo, Suspense } from 'react';
import { useBranches } from '../../react/index';
import type { FilePart, Message, MessagePart } from '../../core/index';
import { CopyMessageAction } from './copy-message-action';
import { EditMessageAction } from './edit-message-action';
import { MessagePartView } from './message-part';
import { lazyPart } from '../lazy-part';
import { useStrings } from '../strings/strings-context';
import { useMessageFeatures } from './message-features';
import { RegenerateAction } from './regenerate-action';
import { RollbackAction } from './rollback-action';
import { ReadAloudSlot } from '../voice/read-aloud-slot';
import type { MessageComponentProps } from '../thread/message-list';

/**
 * The kit's styled message: markdown text, collapsible reasoning, tool calls and notices, and a
 * user's attached files above the text (thumbnails for images, chips for other files). User
 * messages offer "Edit" (`EditMessageAction`) and, with a sandbox, "Roll back to here"
 * (`RollbackAction`); every finished reply offers "Copy" (`CopyMessageAction`), the last one
 * "Regenerate" (`RegenerateAction`). A message with other versions (an edit, a regeneration) shows
 * the `BranchPicker` (‹ 2 / 3 ›).
 * Streaming messages are `aria-busy`, so screen readers read the reply once it is complete
 * instead of token by token.
 *
 * @example
 * ```tsx
 * <MessageList messageComponent={MessageView} />
 * ```
 */
export const MessageView = /* @__PURE__ */ memo(function MessageView({ message, className }: MessageComponentProps & { className?: string }) {
  const streaming = message.status === 'streaming';
  const strings = useStrings();
  const features = useMessageFeatures();
  const isEmpty = message.parts.length === 0;
  const files = filesOf(message);
  // A reply that failed before it said anything has nothing to show: the error notice below the
  // thread says what happened and offers Retry.
  if (message.role === 'assistant' && isEmpty && message.status === 'error') return null;
  return (
    <article
      className={className ? `rak-message ${className}` : 'rak-message'}
      data-role={message.role}
      data-status={message.status}
      aria-busy={streaming}
      aria-label={message.role === 'user' ? strings.thread.you : strings.thread.assistant}
    >
      <div className="rak-message-body">
        {files.length > 0 && (
          <Suspense fallback={null}>
            <messageAttachmentsPart.Component files={files} />
          </Suspense>
        )}
        {message.parts.map((part) => (
          <MessagePartView key={partKey(part)} part={part} streaming={streaming} />
        ))}
        {streaming && isEmpty && <TypingIndicator label={strings.thread.responding} />}
        {message.status === 'stopped' && <p className="rak-message-meta">{strings.thread.stopped}</p>}
      </div>
      {message.role === 'user' && (
        <div className="rak-message-actions">
          <Versions messageId={message.id} />
          <EditMessageAction messageId={message.id} text={textOf(message)} />
          {message.checkpointId !== undefined && <RollbackAction messageId={message.id} />}
        </div>
      )}
      {message.role === 'assistant' && message.status !== 'streaming' && (
        <div className="rak-message-actions" data-align="start">
          <Versions messageId={message.id} />
          <CopyMessageAction text={textOf(message)} />
          <ReadAloudSlot text={textOf(message)} />
          <RegenerateAction messageId={message.id} />
          {features.onFeedback !== undefined && message.status === 'done' && textOf(message).trim() !== '' && (
            <Suspense fallback={null}>
              <feedbackActionsPart.Component message={message} onFeedback={features.onFeedback} />
            </Suspense>
          )}
        </div>
      )}
      {message.role === 'assistant' && message.status !== 'streaming' && ((features.timing && message.timing !== undefined) || (features.sources !== false && message.parts.some(isSource))) && (
        <Suspense fallback={null}>
          <replyDetailsPart.Component message={message} sources={features.sources} timing={features.timing === true} />
        </Suspense>
      )}
    </article>
  );
});

const noFiles: FilePart[] = [];

// Thumbs up and down (`onFeedback`): loaded with the first reply that offers them.
export const feedbackActionsPart = lazyPart(() => import('../feedback/feedback-actions').then((module) => module.FeedbackActions));

// A reply's sources and timing line: loaded with the first reply that shows either.
export const replyDetailsPart = lazyPart(() => import('./reply-details').then((module) => module.ReplyDetails));
const isSource = (part: MessagePart) => part.type === 'source';

// The ‹ 2 / 3 › picker: loaded with the first message that has other versions.
export const branchPickerPart = lazyPart(() => import('./branch-picker').then((module) => module.BranchPicker));

/** The picker of a message with other versions (edits, regenerations); nothing for the others. */
function Versions({ messageId }: { messageId: string }) {
  if (useBranches(messageId) === undefined) return null;
  return (
    <Suspense fallback={null}>
      <branchPickerPart.Component messageId={messageId} />
    </Suspense>
  );
}

// Thumbnails and chips of a user's attached files: loaded with the first message that has some.
export const messageAttachmentsPart = lazyPart(() => import('../attachments/message-attachments').then((module) => module.MessageAttachments));

function filesOf(message: Message): FilePart[] {
  if (!message.parts.some((part) => part.type === 'file')) return noFiles;
  return message.parts.filter((part) => part.type === 'file');
}

function TypingIndicator({ label }: { label: string }) {
  return (
    <span className="rak-typing" role="status" aria-label={label}>
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
