/**
 * The kit opening a saved session (issue 29): IndexedDB (`indexedDbSessionStorage`) holds a
 * conversation of `seed` messages, stored before the measurement by the storage itself; the
 * measured work is what an app does on load: `createAgent({ session })` and `<AgentChat>`, until
 * the conversation's last message is on screen.
 */
import { createAgent, createInitialState } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import { agentSnapshotVersion, indexedDbSessionStorage } from 'react-agent-kit/sessions';
import 'react-agent-kit/styles.css';
import './page.css';
import { earlierMessages } from './content';
import { renderInto, startMeasured, untilShown } from './harness';
import { toMessage, tokenModel } from './kit-model';

const storageName = 'bench-render';
const sessionId = 'bench-session';
/** The last message ends with this word: once it is on screen, the conversation is. */
const sessionSentinel = 'bench-session-end';

startMeasured({
  async prepare(parameters) {
    const seed = earlierMessages(Number(parameters.get('seed') ?? 10_000));
    const last = seed.at(-1);
    if (last !== undefined) seed[seed.length - 1] = { ...last, text: `${last.text}\n\n${sessionSentinel}` };
    const storage = indexedDbSessionStorage({ name: storageName });
    const snapshot = { format: 'react-agent-kit/agent' as const, version: agentSnapshotVersion, state: { ...createInitialState(), messages: seed.map(toMessage) } };
    await storage.save({ id: sessionId, snapshot }, null);
    await storage.close();
  },
  async run(container) {
    const agent = createAgent({ model: tokenModel, session: { id: sessionId, storage: indexedDbSessionStorage({ name: storageName }) } });
    await renderInto(container, <AgentChat agent={agent} />);
    await agent.session!.ready;
    if (agent.session!.loaded !== 'restored') throw new Error(`The session was not restored (${agent.session!.loaded}): ${String(agent.session!.error)}`);
    await untilShown(container, '[role="log"]', sessionSentinel);
  },
});
