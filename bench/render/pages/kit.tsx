/**
 * The kit: `<AgentChat>` over `createAgent`, the earlier messages as its initial state, the reply
 * from a language model (AI SDK specification v3) whose stream is the shared token source.
 */
import { createAgent, createInitialState, type Agent } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import 'react-agent-kit/styles.css';
import './page.css';
import { renderInto, startBench } from './harness';
import { setNextReply, toMessage, tokenModel } from './kit-model';

let agent: Agent | undefined;

startBench({
  // The message list: the log of messages inside the viewport.
  threadSelector: '[role="log"]',
  async mount(container, seed) {
    agent = createAgent({ model: tokenModel, initialState: { ...createInitialState(), messages: seed.map(toMessage) } });
    await renderInto(container, <AgentChat agent={agent} />);
  },
  async send(text, reply) {
    setNextReply(reply);
    const result = await agent!.send(text);
    if (result.status !== 'idle') throw new Error(`The run ended as ${result.status}.`);
  },
});
