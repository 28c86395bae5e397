import { useState, type KeyboardEvent } from 'react';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import { useStrings } from '../strings/strings-context';
import type { QueuedMessage } from '../../core/index';

/**
 * The messages sent while the agent works, waiting their turn above the composer (`state.queue`):
 * a chip each, in the order they will be sent, with Edit (the text becomes a field: Enter saves,
 * Escape cancels) and Remove. While the agent waits for a person, a note says the queue waits too.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}><QueuedMessages onRemoved={() => announce('Removed.')} /></AgentProvider>
 * ```
 */
export function QueuedMessages({ onRemoved }: { onRemoved?: () => void }) {
  const queue = useAgentSelector((state) => state.queue);
  const waitsForPeople = useAgentSelector((state) => state.status === 'awaiting-people');
  const strings = useStrings().queue;
  if (!queue?.length) return null;
  return (
    <div className="rak-queue">
      <ul className="rak-queue-list" aria-label={strings.label}>
        {queue.map((message) => (
          <QueuedChip key={message.id} message={message} onRemoved={onRemoved} />
        ))}
      </ul>
      {waitsForPeople && <p className="rak-queue-note">{strings.waitsForPeople}</p>}
    </div>
  );
}

function QueuedChip({ message, onRemoved }: { message: QueuedMessage; onRemoved: (() => void) | undefined }) {
  const agent = useAgentInstance();
  const strings = useStrings().queue;
  const [draft, setDraft] = useState<string | null>(null);
  // Sent or removed meanwhile (in another tab, say): the command says so, and the chip goes away with the state.
  const ignoreGone = () => {};
  const save = () => {
    if (draft !== null && draft.trim() !== '' && draft !== message.text) agent.editQueued(message.id, draft).catch(ignoreGone);
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      // The composer's Escape would stop the run.
      event.stopPropagation();
      setDraft(null);
    }
  };
  return (
    <li className="rak-queue-item" data-editing={draft !== null || undefined}>
      {draft === null ? (
        <>
          <span className="rak-queue-text" title={message.text}>
            {message.text}
          </span>
          <button type="button" className="rak-queue-button" aria-label={strings.edit(message.text)} onClick={() => setDraft(message.text)}>
            <span aria-hidden="true">✎</span>
          </button>
        </>
      ) : (
        <>
          <input className="rak-queue-input" aria-label={strings.editing} value={draft} autoFocus onChange={(event) => setDraft(event.target.value)} onKeyDown={onKeyDown} />
          <button type="button" className="rak-queue-button" onClick={save}>
            {strings.save}
          </button>
          <button type="button" className="rak-queue-button" onClick={() => setDraft(null)}>
            {strings.cancel}
          </button>
        </>
      )}
      <button type="button" className="rak-queue-button" aria-label={strings.remove(message.text)} onClick={() => void agent.removeQueued(message.id).then(onRemoved, ignoreGone)}>
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
