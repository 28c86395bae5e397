import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { SessionStorage, SessionSummary } from '../../core/index';
import { useAgentSession, useSessions } from '../../react/index';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/** What the list says (one place, for the strings set to come). */
/** Props of {@link SessionList}. */
export interface SessionListProps {
  storage: SessionStorage;
  /** The session on screen; marked `aria-current`. */
  activeId: string | undefined;
  onSelect: (id: string) => void;
  /** Called with a fresh id by "New chat"; create an agent with it. Without it, no "New chat" button. */
  onCreate?: (id: string) => void;
  /** Called after a session was deleted (switch away when it was the active one). */
  onDeleted?: (id: string) => void;
  /**
   * The level of the list's heading ("Conversations"), which also names its navigation landmark:
   * one below the heading of the part of the page it sits in, so the outline skips no level.
   * Default 2 (under the page's `h1`).
   */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/**
 * The sessions of a storage, most recent first, under a "Conversations" heading (`headingLevel`): select one; rename or delete (after a
 * confirmation) the active one; start a new one. Inside an `AgentProvider` whose agent has a session, the list
 * refreshes when that session saves (new titles, message counts).
 *
 * @example
 * ```tsx
 * <SessionList storage={storage} activeId={sessionId} onSelect={setSessionId} onCreate={setSessionId} />
 * ```
 */
export function SessionList({ storage, activeId, onSelect, onCreate, onDeleted, headingLevel = 2, className }: SessionListProps) {
  const words = useStrings().sessions;
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const { sessions, status, error, create, rename, remove, refresh } = useSessions(storage);
  const saved = useAgentSession()?.status === 'saved';
  useEffect(() => {
    if (saved) void refresh();
  }, [saved, refresh]);
  return (
    <nav className={['rak-root', 'rak-session-list', className].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <Heading id={headingId} className="rak-session-list-title">
        {words.title}
      </Heading>
      {onCreate && (
        <button type="button" className="rak-button rak-session-new" onClick={() => onCreate(create())}>
          {words.newChat}
        </button>
      )}
      {status === 'error' && (
        <p className="rak-message-action-error" role="alert">
          {words.listFailed(error?.message ?? '')}
        </p>
      )}
      <ul className="rak-session-items">
        {sessions.map((session) => (
          <SessionItem
            key={session.id}
            session={session}
            active={session.id === activeId}
            onSelect={() => onSelect(session.id)}
            onRename={(title) => rename(session.id, title)}
            onDelete={async () => {
              await remove(session.id);
              onDeleted?.(session.id);
            }}
          />
        ))}
      </ul>
    </nav>
  );
}

function SessionItem({ session, active, onSelect, onRename, onDelete }: { session: SessionSummary; active: boolean; onSelect: () => void; onRename: (title: string) => Promise<void>; onDelete: () => Promise<void> }) {
  const words = useStrings().sessions;
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [title, setTitle] = useState(session.title);
  const [failure, setFailure] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (mode === 'rename') inputRef.current?.select();
  }, [mode]);
  const attempt = (action: () => Promise<void>) =>
    action().then(
      () => setMode('view'),
      (error: unknown) => setFailure(error instanceof Error ? error.message : String(error)),
    );
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (title.trim() !== '') void attempt(() => onRename(title.trim()));
  };

  return (
    <li className="rak-session-item" data-active={active || undefined}>
      {mode === 'rename' ? (
        <form className="rak-session-rename" onSubmit={submitRename} onKeyDown={(event) => event.key === 'Escape' && setMode('view')}>
          <input ref={inputRef} aria-label={words.newTitle} value={title} onChange={(event) => setTitle(event.target.value)} />
          <button type="submit" className="rak-button rak-button-small">
            {words.save}
          </button>
        </form>
      ) : (
        <button type="button" className="rak-session-select" aria-current={active ? 'page' : undefined} onClick={onSelect}>
          <span className="rak-session-title">
            <VisibleText text={session.title} mode="prose" />
          </span>
          <span className="rak-session-meta">
            {words.messageCount(session.messageCount)}
          </span>
        </button>
      )}
      {mode === 'delete' ? (
        <div className="rak-session-confirm" role="group" aria-label={words.deleteQuestionLabel(escapeInvisible(session.title, 'prose'))}>
          <span>{words.deleteQuestion}</span>
          <button type="button" className="rak-button rak-button-small" onClick={() => setMode('view')}>
            {words.cancel}
          </button>
          <button type="button" className="rak-button rak-button-small rak-button-danger" onClick={() => void attempt(onDelete)}>
            {words.delete}
          </button>
        </div>
      ) : (
        mode === 'view' &&
        active && (
          <span className="rak-session-actions">
            <button type="button" className="rak-message-action" aria-label={words.renameLabel(escapeInvisible(session.title, 'prose'))} onClick={() => (setTitle(session.title), setMode('rename'))}>
              {words.rename}
            </button>
            <button type="button" className="rak-message-action" aria-label={words.deleteLabel(escapeInvisible(session.title, 'prose'))} onClick={() => setMode('delete')}>
              {words.delete}
            </button>
          </span>
        )
      )}
      {failure && (
        <p className="rak-message-action-error" role="alert">
          {failure}
        </p>
      )}
    </li>
  );
}
