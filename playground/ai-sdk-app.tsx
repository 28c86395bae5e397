/**
 * The playground's "AI SDK chat" page (/ai-sdk.html): an AI SDK app (`useChat` against its own
 * `/api/chat` route, which runs `streamText` on the dev server) rendered by the kit's
 * `<AgentChat>` through `useChatAgent`. The route replays recorded provider streams; its `weather`
 * tool needs approval (decided in the kit's dialog); `updateIssueList` runs in this page
 * (`onToolCall` + `addToolOutput`).
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
      if (toolCall.toolName === 'updateIssueList') void chat.addToolOutput({ tool: 'updateIssueList', toolCallId: toolCall.toolCallId, output: { updated: 3, at: new Date().toISOString() } });
    },
  });
  const agent = useChatAgent(chat);
  return (
    <div className="sdk-app">
      <header>
        <h1>AI SDK chat</h1>
        <p>useChat against this server&apos;s streamText route (recorded provider streams, offline), shown by the kit&apos;s AgentChat. Ask about the weather (a server tool that asks first), or to update the issue list (a tool this page runs).</p>
      </header>
      <div className="sdk-chat">
        <AgentChat agent={agent} timing />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
