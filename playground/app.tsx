import { useEffect, useState, useSyncExternalStore } from 'react';
import { createAgent, demoModel, type Agent } from 'react-agent-kit';
import { AgentChat, ToolTimeline } from 'react-agent-kit/components';
import { AgentProvider, useAgentInstance, useAgentSelector } from 'react-agent-kit/react';
import { deleteRecords, getTime, getWeather, sendEmail } from './demo-tools';
import type { PlaygroundWorkspace } from './workspace';

type Theme = 'light' | 'dark' | 'auto';

const examples = [
  { label: 'What can you do?', prompt: 'Hi! What can you do?' },
  { label: 'Weather via a tool', prompt: "What's the weather in Paris?" },
  { label: 'Send an email (approval)', prompt: 'Send an email to Ada about the launch' },
  { label: 'Edit a file, then roll back', prompt: 'Add a task to my todo list: try the workspace' },
  { label: 'Ask me questions', prompt: 'Help me plan a project — ask me questions' },
  { label: 'Show off markdown', prompt: 'Show me what markdown looks like' },
  { label: 'Think it through', prompt: 'Think step by step: how do agents use tools?' },
  { label: 'Clean up old records', prompt: 'Clean up records older than 30 days' },
  { label: 'A long story', prompt: 'Tell me a long story' },
  { label: 'Simulate an error', prompt: 'Simulate an error' },
];

function makeAgent(workspace: PlaygroundWorkspace): Agent {
  return createAgent({
    model: demoModel(),
    instructions: 'You are the react-agent-kit demo assistant.',
    tools: [getWeather, getTime, sendEmail, deleteRecords],
    // The workspace: file tools, a checkpoint per message, rollback. It outlives chats.
    sandbox: workspace.sandbox,
    // The built-in ask_user_question tool; a typed answer is accepted besides the options.
    askUser: { allowFreeText: true },
  });
}

/** The playground: the kit's drop-in chat on the offline demo model, with a sidebar to explore it. */
export function App({ workspace }: { workspace: PlaygroundWorkspace }) {
  const [agent, setAgent] = useState(() => makeAgent(workspace));
  const [showActivity, setShowActivity] = useState(false);
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('rak-theme') as Theme | null) ?? 'auto');
  useEffect(() => localStorage.setItem('rak-theme', theme), [theme]);

  return (
    <AgentProvider agent={agent}>
      <div className="pg-shell rak-root" data-theme={theme}>
        <aside className="pg-sidebar">
          <div className="pg-brand">
            <span className="pg-logo" aria-hidden="true" />
            <div>
              <p className="pg-brand-name">react-agent-kit</p>
              <p className="pg-brand-sub">Playground</p>
            </div>
          </div>
          <button type="button" className="pg-new-chat" onClick={() => setAgent(makeAgent(workspace))}>
            + New chat
          </button>
          <Examples />
          <div className="pg-sidebar-footer">
            <WorkspaceCard workspace={workspace} />
            <ModelCard agent={agent} />
            <ThemeSwitch theme={theme} onChange={setTheme} />
          </div>
        </aside>
        <main className="pg-main" data-activity={showActivity ? 'open' : 'closed'}>
          <AgentChat
            key={agentKey(agent)}
            agent={agent}
            theme={theme}
            autoFocus
            header={<ChatHeader showActivity={showActivity} onToggleActivity={() => setShowActivity((open) => !open)} />}
            emptyState={<Welcome />}
            placeholder="Message the demo agent…"
          />
          {showActivity && (
            <aside className="pg-activity" aria-label="Tool activity">
              <p className="pg-section-title">Tool calls</p>
              <ToolTimeline emptyState={<p className="pg-activity-empty">Tool calls of this chat show up here, with their state, timing, arguments and results.</p>} />
            </aside>
          )}
        </main>
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
function Examples() {
  const { send } = useAgentInstance();
  const status = useAgentSelector((state) => state.status);
  const busy = status === 'running' || status === 'awaiting-people';
  return (
    <nav className="pg-examples" aria-label="Example prompts">
      <p className="pg-section-title">Try</p>
      {examples.map((example) => (
        <button key={example.label} type="button" className="pg-example" disabled={busy} onClick={() => void send(example.prompt).catch(() => {})}>
          {example.label}
        </button>
      ))}
    </nav>
  );
}

const persistenceLabels = {
  saved: 'Saved in this browser',
  pending: 'Saving…',
  error: 'Not saved',
  off: 'Not saved (memory only)',
} as const;

function WorkspaceCard({ workspace }: { workspace: PlaygroundWorkspace }) {
  const { persistence } = workspace;
  const status = useSyncExternalStore(persistence.subscribe, () => persistence.status);
  return (
    <div className="pg-model">
      <p className="pg-section-title">Workspace</p>
      <p className="pg-model-name" data-testid="workspace-status" data-status={status} title={persistence.error?.message}>
        <span className="pg-dot" data-status={status} aria-hidden="true" /> {persistenceLabels[status]}
      </p>
      <button type="button" className="pg-link-button" onClick={() => workspace.reset()}>
        Reset files
      </button>
    </div>
  );
}

function ModelCard({ agent }: { agent: Agent }) {
  return (
    <div className="pg-model">
      <p className="pg-section-title">Model</p>
      <p className="pg-model-name">
        <span className="pg-dot" aria-hidden="true" /> {agent.model.modelId}
      </p>
      <p className="pg-model-note">Runs in your browser, offline. Plug in any AI SDK provider to use a real model.</p>
    </div>
  );
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

function ChatHeader({ showActivity, onToggleActivity }: { showActivity: boolean; onToggleActivity: () => void }) {
  const status = useAgentSelector((state) => state.status);
  const totalTokens = useAgentSelector((state) => state.usage.totalTokens);
  return (
    <header className="pg-header">
      <h1 className="pg-title">Demo agent</h1>
      <span className="pg-status" data-status={status}>
        {status === 'running' ? 'Responding' : status === 'error' ? 'Error' : status === 'awaiting-people' ? 'Waiting for you' : 'Ready'}
      </span>
      <span className="pg-usage" title="Tokens used in this chat (estimated by the demo model)">
        {totalTokens.toLocaleString()} tokens
      </span>
      <button type="button" className="pg-toggle" aria-pressed={showActivity} onClick={onToggleActivity}>
        Tool activity
      </button>
    </header>
  );
}

function Welcome() {
  const { send } = useAgentInstance();
  return (
    <div className="pg-welcome">
      <span className="pg-logo pg-logo-large" aria-hidden="true" />
      <h2>An agent that runs in your browser</h2>
      <p>
        This chat runs on the embedded <strong>demo model</strong>: no network, no key. It streams, calls tools, reasons and fails on
        purpose so you can see every state of the kit.
      </p>
      <div className="pg-welcome-grid">
        {examples.slice(0, 4).map((example) => (
          <button key={example.label} type="button" className="pg-welcome-card" onClick={() => void send(example.prompt).catch(() => {})}>
            <span className="pg-welcome-card-title">{example.label}</span>
            <span className="pg-welcome-card-prompt">{example.prompt}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
