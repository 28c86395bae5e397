/**
 * The playground's "AI SDK chat" page (/ai-sdk.html): an AI SDK app (`useChat` against its own
 * `/api/chat` route, which runs `streamText` on the dev server) rendered by the kit's
 * `<AgentChat>` through `useChatAgent`. The route's `send_email` needs approval (decided in the
 * kit's dialog); `get_time` runs in this page (`onToolCall` + `addToolOutput`).
 */
import { useChat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithApprovalResponses, lastAssistantMessageIsCompleteWithToolCalls, type UIMessage } from 'ai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useChatAgent } from 'react-agent-kit/ai-sdk';
import { AgentChat } from 'react-agent-kit/components';
import 'react-agent-kit/styles.css';

const sendAutomaticallyWhen = (options: { messages: UIMessage[] }) => lastAssistantMessageIsCompleteWithApprovalResponses(options) || lastAssistantMessageIsCompleteWithToolCalls(options);

function App() {
  const chat = useChat({
    sendAutomaticallyWhen,
    onToolCall: ({ toolCall }) => {
      if (toolCall.toolName === 'get_time') void chat.addToolOutput({ tool: 'get_time', toolCallId: toolCall.toolCallId, output: new Date().toISOString() });
    },
  });
  const agent = useChatAgent(chat);
  return (
    <div className="sdk-app">
      <header>
        <h1>AI SDK chat</h1>
        <p>useChat against this server&apos;s streamText route, shown by the kit&apos;s AgentChat. Ask it to send an email, or for the time.</p>
      </header>
      <div className="sdk-chat">
        <AgentChat agent={agent} />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
