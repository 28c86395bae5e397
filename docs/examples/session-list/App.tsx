// Conversations that survive a reload, with a list to switch between them: each conversation is a
// session in IndexedDB, and the chat shows the agent of the one selected.
import { useEffect, useRef, useState } from 'react';
import { createAgent, createId, demoModel, type Agent } from 'react-agent-kit';
import { AgentChat, SessionList } from 'react-agent-kit/components';
import { AgentProvider } from 'react-agent-kit/react';
import { indexedDbSessionStorage } from 'react-agent-kit/sessions';
import 'react-agent-kit/styles.css';

const storage = indexedDbSessionStorage({ name: 'my-app' });
const lastSessionKey = 'my-app:last-session';
const newSessionId = () => createId('session', '-');

/**
 * The agent of one session: made when the id changes, disposed (saved and closed) when it changes
 * again or the page leaves. The next agent waits for that, so two agents never hold one session.
 */
function useSessionAgent(sessionId: string): Agent | null {
  const [agent, setAgent] = useState<Agent | null>(null);
  const released = useRef<Promise<void>>(Promise.resolve());
  useEffect(() => {
    let current: Agent | null = null;
    let cancelled = false;
    void released.current.then(() => {
      if (cancelled) return;
      current = createAgent({ model: demoModel(), session: { id: sessionId, storage } });
      setAgent(current);
    });
    return () => {
      cancelled = true;
      if (current) released.current = current.dispose();
    };
  }, [sessionId]);
  return agent?.session?.id === sessionId ? agent : null;
}

export default function App() {
  // The conversation open last time, or a new one.
  const [sessionId, setSessionId] = useState(() => localStorage.getItem(lastSessionKey) ?? newSessionId());
  useEffect(() => localStorage.setItem(lastSessionKey, sessionId), [sessionId]);
  const agent = useSessionAgent(sessionId);

  const list = (
    <SessionList
      storage={storage}
      activeId={sessionId}
      onSelect={setSessionId}
      onCreate={setSessionId}
      onDeleted={(id) => id === sessionId && setSessionId(newSessionId())}
    />
  );
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '16rem 1fr', height: '100vh' }}>
      {agent ? (
        // Inside the agent's provider, the list refreshes when its session saves (titles, counts).
        <AgentProvider agent={agent}>
          <aside style={{ overflow: 'auto' }}>{list}</aside>
          <main style={{ minHeight: 0 }}>
            <AgentChat agent={agent} />
          </main>
        </AgentProvider>
      ) : (
        <>
          <aside style={{ overflow: 'auto' }}>{list}</aside>
          <main aria-busy="true">Loading the conversation…</main>
        </>
      )}
    </div>
  );
}
