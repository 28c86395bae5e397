import { useEffect, useState } from 'react';
import type { Agent, FeedbackInput, Message } from 'react-agent-kit';
import type { HttpSessionStorage, SessionStorage } from 'react-agent-kit/sessions';
import { AgentChat, SessionList } from 'react-agent-kit/components';
import { playgroundToolRenderers } from './tool-renderers';
import { chatLanguageProps, LanguageSwitch, useChatLanguage } from './language-switch';
import { AgentProvider, useAgentInstance, useAgentSelector, useAgentSession, useBackendTools, type UseBackendToolsResult } from 'react-agent-kit/react';
import { ApprovalModeSwitch, useApprovalMode, type ApprovalMode } from './approval-mode';
import type { ConversationPlace } from './conversation-place';
import { ConversationsSwitch, newSessionId, usePlaygroundConversations, type ConversationsSwitchProps } from './conversations-switch';
import { describeChoice, loadModelChoice, saveModelChoice, type ModelChoice } from './model-choice';
import { ChatHeader, PanelToggles } from './layout/chat-header';
import { DockPanel } from './layout/dock-panel';
import { OpenWorkspaceOnChange, usePanels } from './layout/panels';
import { useOpenPreview } from './preview/playground-preview';
import { Sidebar } from './layout/sidebar';
import { useIsPhone, useSidebarMode } from './layout/use-sidebar-mode';
import { ModelSettings } from './model-settings';
import { agentUrl, usePlaygroundAgent } from './use-playground-agent';
import { exportConversation, importConversation, resetWorkspace } from './workspace';

type Theme = 'light' | 'dark' | 'auto';

const examples = [
  { label: 'What can you do?', prompt: 'Hi! What can you do?' },
  { label: 'Weather via a tool', prompt: "What's the weather in Paris?" },
  { label: 'Send an email (approval)', prompt: 'Send an email to Ada about the launch' },
  { label: 'A plan you can watch', prompt: 'Work through a multi-step task: prepare the launch' },
  { label: 'Edit a file, then roll back', prompt: 'Add a task to my todo list: try the workspace' },
  { label: 'Build a page, see it live', prompt: 'Build a small web page and preview it' },
  { label: 'Research with a helper', prompt: 'Research my workspace with a helper' },
  { label: 'A tool on the server', prompt: 'Look up the customer ada@example.com' },
  { label: 'Ask me questions', prompt: 'Help me plan a project — ask me questions' },
  { label: 'Show off markdown', prompt: 'Show me what markdown looks like' },
  { label: 'Think it through', prompt: 'Think step by step: how do agents use tools?' },
  { label: 'Clean up old records', prompt: 'Clean up records older than 30 days' },
  { label: 'A long story', prompt: 'Tell me a long story' },
  { label: 'Simulate an error', prompt: 'Simulate an error' },
];

// The kit's starter prompts in the empty chat: the first examples.
const starters = examples.slice(0, 4);
// The demo model answers the follow-up request offline; with a real provider it would cost a request per reply.
const demoSuggestions = { starters, followUps: 'model' } as const;
const otherSuggestions = { starters } as const;

/** Where a rating goes in an app (analytics, a review queue); here the console, and the Events panel shows the `message-feedback` event. */
function logFeedback(message: Message, feedback: FeedbackInput): void {
  console.info(`Feedback on ${message.id}: ${feedback.rating}${feedback.comment ? ` (${feedback.comment})` : ''}`);
}

/** The playground: the kit's drop-in chat, with its conversations, the demo model or a real one, and a sidebar to explore it. */
export function App() {
  const backend = useBackendTools(agentUrl);
  const [choice, setChoice] = useState(loadModelChoice);
  // Where the conversations are (the dev server, or this browser), and the one that is open.
  const conversations = usePlaygroundConversations();
  const { opened, sessionId, openSession: setSessionId } = conversations;
  // The agent starts once the server's catalog answered (or failed: the page's own tools still work)
  // and the conversations' storage is open.
  const [approvals, setApprovals] = useApprovalMode();
  const { agent, switching } = usePlaygroundAgent(sessionId, opened?.storage ?? null, choice, backend.tools, approvals, backend.status !== 'loading');
  const [settingsOpen, setSettingsOpen] = useState(false);
  const phone = useIsPhone();
  const { dock, choose: setDock, workspaceChanged, previewOpened, opensWorkspace } = usePanels(phone);
  // The agent's open_preview opens the Preview panel.
  useOpenPreview(agent?.sandbox, previewOpened);
  const { mode: sidebarMode } = useSidebarMode(dock !== null);
  const [menuOpen, setMenuOpen] = useState(false);
  // Back to a column (a wider window), the drawer is closed: it must not reopen by itself later.
  if (menuOpen && sidebarMode === 'column') setMenuOpen(false);
  const drawerOpen = sidebarMode === 'drawer' && menuOpen;
  // What is chosen in the drawer happens in the chat: close it to show that.
  const closingDrawer = <T,>(action: (value: T) => void) => (value: T) => {
    setMenuOpen(false);
    action(value);
  };
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('rak-theme') as Theme | null) ?? 'auto');
  useEffect(() => localStorage.setItem('rak-theme', theme), [theme]);
  const [chatLanguage, setChatLanguage] = useChatLanguage();

  if (!agent || !opened || sessionId === null) return <p className="pg-loading">Connecting to the playground server…</p>;
  return (
    <AgentProvider agent={agent}>
      {opensWorkspace && <OpenWorkspaceOnChange key={agentKey(agent)} onChange={workspaceChanged} />}
      <div className="pg-shell rak-root" data-theme={theme} data-sidebar={sidebarMode}>
        <Sidebar mode={sidebarMode} open={menuOpen} onClose={() => setMenuOpen(false)}>
          <div className="pg-brand">
            <span className="pg-logo" aria-hidden="true" />
            <div>
              <p className="pg-brand-name">react-agent-kit</p>
              <p className="pg-brand-sub">Playground</p>
            </div>
          </div>
          <SessionList
            className="pg-sessions"
            storage={opened.storage}
            activeId={sessionId}
            onSelect={closingDrawer(setSessionId)}
            onCreate={closingDrawer(setSessionId)}
            onDeleted={(id) => id === sessionId && setSessionId(newSessionId())}
          />
          <Examples onSend={() => setMenuOpen(false)} />
          <div className="pg-sidebar-footer">
            <WorkspaceCard agent={agent} storage={opened.storage} place={opened.place} onImported={closingDrawer(setSessionId)} />
            <Conversations place={conversations.place} fallback={conversations.opening ? null : opened.fallback} opening={conversations.opening || switching} onChange={conversations.choose} />
            <ServerCard backend={backend} />
            <ModelCard
              choice={choice}
              onChange={() => {
                setMenuOpen(false);
                setSettingsOpen(true);
              }}
            />
            <Approvals value={approvals} onChange={setApprovals} />
            <ThemeSwitch theme={theme} onChange={setTheme} />
            <LanguageSwitch value={chatLanguage} onChange={setChatLanguage} />
          </div>
          {phone && (
            <div className="pg-drawer-panels">
              <p className="pg-section-title">Panels</p>
              <PanelToggles dock={dock} onDock={closingDrawer(setDock)} />
            </div>
          )}
        </Sidebar>
        <main className="pg-main" data-dock={dock ?? 'closed'} inert={switching || drawerOpen} aria-busy={switching} data-agent={agentKey(agent)}>
          <AgentChat
            key={agentKey(agent)}
            agent={agent}
            theme={theme}
            autoFocus
            timing
            header={<ChatHeader dock={dock} onDock={setDock} menu={sidebarMode === 'drawer' ? { open: drawerOpen, onOpen: () => setMenuOpen(true) } : null} panelToggles={!phone} />}
            emptyState={<Welcome />}
            placeholder={chatLanguage.language !== 'en' ? undefined : choice.kind === 'demo' ? 'Message the demo agent…' : 'Message the agent…'}
            toolRenderers={playgroundToolRenderers}
            // The Workspace is a panel beside the chat like the others, with its toggle in the header.
            filePanel={false}
            {...chatLanguageProps(chatLanguage)}
            // Attached files also go into the workspace, where the agent's file tools read them.
            attachments={{ saveTo: '/uploads' }}
            suggestions={choice.kind === 'demo' ? demoSuggestions : otherSuggestions}
            // Voice in and out with the browser's speech recognition and synthesis (hidden where there are none).
            dictation
            readAloud
            onFeedback={logFeedback}
          />
          {dock && <DockPanel dock={dock} agent={agent} agentKey={agentKey(agent)} onClose={() => setDock(null)} />}
        </main>
        {settingsOpen && (
          <ModelSettings
            choice={choice}
            onClose={() => setSettingsOpen(false)}
            onSave={(next) => {
              saveModelChoice(next);
              setChoice(next);
              setSettingsOpen(false);
            }}
          />
        )}
      </div>
    </AgentProvider>
  );
}

const agentKeys = new WeakMap<Agent, number>();
let nextKey = 0;
function agentKey(agent: Agent): number {
  if (!agentKeys.has(agent)) agentKeys.set(agent, nextKey++);
  return agentKeys.get(agent)!;
}

// These views pick only what they show, so a streamed token does not re-render them.
function Examples({ onSend }: { onSend: () => void }) {
  const { send } = useAgentInstance();
  const status = useAgentSelector((state) => state.status);
  const busy = status === 'running' || status === 'awaiting-people';
  return (
    <nav className="pg-examples" aria-label="Example prompts">
      <p className="pg-section-title" id="pg-examples-title">
        Examples
      </p>
      {/* Its own scrolling region: the list never pushes the sidebar past the window. Focusable, so
          it scrolls from the keyboard while its buttons are disabled (a run is going). */}
      <div className="pg-example-list" role="group" aria-labelledby="pg-examples-title" tabIndex={0}>
        {examples.map((example) => (
          <button
            key={example.label}
            type="button"
            className="pg-example"
            disabled={busy}
            onClick={() => {
              onSend();
              void send(example.prompt).catch(() => {});
            }}
          >
            {example.label}
          </button>
        ))}
      </div>
    </nav>
  );
}

const persistenceLabels = {
  loading: 'Loading…',
  saved: { browser: 'Saved in this browser', server: 'Saved on the dev server' },
  unsynced: 'Saved here until the server is back',
  pending: 'Saving…',
  error: 'Not saved',
  conflict: { browser: 'Open in another tab: not saved here', server: 'Changed in another tab or browser: not saved here' },
  off: 'Not saved (memory only)',
} as const;

function persistenceLabel(status: keyof typeof persistenceLabels, place: ConversationPlace): string {
  const label = persistenceLabels[status];
  return typeof label === 'string' ? label : label[place];
}

/**
 * Whether conversations hold changes the dev server has not seen (saved in this browser's copy
 * while the server could not be reached): looked at every second, and said only when two looks in
 * a row find some, since every save waits a moment for its push.
 */
function useUnsynced(storage: SessionStorage): boolean {
  const [unsynced, setUnsynced] = useState(false);
  useEffect(() => {
    const pending = (storage as Partial<HttpSessionStorage>).pendingSync?.bind(storage);
    if (!pending) return setUnsynced(false);
    let live = true;
    let before = 0;
    const look = () =>
      void pending().then(
        (count) => {
          if (live) setUnsynced(count > 0 && before > 0);
          before = count;
        },
        () => {},
      );
    const timer = setInterval(look, 1_000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [storage]);
  return unsynced;
}

/** Where the conversation and its files stand: saved (on the dev server or in this browser), saving, or why not. */
function WorkspaceCard({ agent, storage, place, onImported }: { agent: Agent; storage: SessionStorage; place: ConversationPlace; onImported: (id: string) => void }) {
  const session = useAgentSession();
  const unsynced = useUnsynced(storage);
  const status = session?.status === 'saved' && unsynced ? 'unsynced' : (session?.status ?? 'off');
  const error = session?.error;
  const [importProblem, setImportProblem] = useState<string | null>(null);
  const importFile = (file: File | undefined) => {
    if (!file) return;
    const id = newSessionId();
    setImportProblem(null);
    importConversation(file, id, storage).then(
      () => onImported(id),
      (failure: unknown) => setImportProblem(failure instanceof Error ? failure.message : String(failure)),
    );
  };
  return (
    <div className="pg-model">
      <p className="pg-section-title">Conversation and files</p>
      <p className="pg-model-name" data-testid="workspace-status" data-status={status} title={error?.message}>
        <span className="pg-dot" data-status={status} aria-hidden="true" /> {persistenceLabel(status, place)}
      </p>
      {session?.leader === false && (
        <p className="pg-model-note" data-testid="tab-role">
          Running in another tab of this browser; this tab shows it live and sends its messages there.
        </p>
      )}
      <div className="pg-card-actions">
        {agent.sandbox && (
          <button type="button" className="pg-link-button" onClick={() => resetWorkspace(agent.sandbox!)}>
            Reset files
          </button>
        )}
        <button type="button" className="pg-link-button" onClick={() => exportConversation(agent.snapshot(), firstUserText(agent) ?? 'conversation')}>
          Export chat
        </button>
        <label className="pg-link-button">
          Import chat
          <input type="file" accept="application/json,.json" className="pg-visually-hidden" onChange={(event) => importFile(event.target.files?.[0])} />
        </label>
      </div>
      {importProblem && (
        <p className="pg-model-note" role="alert">
          {importProblem}
        </p>
      )}
    </div>
  );
}

function firstUserText(agent: Agent): string | undefined {
  const first = agent.getState().messages.find((message) => message.role === 'user');
  return first?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
}

function ModelCard({ choice, onChange }: { choice: ModelChoice; onChange: () => void }) {
  const busy = useAgentSelector((state) => state.status === 'running' || state.status === 'awaiting-people');
  const { name, note } = describeChoice(choice);
  return (
    <div className="pg-model">
      <p className="pg-section-title">Model</p>
      <p className="pg-model-name" data-testid="model-name">
        <span className="pg-dot" aria-hidden="true" /> {name}
      </p>
      <p className="pg-model-note">{note}</p>
      <button type="button" className="pg-link-button" disabled={busy} onClick={onChange}>
        Change model
      </button>
    </div>
  );
}

/** The backend half: which tools run on the server, or why none do. */
function ServerCard({ backend }: { backend: UseBackendToolsResult }) {
  const status = backend.status === 'ready' ? (backend.unavailable.length > 0 ? 'pending' : 'saved') : backend.status === 'error' ? 'error' : 'pending';
  return (
    <div className="pg-model" data-testid="server-card" data-status={backend.status}>
      <p className="pg-section-title">Server tools</p>
      {backend.status === 'ready' && (
        <p className="pg-model-name">
          <span className="pg-dot" data-status={status} aria-hidden="true" /> {backend.tools.map((tool) => tool.name).join(', ') || 'none'}
        </p>
      )}
      {backend.unavailable.map((source) => (
        <p key={source.source} className="pg-model-note">
          {source.source}: {source.error}
        </p>
      ))}
      {backend.status === 'error' && (
        <>
          <p className="pg-model-note" role="alert">
            {backend.error?.message}
          </p>
          <button type="button" className="pg-link-button" onClick={() => void backend.refetch()}>
            Try again
          </button>
        </>
      )}
      {backend.status === 'loading' && <p className="pg-model-note">Connecting…</p>}
    </div>
  );
}

/** Where conversations are kept; off while a run is going (switching opens another conversation) or the conversations are moving. */
function Conversations({ opening, ...props }: Omit<ConversationsSwitchProps, 'disabled'> & { opening: boolean }) {
  const busy = useAgentSelector((state) => state.status === 'running' || state.status === 'awaiting-people');
  return <ConversationsSwitch {...props} disabled={busy || opening} />;
}

function Approvals({ value, onChange }: { value: ApprovalMode; onChange: (mode: ApprovalMode) => void }) {
  const busy = useAgentSelector((state) => state.status === 'running' || state.status === 'awaiting-people');
  return <ApprovalModeSwitch value={value} onChange={onChange} disabled={busy} />;
}

function ThemeSwitch({ theme, onChange }: { theme: Theme; onChange: (theme: Theme) => void }) {
  return (
    <div className="pg-theme" role="radiogroup" aria-label="Theme">
      {(['light', 'dark', 'auto'] as const).map((option) => (
        <button key={option} type="button" role="radio" aria-checked={theme === option} className="pg-theme-option" onClick={() => onChange(option)}>
          {option === 'auto' ? 'System' : option[0]!.toUpperCase() + option.slice(1)}
        </button>
      ))}
    </div>
  );
}

/** The empty chat's words; the kit's starter prompts (`suggestions.starters`) follow it. */
function Welcome() {
  const { model } = useAgentInstance();
  // agUiAgent's stand-in model says "ag-ui": the runs happen on the playground server.
  const remote = model.provider === 'ag-ui';
  return (
    <div className="pg-welcome">
      <span className="pg-logo pg-logo-large" aria-hidden="true" />
      <h2>{remote ? 'An agent on the server, with your browser’s hands' : 'An agent that runs in your browser'}</h2>
      {remote ? (
        <p>
          This chat talks to an agent on the playground server over <strong>AG-UI</strong> (the demo model runs there). Its own tools run
          on the server; your workspace’s files, the shell and your approvals stay here, in your browser.
        </p>
      ) : (
        <p>
          This chat runs on the embedded <strong>demo model</strong>: no network, no key. It streams, calls tools, reasons and fails on
          purpose so you can see every state of the kit.
        </p>
      )}
    </div>
  );
}
