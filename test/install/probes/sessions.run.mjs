// Sessions, run: a conversation saved to PGlite (in memory) and listed back; the Postgres store loads pg.
import { createAgent, demoModel } from 'react-agent-kit';
import { pgliteSessionStore, postgresSessionStore } from 'react-agent-kit/server';

const agent = createAgent({ model: demoModel() });
await agent.send('Hello');
const store = pgliteSessionStore();
await store.save('user-1', { id: 'chat-1', snapshot: agent.snapshot() }, null);
const listed = await store.list('user-1');
await store.close();
const pg = await import('pg');
const onPostgres = postgresSessionStore({ connectionString: 'postgres://app@127.0.0.1:9/app' });
await onPostgres.close();
console.log(JSON.stringify({ listed: listed.map((session) => session.id), pg: typeof pg.default.Pool }));
