/**
 * The playground's "useChat over the agent" page (/use-chat-transport.html): an AI SDK app's own UI, built on
 * `useChat`, whose transport is the kit's agent in the page (`agentChatTransport`): the demo model,
 * the workspace's file tools, approvals decided with `addToolApprovalResponse`. Nothing of the
 * kit's UI but its Markdown renderer.
 */
import { useChat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithApprovalResponses, type UIMessage } from 'ai';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createAgent, demoModel } from 'react-agent-kit';
import { agentChatTransport } from 'react-agent-kit/ai-sdk';
import { Markdown } from 'react-agent-kit/components';
import 'react-agent-kit/styles.css';
import { getWeather } from './demo-tools';
import { createWorkspace } from './workspace';

const sandbox = createWorkspace();
const agent = createAgent({ model: demoModel(), instructions: 'You are the react-agent-kit demo assistant.', tools: [getWeather], sandbox });
const transport = agentChatTransport(agent);

type Part = UIMessage['parts'][number];
interface ToolPart {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  errorText?: string;
  approval?: { id: string };
}

function ToolLine({ part, decide }: { part: ToolPart; decide: (id: string, approved: boolean) => void }) {
  return (
    <div className="sdk-tool" data-state={part.state} data-tool={part.type.slice('tool-'.length)}>
      <code>{part.type.slice('tool-'.length)}</code> {JSON.stringify(part.input ?? {})} <span className="sdk-state">{part.state}</span>
      {part.errorText && <span> {part.errorText}</span>}
      {part.state === 'approval-requested' && part.approval && (
        <>
          {' '}
          <button type="button" onClick={() => decide(part.approval!.id, true)}>
            Approve
          </button>{' '}
          <button type="button" onClick={() => decide(part.approval!.id, false)}>
            Deny
          </button>
        </>
      )}
    </div>
  );
}

function PartView({ part, decide }: { part: Part; decide: (id: string, approved: boolean) => void }) {
  if (part.type === 'text') return <Markdown text={part.text} streaming={part.state === 'streaming'} />;
  if (part.type.startsWith('tool-')) return <ToolLine part={part as unknown as ToolPart} decide={decide} />;
  return null;
}

function Chat() {
  const { messages, sendMessage, addToolApprovalResponse, stop, status, error } = useChat({ transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
  const [input, setInput] = useState('');
  const decide = (id: string, approved: boolean) => void addToolApprovalResponse({ id, approved, ...(approved ? {} : { reason: 'Not now.' }) });
  return (
    <main className="rak-root sdk-page" data-status={status}>
      <h1>useChat over the agent</h1>
      <p>An AI SDK app&apos;s own chat UI; the agent (demo model, workspace files, approvals) runs in this page.</p>
      <ol className="sdk-messages">
        {messages.map((message) => (
          <li key={message.id} className="sdk-message" data-role={message.role}>
            <strong>{message.role}</strong>
            {message.parts.map((part, index) => (
              <PartView key={index} part={part} decide={decide} />
            ))}
          </li>
        ))}
      </ol>
      {error && <p role="alert">{error.message}</p>}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!input.trim()) return;
          void sendMessage({ text: input });
          setInput('');
        }}
      >
        <input aria-label="Message" value={input} onChange={(event) => setInput(event.target.value)} />
        <button type="submit">Send</button>
        {(status === 'submitted' || status === 'streaming') && (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        )}
      </form>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Chat />
  </StrictMode>,
);
