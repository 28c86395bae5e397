import { useEffect, useState } from 'react';
import type { ToolCall } from '../../core/index';
import { formatDuration } from './display-format';
import { isFinishedState } from './tool-call-state-badge';
import { useStrings } from '../strings/strings-context';

/** When a call started running and when it ended, read from its audit trail. */
export interface ToolCallTiming {
  startedAt: number;
  /** Undefined while the call still runs. */
  endedAt?: number;
}

/**
 * The running time of a call: from its first `running` entry in the audit trail to the first
 * final state after it. `null` for a call that never ran (denied, still waiting, a question).
 *
 * @example
 * ```ts
 * toolCallTiming(call); // { startedAt: 1700000000000, endedAt: 1700000000850 }
 * ```
 */
export function toolCallTiming(call: Pick<ToolCall, 'audit'>): ToolCallTiming | null {
  const start = call.audit.findIndex((entry) => entry.state === 'running');
  if (start === -1) return null;
  const end = call.audit.slice(start + 1).find((entry) => isFinishedState(entry.state));
  return end ? { startedAt: call.audit[start]!.at, endedAt: end.at } : { startedAt: call.audit[start]!.at };
}

/**
 * How long a call ran, or has been running: a clock that ticks once a second while the call
 * runs. Only this element re-renders on each tick, not the row or message around it.
 *
 * @example
 * ```tsx
 * <ToolCallDuration call={call} />
 * ```
 */
export function ToolCallDuration({ call, className = 'rak-tool-duration' }: { call: ToolCall; className?: string }) {
  const timing = toolCallTiming(call);
  const words = useStrings().toolCall;
  if (!timing) return null;
  if (timing.endedAt === undefined) {
    // A call that stopped without a final entry (a state restored from elsewhere) has no live clock.
    return isFinishedState(call.state) ? null : <LiveDuration since={timing.startedAt} className={className} title={words.runningFor} />;
  }
  const milliseconds = timing.endedAt - timing.startedAt;
  return (
    <time className={className} dateTime={isoDuration(milliseconds)} title={words.runningTime}>
      {formatDuration(milliseconds)}
    </time>
  );
}

function LiveDuration({ since, className, title }: { since: number; className: string; title: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const milliseconds = now - since;
  return (
    <time className={className} dateTime={isoDuration(milliseconds)} title={title} data-live="">
      {formatDuration(milliseconds, true)}
    </time>
  );
}

function isoDuration(milliseconds: number): string {
  return `PT${(Math.max(0, milliseconds) / 1000).toFixed(3)}S`;
}
