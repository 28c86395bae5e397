// With an AG-UI agent: the kit's Agent over an AG-UI endpoint, in the drop-in chat.
import { agUiAgent } from 'react-agent-kit/ag-ui';
import { AgentChat } from 'react-agent-kit/components';

const agent = agUiAgent({ url: 'https://agents.example.com/research', headers: () => ({ authorization: 'Bearer token' }) });

export function App() {
  return (
    <div style={{ height: '100vh' }}>
      <AgentChat agent={agent} />
    </div>
  );
}
