// With the AI SDK's useChat: the in-browser agent behind useChat, and a useChat chat in the kit's components.
import { useChat } from '@ai-sdk/react';
import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { createAgent, demoModel } from 'react-agent-kit';
import { agentChatTransport, useChatAgent } from 'react-agent-kit/ai-sdk';
import { AgentChat } from 'react-agent-kit/components';

const agent = createAgent({ model: demoModel() });
const transport = agentChatTransport(agent);

export function Chat() {
  const chat = useChat({ transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
  return (
    <div style={{ height: '100vh' }}>
      <AgentChat agent={useChatAgent(chat)} />
    </div>
  );
}
