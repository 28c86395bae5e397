import { Suspense, useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import { defaultAttachmentOptions, type AttachmentOptions } from '../attachments/attachment-options';
import { useAttachments } from '../attachments/use-attachments';
import { useFileDrop } from '../attachments/use-file-drop';
import { useComposerDraftTarget } from './composer-draft';
import { useStrings } from '../strings/strings-context';
import { lazyPart } from '../lazy-part';
import type { DictationOptions } from '../voice/dictation-options';

// The chips of the files about to be sent: loaded when the first file is attached.
export const attachmentChipsPart = lazyPart(() => import('../attachments/attachment-chips').then((module) => module.AttachmentChips));
/** The microphone and its recognition and recording code: loaded only with `dictation`. */
export const dictationPart = lazyPart(() => import('../voice/composer-dictation').then((module) => module.ComposerDictation));
/** The messages waiting their turn: loaded with the first one. */
export const queuedMessagesPart = lazyPart(() => import('./queued-messages').then((module) => module.QueuedMessages));

export interface ComposerProps {
  placeholder?: string;
  autoFocus?: boolean;
  /**
   * Files people can send with a message: picked with the attach button, pasted, or dropped on
   * the composer; checked by type, size and count (see `AttachmentOptions`). On by default with
   * images, text files, PDF and JSON up to 5 MB, 5 per message; `false` turns them off.
   */
  attachments?: AttachmentOptions | false;
  /**
   * A microphone button that turns speech into text in the input: the browser's speech
   * recognition (words show as they come), or your `transcribe` (see `DictationOptions`). Escape
   * cancels. Hidden where neither can work. Default `false`.
   */
  dictation?: boolean | DictationOptions;
  className?: string;
}

const noAttachments: AttachmentOptions = { maxFiles: 0 };

/**
 * The message input: Enter sends, Shift+Enter adds a line, Escape stops a running reply.
 * Files can be attached with the attach button, by pasting, or by dropping them on it (see
 * `attachments`); they show as thumbnails or chips, each with a remove button, and go with the
 * message as `file` parts. A file that does not pass the checks is not attached and a message
 * says why. Sending is disabled for an empty message. While the agent works, a message sent waits
 * its turn (`whenBusy`, default `'queue'`): it shows as a chip above the input (edit, remove) and
 * is sent when the agent is done; a Stop button stands beside the send button while a reply
 * streams. Inside a `ComposerDraftProvider` (as in `AgentChat`), a rolled-back message's text is
 * put back here (before any draft).
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}><Composer placeholder="Ask anything" /></AgentProvider>
 * ```
 */
export function Composer({ placeholder, autoFocus = false, attachments: attachmentOptions = defaultAttachmentOptions, dictation, className }: ComposerProps) {
  const strings = useStrings();
  const attachmentText = strings.attachments;
  const agent = useAgentInstance();
  const status = useAgentSelector((state) => state.status);
  const [text, setText] = useState('');
  const attaching = attachmentOptions !== false;
  const attachments = useAttachments(attaching ? attachmentOptions : noAttachments);
  const pickerRef = useRef<HTMLInputElement>(null);
  const drop = useFileDrop(attaching ? attachments.add : undefined);
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusInput = useCallback(() => inputRef.current?.focus(), []);
  useComposerDraftTarget(
    useCallback((restored: string) => {
      setText((draft) => (draft.trim() === '' ? restored : `${restored}\n${draft}`));
      inputRef.current?.focus();
    }, []),
    focusInput,
  );
  // The Stop button goes away once the reply stops: focus moves to the input, not to the page.
  const stop = () => {
    focusInput();
    void agent.stop();
  };
  const running = status === 'running';
  const queued = useAgentSelector((state) => state.queue !== undefined);
  // While the agent works, a message waits its turn (unless the agent refuses: `whenBusy: 'reject'`).
  const busy = running || status === 'awaiting-people';
  const queues = busy && agent.whenBusy !== 'reject';
  const canSend = (text.trim() !== '' || attachments.items.length > 0) && (!busy || queues);
  const [queueNote, setQueueNote] = useState('');

  const submit = () => {
    if (!canSend) return;
    const value = text;
    const taken = attachments.take();
    setText('');
    setRefusal(null);
    const saveTo = attaching && taken.files.length > 0 ? attachmentOptions.saveTo : undefined;
    setQueueNote(queues ? strings.queue.queued(value) : '');
    // `send` settles when the run ends; only a refusal (busy, empty, a file it cannot read) needs handling here.
    agent.send(value, taken.files.length > 0 ? { files: taken.files, ...(saveTo !== undefined ? { saveTo } : {}) } : undefined).then(
      () => taken.settle(true),
      (error: unknown) => {
        // Taken out of the queue by the person: nothing to put back or to say.
        if ((error as { code?: string } | null)?.code === 'removed-from-queue') return taken.settle(true);
        setText(value);
        taken.settle(false);
        setRefusal(error instanceof Error ? error.message : String(error));
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && running && !event.nativeEvent.defaultPrevented) {
      // Escape already used (by dictation, which it cancels) does not also stop the run.
      event.preventDefault();
      stop();
    }
  };

  return (
    <form className={['rak-composer', className].filter(Boolean).join(' ')} onSubmit={onSubmit} data-status={status} data-dragging={drop.dragging || undefined} {...drop.handlers}>
      {attaching && (
        <>
          {attachments.items.length > 0 && (
            <Suspense fallback={null}>
              <attachmentChipsPart.Component
                items={attachments.items}
                onRemove={(id) => {
                  attachments.remove(id);
                  focusInput();
                }}
              />
            </Suspense>
          )}
          <button type="button" className="rak-composer-attach" aria-label={attachmentText.attach} title={attachmentText.attach} onClick={() => pickerRef.current?.click()}>
            <span className="rak-icon-attach" aria-hidden="true" />
          </button>
        </>
      )}
      <textarea
        ref={inputRef}
        className="rak-composer-input"
        value={text}
        rows={1}
        placeholder={placeholder ?? strings.chat.composerPlaceholder}
        aria-label={strings.chat.message}
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        onPaste={(event) => {
          const files = [...event.clipboardData.files];
          if (!attaching || files.length === 0) return;
          // Pasted files are attached; pasted text (no files) goes into the input as usual.
          event.preventDefault();
          attachments.add(files);
        }}
      />
      {dictation !== undefined && dictation !== false && (
        <Suspense fallback={null}>
          <dictationPart.Component setting={dictation} text={text} onText={setText} inputRef={inputRef} />
        </Suspense>
      )}
      {(!running || (queues && canSend)) && (
        <button type="submit" className="rak-composer-send" disabled={!canSend} aria-label={busy ? strings.queue.queueMessage : strings.chat.send}>
          <span className="rak-icon-send" aria-hidden="true" />
        </button>
      )}
      {running && (
        <button type="button" className="rak-composer-stop" onClick={stop} aria-label={strings.chat.stop}>
          <span className="rak-icon-stop" aria-hidden="true" />
        </button>
      )}
      {queued && (
        <Suspense fallback={null}>
          <queuedMessagesPart.Component onRemoved={() => setQueueNote(strings.queue.removed)} />
        </Suspense>
      )}
      <span className="rak-visually-hidden" aria-live="polite">
        {queueNote}
      </span>
      {refusal && (
        <p className="rak-composer-refusal" role="alert">
          {refusal}
        </p>
      )}
      {attaching && (
        <>
          <input
            ref={pickerRef}
            type="file"
            multiple
            hidden
            accept={(attachmentOptions.accept ?? defaultAttachmentOptions.accept).join(',')}
            data-testid="composer-file-input"
            onChange={(event) => {
              attachments.add([...(event.target.files ?? [])]);
              // The same file can be picked again after it was removed.
              event.target.value = '';
            }}
          />
          {/* One live region, there from the start: what was attached or removed, and why a file was not. */}
          <div className="rak-composer-attachment-notes" aria-live="polite">
            {attachments.problem !== null && <p className="rak-composer-attachment-problem">{attachments.problem}</p>}
            <span className="rak-visually-hidden">{attachments.announcement}</span>
          </div>
          {drop.dragging && (
            <p className="rak-composer-drop" aria-hidden="true">
              {attachmentText.dropHere}
            </p>
          )}
        </>
      )}
    </form>
  );
}
