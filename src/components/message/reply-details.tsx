import type { Message } from '../../core/index';
import { SourceList } from '../sources/source-list';
import type { SourceOptions } from '../sources/source-options';
import { ReplyTimingView } from './reply-timing-view';

/**
 * What shows under a finished reply's actions: its sources (unless `sources` is `false`) and, with
 * `timing`, its timing line. One lazy part of `MessageView`, loaded with the first reply that has
 * either.
 *
 * @example
 * ```tsx
 * <ReplyDetails message={message} sources={features.sources} timing={features.timing === true} />
 * ```
 */
export function ReplyDetails({ message, sources, timing }: { message: Message; sources: SourceOptions | false | undefined; timing: boolean }) {
  return (
    <>
      {sources !== false && <SourceList message={message} {...(sources !== undefined ? { options: sources } : {})} />}
      {timing && <ReplyTimingView message={message} />}
    </>
  );
}
