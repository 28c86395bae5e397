// With an AG-UI agent, run: the entry loads and gives an agent.
import { agUiAgent } from 'react-agent-kit/ag-ui';

const agent = agUiAgent({ url: 'http://127.0.0.1:9/agent' });
console.log(JSON.stringify({ send: typeof agent.send, status: agent.getState().status }));
