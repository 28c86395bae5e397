import { Suspense } from 'react';
import type { MessagePart, NoticePart, ReasoningPart } from '../../core/index';
import { useToolCall } from '../../react/index';
import { Markdown } from '../markdown/index';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';
import { lazyPart } from '../lazy-part';

/**
 * The tool card's code (its details, durations, states, sub-agent steps, MCP App slot, the app's
 * renderers) loads with the first tool call shown, or earlier with `toolCallChipPart.preload()`
 * (`AgentChat` preloads it when the page is idle): a chat that only talks ships none of it up front.
 */
export const toolCallChipPart = lazyPart(() => import('./tool-call-chip').then((module) => module.ToolCallChip));

/** Props of {@link MessagePartView}. */
export interface MessagePartViewProps {
  part: MessagePart;
  /** The message is still streaming (its open text part hides unclosed markers). Default `false`. */
  streaming?: boolean;
  /** Extra class names for the part's root, after the kit's. */
  className?: string;
}

/**
 * One part of a message as the kit shows it: text as markdown, reasoning as a collapsible
 * block, a tool call as its card (`ToolCallChip`, with the app's tool renderers), a notice as a
 * line of text. For a message component of an app's own: lay out the message as you like and
 * render its parts with this.
 *
 * @example
 * ```tsx
 * function MyMessage({ message }: MessageComponentProps) {
 *   return (
 *     <div className="my-bubble" data-role={message.role}>
 *       {message.parts.map((part) => (
 *         <MessagePartView key={part.type === 'tool-call' ? part.toolCallId : part.id} part={part} streaming={message.status === 'streaming'} />
 *       ))}
 *     </div>
 *   );
 * }
 * ```
 */
export function MessagePartView({ part, streaming = false, className }: MessagePartViewProps) {
  switch (part.type) {
    case 'text':
      return <Markdown text={part.text} streaming={streaming && part.status === 'streaming'} className={className} />;
    case 'reasoning':
      return <ReasoningView part={part} className={className} />;
    case 'tool-call':
      return (
        <Suspense fallback={<ToolCallPlaceholder toolCallId={part.toolCallId} className={className} />}>
          <toolCallChipPart.Component toolCallId={part.toolCallId} className={className} />
        </Suspense>
      );
    case 'notice':
      return <NoticeView notice={part} className={className} />;
    case 'file':
      // A message's files show together, above its text (`MessageAttachments`).
      return null;
    case 'source':
      // A reply's sources show together, under it (`SourceList`).
      return null;
  }
}

/**
 * The card's head (icon and tool name, with the call's state) while the card's code loads: a
 * conversation opened before the page was idle shows its calls at once, in their place.
 */
function ToolCallPlaceholder({ toolCallId, className }: { toolCallId: string; className: string | undefined }) {
  const call = useToolCall(toolCallId);
  if (!call) return null;
  return (
    <div className={['rak-tool-chip', className].filter(Boolean).join(' ')} data-state={call.state} data-tool-call-id={call.id} aria-busy="true">
      <div className="rak-tool-chip-head">
        <span className="rak-tool-chip-toggle">
          <span className="rak-tool-icon rak-tool-chip-icon" aria-hidden="true" />
          <code className="rak-tool-chip-name">
            <VisibleText text={call.name} />
          </code>
        </span>
      </div>
    </div>
  );
}

function ReasoningView({ part, className }: { part: ReasoningPart; className: string | undefined }) {
  const thinking = part.status === 'streaming';
  const strings = useStrings();
  return (
    <details className={['rak-reasoning', className].filter(Boolean).join(' ')} data-status={part.status}>
      <summary>{thinking ? strings.thread.thinking : strings.thread.reasoning}</summary>
      <div className="rak-reasoning-text">
        <VisibleText text={part.text} mode="prose" />
      </div>
    </details>
  );
}

function NoticeView({ notice, className }: { notice: NoticePart; className: string | undefined }) {
  return (
    <p className={['rak-notice', className].filter(Boolean).join(' ')} data-level={notice.level} data-code={notice.code} role={notice.level === 'error' ? 'alert' : undefined}>
      <VisibleText text={notice.text} mode="prose" />
    </p>
  );
}

