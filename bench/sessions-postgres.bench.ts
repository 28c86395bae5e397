/**
 * Sessions on the server, in Postgres, at scale: a throwaway cluster (test/setup/postgres-cluster.ts)
 * holding 10,000 sessions of 100 users (100 each, every one a 20-message conversation), then the
 * latency of one save (compare-and-set on an existing session), one load, and one user's list, and
 * the throughput of 50 saves at once through one pool; and one long session (10,000 messages) saved and loaded whole. Run: `npm run bench -- sessions-postgres`
 * (needs Debian's postgresql; skipped without it). Numbers are for this machine; see bench/README.md.
 */
import { afterAll, bench, describe } from 'vitest';
import { agentSnapshotVersion, type AgentSnapshot } from '../src/core/sessions/session-types';
import { createInitialState } from '../src/core/store/state';
import { postgresSessionStore } from '../src/server/index';
import { findPostgresBinaries, startPostgresCluster } from '../test/setup/postgres-cluster';

const users = 100;
const perUser = 100;
const binaries = findPostgresBinaries();

function conversation(seed: number, turns = 10): AgentSnapshot {
  const messages = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({ id: `u${seed}-${turn}`, role: 'user' as const, parts: [{ type: 'text' as const, id: `tu${turn}`, text: `Question ${turn} of session ${seed}: what do the figures say about the quarter?`, status: 'done' as const }], status: 'done' as const, createdAt: turn });
    messages.push({ id: `a${seed}-${turn}`, role: 'assistant' as const, parts: [{ type: 'text' as const, id: `ta${turn}`, text: `Answer ${turn}: revenue rose, costs held, and the margin improved by a point. `.repeat(4), status: 'done' as const }], status: 'done' as const, createdAt: turn });
  }
  return { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: { ...createInitialState(), messages } };
}

const setup = binaries
  ? await (async () => {
      const cluster = await startPostgresCluster(binaries);
      const store = postgresSessionStore({ connectionString: await cluster.createDatabase() });
      const started = performance.now();
      for (let user = 0; user < users; user++) {
        await Promise.all(Array.from({ length: perUser }, (_, index) => store.save(`user-${user}`, { id: `chat-${index}`, snapshot: conversation(user * perUser + index) }, null)));
      }
      console.log(`10,000 sessions written in ${Math.round(performance.now() - started)} ms`);
      return { cluster, store };
    })()
  : undefined;

afterAll(async () => {
  await setup?.store.close();
  await setup?.cluster.stop();
});

const revisions = new Map<string, number>();
let next = 0;

describe.skipIf(!setup)('postgresSessionStore with 10,000 sessions', () => {
  bench('save one session (compare-and-set on its revision)', async () => {
    const index = next++ % perUser;
    const key = `user-7/chat-${index}`;
    const revision = revisions.get(key) ?? 1;
    revisions.set(key, await setup!.store.save('user-7', { id: `chat-${index}`, snapshot: conversation(index, 11) }, revision));
  });

  bench('load one session', async () => {
    await setup!.store.load('user-42', `chat-${next++ % perUser}`);
  });

  bench("list one user's 100 sessions", async () => {
    await setup!.store.list('user-13');
  });

  bench('50 saves at once (new sessions, one pool)', async () => {
    const batch = next++;
    await Promise.all(Array.from({ length: 50 }, (_, index) => setup!.store.save(`batch-${batch}`, { id: `chat-${index}`, snapshot: conversation(index) }, null)));
  });
});

// A long session: 10,000 messages (5,000 turns, about 3 MB of snapshot), saved whole as the agent does.
const long = conversation(0, 5_000);
let longRevision: number | null = null;

describe.skipIf(!setup)('postgresSessionStore, one 10,000-message session', () => {
  bench('save it (compare-and-set, the whole snapshot)', async () => {
    longRevision = await setup!.store.save('user-long', { id: 'long', snapshot: long }, longRevision);
  }, { iterations: 10, time: 0 });

  bench('load it', async () => {
    if (longRevision === null) longRevision = await setup!.store.save('user-long', { id: 'long', snapshot: long }, null);
    await setup!.store.load('user-long', 'long');
  }, { iterations: 10, time: 0 });
});
