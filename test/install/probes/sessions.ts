// Sessions on Postgres or PGlite: both stores, one interface.
import { createAgent, demoModel } from 'react-agent-kit';
import { pgliteSessionStore, postgresSessionStore, type ServerSessionStore } from 'react-agent-kit/server';

const onPostgres: ServerSessionStore = postgresSessionStore({ connectionString: 'postgres://app@127.0.0.1/app' });
const embedded: ServerSessionStore = pgliteSessionStore({ dataDir: './.data/sessions' });
const snapshot = createAgent({ model: demoModel() }).snapshot();
export const saved = Promise.all([onPostgres, embedded].map((store) => store.save('user-1', { id: 'chat-1', snapshot }, null)));
