/**
 * A throwaway PostgreSQL server for tests: `initdb` in a temporary directory, `postgres` on a free
 * loopback port with trust authentication, removed again by `stop()`. Uses the binaries of
 * Debian's `postgresql` package (`.ci/run` installs it), or those in `$PG_BIN`. As root (CI), the
 * server runs as the `postgres` user, since Postgres refuses to run as root.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  /** `postgres://postgres@127.0.0.1:PORT/postgres` */
  readonly connectionString: string;
  /** A new, empty database on the cluster; its connection string. */
  createDatabase(): Promise<string>;
  stop(): Promise<void>;
}

/** The directory of `initdb` and `postgres`, or `undefined` when PostgreSQL is not installed. */
export function findPostgresBinaries(): string | undefined {
  const candidates = [process.env.PG_BIN];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  return candidates.find((dir) => dir !== undefined && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'postgres')));
}

const startTimeoutMs = 30_000;
let databases = 0;

/**
 * Starts a fresh cluster; rejects (having cleaned up) if it is not accepting connections within 30 s.
 *
 * @example
 * ```ts
 * const cluster = await startPostgresCluster(findPostgresBinaries()!);
 * const url = await cluster.createDatabase();
 * await cluster.stop();
 * ```
 */
export async function startPostgresCluster(binaries: string): Promise<PostgresCluster> {
  const root = mkdtempSync(join(tmpdir(), 'rak-postgres-'));
  const data = join(root, 'data');
  const sockets = join(root, 'sockets');
  mkdirSync(sockets);
  const user = runAs();
  if (user) for (const path of [root, sockets]) chownSync(path, user.uid, user.gid);
  let server: ChildProcess | undefined;
  const cleanUp = async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGINT'); // fast shutdown
      const timer = setTimeout(() => server!.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(root, { recursive: true, force: true });
  };
  try {
    execFileSync(join(binaries, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], {
      stdio: 'pipe',
      timeout: 60_000,
      ...(user ?? {}),
    });
    const port = await freePort();
    let output = '';
    server = spawn(join(binaries, 'postgres'), ['-D', data, '-k', sockets, '-h', '127.0.0.1', '-p', String(port), '-F', '-c', 'max_connections=50'], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(user ?? {}),
    });
    server.stdout!.on('data', (chunk) => (output += String(chunk)));
    server.stderr!.on('data', (chunk) => (output += String(chunk)));
    const connectionString = `postgres://postgres@127.0.0.1:${port}/postgres`;
    await waitUntilReady(connectionString, server, () => output);
    const admin = new pg.Client({ connectionString });
    await admin.connect();
    return {
      connectionString,
      async createDatabase() {
        const name = `rak_test_${process.pid}_${++databases}`;
        await admin.query(`CREATE DATABASE ${name}`);
        return `postgres://postgres@127.0.0.1:${port}/${name}`;
      },
      async stop() {
        await admin.end().catch(() => undefined);
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Postgres will not run as root: then it runs as the `postgres` user that Debian's package makes. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitUntilReady(connectionString: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`postgres exited before accepting connections:\n${output()}`);
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
    if (Date.now() > deadline) throw new Error(`postgres did not accept connections within ${startTimeoutMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
