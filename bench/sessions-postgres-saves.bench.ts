/**
 * What one save costs as a conversation grows (issue 29, "saves cost what changed"): a conversation
 * of 100, 1,000 and 10,000 messages is saved once, then one message is added and it is saved again,
 * as the agent does after every turn, through the browser's `httpSessionStorage` (no offline copy)
 * to the real handler's session routes and `postgresSessionStore` on a throwaway cluster
 * (test/setup/postgres-cluster.ts). Reports ms per save (the bench) and the bytes each save sent
 * (request bodies, printed at the end). Run: `npm run bench -- sessions-postgres` (needs Debian's
 * postgresql; skipped without it). Numbers are for this machine; see bench/README.md.
 */
import { afterAll, bench, describe } from 'vitest';
import { httpSessionStorage } from '../src/core/sessions/index';
import { agentSnapshotVersion, type AgentSnapshot } from '../src/core/sessions/session-types';
import type { Message } from '../src/core/store/state';
import { createInitialState } from '../src/core/store/state';
import { createAgentHandler, postgresSessionStore } from '../src/server/index';
import { findPostgresBinaries, startPostgresCluster } from '../test/setup/postgres-cluster';

const lengths = [100, 1_000, 10_000] as const;
const binaries = findPostgresBinaries();

function message(index: number): Message {
  const user = index % 2 === 0;
  const text = user ? `Question ${index}: what do the figures say about the quarter?` : `Answer ${index}: revenue rose, costs held, and the margin improved by a point. `.repeat(4);
  return { id: `m${index}`, role: user ? 'user' : 'assistant', parts: [{ type: 'text', id: `t${index}`, text, status: 'done' }], status: 'done', createdAt: index };
}

function snapshotOf(messages: readonly Message[]): AgentSnapshot {
  return { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: { ...createInitialState(), messages: messages as Message[] } };
}

/** Bytes of request bodies sent, per session id. */
const sent = new Map<string, number[]>();

const setup = binaries
  ? await (async () => {
      const cluster = await startPostgresCluster(binaries);
      const store = postgresSessionStore({ connectionString: await cluster.createDatabase() });
      const handler = createAgentHandler({ basePath: '/api/agent', authorize: () => ({ userId: 'bench' }), sessions: { store }, onError: () => {} });
      const storage = httpSessionStorage('http://bench.test/api/agent', {
        offline: false,
        fetch: async (url, init) => {
          const target = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
          const body = typeof init?.body === 'string' ? init.body : '';
          if (init?.method === 'PUT') {
            const id = decodeURIComponent(target.replace(/^.*\/sessions\//, ''));
            sent.set(id, [...(sent.get(id) ?? []), Buffer.byteLength(body)]);
          }
          return handler(new Request(target, init));
        },
      });
      // Each conversation saved once: what follows are the saves of a conversation the server has.
      const conversations = new Map<number, { messages: Message[]; revision: number }>();
      for (const length of lengths) {
        const messages = Array.from({ length }, (_, index) => message(index));
        const revision = await storage.save({ id: `long-${length}`, snapshot: snapshotOf(messages) }, null);
        conversations.set(length, { messages, revision });
        sent.delete(`long-${length}`);
      }
      return { cluster, store, storage, conversations };
    })()
  : undefined;

afterAll(async () => {
  for (const length of lengths) {
    const sizes = sent.get(`long-${length}`) ?? [];
    if (sizes.length === 0) continue;
    const mean = sizes.reduce((sum, size) => sum + size, 0) / sizes.length;
    console.log(`${length.toLocaleString('en')} messages: ${sizes.length} saves, ${Math.round(mean).toLocaleString('en')} bytes sent per save (mean; ${Math.min(...sizes).toLocaleString('en')} to ${Math.max(...sizes).toLocaleString('en')})`);
  }
  await setup?.storage.close();
  await setup?.store.close();
  await setup?.cluster.stop();
});

describe.skipIf(!setup)('one message added, then saved (httpSessionStorage → session routes → postgresSessionStore)', () => {
  for (const length of lengths) {
    bench(`${length.toLocaleString('en')} messages`, async () => {
      const conversation = setup!.conversations.get(length)!;
      // A new list with one more message, the earlier ones the same objects: what the agent's state does.
      conversation.messages = [...conversation.messages, message(conversation.messages.length)];
      conversation.revision = await setup!.storage.save({ id: `long-${length}`, snapshot: snapshotOf(conversation.messages) }, conversation.revision);
    }, { iterations: length === 10_000 ? 10 : 20, time: 0 });
  }
});
