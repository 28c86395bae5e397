/**
 * The tabs benchmark's page (bench/tabs/run.mjs): `<AgentChat>` over an agent whose session is in
 * IndexedDB, so two pages of one browser share the conversation (`session.tabs`). The model
 * streams `tokens` words, one every `pace` ms; the harness sends from the leading page and
 * measures both.
 */
import { createRoot } from 'react-dom/client';
import { createAgent } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import { indexedDbSessionStorage } from 'react-agent-kit/sessions';
import { scriptedModel, text } from 'react-agent-kit/testing';
import 'react-agent-kit/styles.css';

const parameters = new URLSearchParams(location.search);
const tokens = Number(parameters.get('tokens') ?? 1000);
const pace = Number(parameters.get('pace') ?? 5);
const tabs = parameters.get('tabs') !== 'off';

const model = scriptedModel(() => Array.from({ length: tokens }, (_, index) => text(`word${index} `)), { chunkDelayMs: pace });
const agent = createAgent({ model, session: { id: 'bench', storage: indexedDbSessionStorage({ name: 'bench-tabs' }), tabs } });

const longTasks: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });

Object.assign(window, {
  bench: {
    ready: () => agent.session!.ready.then(() => agent.session!.leader),
    send: (message: string) => void agent.send(message),
    lastText: () => {
      const last = agent.getState().messages.at(-1);
      return last?.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('') ?? '';
    },
    status: () => agent.getState().status,
    longTasks: () => longTasks.splice(0),
  },
});

createRoot(document.getElementById('root')!).render(<AgentChat agent={agent} />);
