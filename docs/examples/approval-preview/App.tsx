// A tool with its own views: a result card from AgentChat's toolRenderers, and an approval
// preview from a ToolRenderersProvider higher up. They combine per phase: both show.
import { createAgent, defineTool, demoModel } from 'react-agent-kit';
import { AgentChat, ToolRenderersProvider, type ToolRenderer } from 'react-agent-kit/components';
import 'react-agent-kit/styles.css';

interface Email {
  to: string;
  subject: string;
}

const sendEmail = defineTool({
  name: 'send_email',
  description: 'Sends an email.',
  inputSchema: { type: 'object', properties: { to: { type: 'string' }, subject: { type: 'string' } }, required: ['to', 'subject'] },
  needsApproval: true,
  execute: async ({ to, subject }) => ({ to, subject, sentAt: new Date().toISOString() }),
});

const agent = createAgent({ model: demoModel(), tools: [sendEmail] });

// Shared by every chat of the app: what an email will look like, in the approval dialog.
const preview: ToolRenderer = {
  approval: ({ call }) => {
    const email = call.input as Email;
    return <p>To {email.to}: “{email.subject}”</p>;
  },
};

// This chat's own card once the email is sent.
const receipt: ToolRenderer = {
  done: ({ call }) => {
    const sent = call.output as Email & { sentAt: string };
    return <p>Sent to {sent.to} at {new Date(sent.sentAt).toLocaleTimeString()}</p>;
  },
};

export default function App() {
  return (
    <ToolRenderersProvider renderers={{ send_email: preview }}>
      <div style={{ height: '100vh' }}>
        <AgentChat agent={agent} toolRenderers={{ send_email: receipt }} />
      </div>
    </ToolRenderersProvider>
  );
}
