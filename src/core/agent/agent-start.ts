/**
 * What an agent starts from: its first state (given, restored from a snapshot, or empty) and,
 * with a session, the loading of the saved conversation (whose code arrives in a lazy chunk).
 */
import { withoutLoadedAuthority } from '../people/loaded-authority';
import type { AgentEvent } from '../store/events';
import { PersistenceError, toPersistenceError } from '../persistence/persistence-error';
import type { Sandbox } from '../sandbox/sandbox-types';
import { createAgentSession, type AgentSessionControl } from '../sessions/agent-session';
import { sealInterrupted } from '../sessions/seal-interrupted';
import { withApprovalResponded } from '../sessions/migrate-approval-responded';
import { readSnapshot } from '../sessions/snapshot-format';
import type { AgentSnapshot } from '../sessions/session-types';
import type { AgentState } from '../store/state';
import type { ToolDefinition } from '../tools/define-tool';
import { AgentCommandError, type AgentCommandErrorCode, type AgentOptions } from './agent-options';
import type { TabLocks, TabsRoute } from '../sessions/tabs/session-tabs';
import type { PermissionPolicy } from '../people/permission-policy';
import type { ToolCallHandler } from '../run/execute-tool-call';

/** What loaded states are checked against: the app's tools and policy. */
export interface StartContext {
  tools: ReadonlyMap<string, ToolDefinition>;
  now: () => number;
}

/**
 * The state the agent starts from: the given one, a snapshot's (sealed, with its files and
 * checkpoints loaded into the sandbox), or `undefined` for an empty one. Neither authorizes a
 * call: decided approvals that did not run are asked again, and "always allow" grants are kept
 * only with `trustSnapshot` (see `withoutLoadedAuthority`).
 *
 * @example
 * ```ts
 * const store = createAgentStore(startingState(options, { tools, now: Date.now }));
 * ```
 */
export function startingState(options: AgentOptions, context: StartContext): AgentState | undefined {
  if (options.snapshot !== undefined && options.initialState !== undefined) throw new TypeError('createAgent: pass `snapshot` or `initialState`, not both.');
  const loaded = (state: AgentState, settleUnavailable: boolean) =>
    withoutLoadedAuthority(state, { tools: context.tools, permissions: options.permissions ?? {}, keepGrants: options.trustSnapshot === true, settleUnavailable, now: context.now() });
  // A state given as it is stays as it is otherwise (views and tests render exact states); snapshots are restored.
  // It may have been saved by an older version (a bare state is how apps saved before snapshots), so it is migrated like one.
  if (options.initialState) return loaded(withApprovalResponded({ ...options.initialState, alwaysAllowed: options.initialState.alwaysAllowed ?? [] }), false);
  if (options.snapshot === undefined) return undefined;
  const snapshot = readSnapshot(options.snapshot);
  if (snapshot.sandbox) {
    if (!options.sandbox) throw new TypeError('createAgent: the snapshot has sandbox files; pass `sandbox: createSandbox()` (react-agent-kit/sandbox) to restore its files and checkpoints.');
    loadSandboxFiles(options.sandbox, snapshot.sandbox);
  }
  return sealInterrupted(loaded(snapshot.state, true), context.now());
}

/** All or nothing: when the checkpoints are refused, the sandbox gets its own files back. */
function loadSandboxFiles(sandbox: Sandbox, saved: NonNullable<AgentSnapshot['sandbox']>): void {
  const before = saved.files ? sandbox.toRecords() : undefined;
  try {
    if (saved.files) sandbox.load(saved.files);
    sandbox.importCheckpoints(saved.checkpoints);
    sandbox.importReads(saved.reads);
  } catch (error) {
    if (before) sandbox.load(before);
    const reason = error instanceof Error ? error.message : String(error);
    throw new PersistenceError('corrupt', `This is not a saved conversation that react-agent-kit can read: its workspace cannot be restored (${reason}). Nothing was loaded.`, { cause: error });
  }
}

/** A session being loaded, and whether the agent is to go on with the run it restores. */
export interface StartedSession extends AgentSessionControl {
  /** Once loaded: the session was saved mid-run and `session.resume` is `'auto'`. */
  resumesOnLoad(): boolean;
  /** Calls `listener` each time this tab has loaded the session to run it (at start, or when it takes the run over from another tab). */
  onRestored(listener: () => void): void;
  /** Which side of a session shared by tabs this one is on (both `undefined` without tabs). */
  readonly route: TabsRoute;
  /** How this tab runs a command another tab (browser tab `tab`) sent it, once the agent's commands exist. */
  serve(run: (name: string, args: readonly unknown[], tab: string) => Promise<unknown>): void;
}

/**
 * Checks the session option and starts loading the session; commands wait for `ready`.
 *
 * @example
 * ```ts
 * const control = startSession({ id: 'chat-1', storage }, { sandbox, tools, permissions, getState, dispatch, now: Date.now, subscribe });
 * await control.session.ready;
 * ```
 */
export function startSession(
  options: NonNullable<AgentOptions['session']>,
  agent: StartContext & {
    sandbox: Sandbox | undefined;
    permissions: PermissionPolicy;
    getState: () => AgentState;
    dispatch: (event: AgentEvent) => void;
    subscribe: (listener: () => void) => () => void;
    /** The app's host handler: another tab may send this one calls to run with it. */
    onToolCall: ToolCallHandler | undefined;
  },
): StartedSession {
  if (typeof options.id !== 'string' || options.id === '') throw new TypeError('createAgent: `session.id` must be a non-empty string.');
  const methods = ['list', 'load', 'save', 'rename', 'remove', 'files'] as const;
  const missing = methods.filter((name) => typeof (options.storage as unknown as Record<string, unknown> | null)?.[name] !== 'function');
  if (missing.length > 0) throw new TypeError(`createAgent: \`session.storage\` must be a session storage (indexedDbSessionStorage or memorySessionStorage from react-agent-kit/sessions); it lacks ${missing.join(', ')}.`);
  const control = createAgentSession(options.id);
  const onError = options.onError ?? ((error: PersistenceError) => console.warn(`[react-agent-kit] session "${options.id}": ${error.message}`));
  const { tools, permissions, onToolCall: _onToolCall, ...rest } = agent;
  // The app's own storage holds this user's own decisions: its grants stay, unless others can write
  // there too (a session server: any HTTP client of the user). Decided approvals that did not run are asked again.
  const keepGrants = options.storage.grants !== 'untrusted';
  const resume = options.resume ?? 'auto';
  if (resume !== 'auto' && resume !== 'ask' && resume !== 'never') throw new TypeError(`createAgent: \`session.resume\` must be 'auto', 'ask' or 'never', got ${JSON.stringify(resume)}.`);
  // A run that goes on again runs a call that was running only if its tool says that is safe.
  const resumeOptions = resume === 'never' ? undefined : { idempotent: (name: string) => tools.get(name)?.idempotent === true };
  const restoreState = (state: AgentState) => {
    interruptedRun = state.status === 'running';
    return sealInterrupted(withoutLoadedAuthority(state, { tools, permissions, keepGrants, settleUnavailable: true, now: agent.now() }), agent.now(), resumeOptions);
  };
  let interruptedRun = false;
  const restored = new Set<() => void>();
  // Loads the session and saves it from then on; then tells who waits for a restored run.
  const attach = () =>
    import('../sessions/session-sync')
      .then(({ attachSession }) => attachSession({ id: options.id, storage: options.storage, control, onError, delayMs: options.delayMs, maxDelayMs: options.maxDelayMs, restoreState, ...rest }))
      .catch((error: unknown) => {
        // Not even the code could load (offline after an update, say): the chat runs in memory.
        control.set({ status: 'off', loaded: 'failed', error: toPersistenceError(error, 'loading the session') });
        control.finishLoading();
      })
      .then(() => {
        for (const listener of [...restored]) listener();
      });
  const route: TabsRoute = { tab: undefined, leader: undefined, follower: undefined };
  let runCommand: (name: string, args: readonly unknown[], tab: string) => Promise<unknown> = () => Promise.reject(new Error('The agent is not ready.'));
  const tabs = sharedTabs(options);
  const membership = tabs
    ? import('../sessions/tabs/session-tabs')
        .then(({ joinTabs }) =>
          joinTabs({
            ...tabs,
            control,
            route,
            getState: agent.getState,
            subscribe: agent.subscribe,
            dispatch: agent.dispatch,
            sandbox: agent.sandbox,
            attach,
            run: (name, args, tab) => runCommand(name, args, tab),
            toError: toCommandError,
            tools,
            onToolCall: agent.onToolCall,
          }),
        )
        .catch(() => {
          // The tabs' code did not load: this tab goes on alone, as without tabs.
          void attach();
          return undefined;
        })
    : (void attach(), undefined);
  // Disposing the session (agent.dispose(), or an app switching conversations) lets the next tab lead.
  control.afterDispose(async () => {
    await (await membership)?.leave();
  });
  return {
    ...control,
    resumesOnLoad: () => resume === 'auto' && interruptedRun,
    onRestored: (listener) => void restored.add(listener),
    route,
    serve: (run) => void (runCommand = run),
  };
}

/** The lock and channel of a session shared by the tabs of one browser, or `undefined` where it is not (see `session.tabs`). */
function sharedTabs(options: NonNullable<AgentOptions['session']>): { name: string; locks: TabLocks; openChannel: (name: string) => BroadcastChannel } | undefined {
  const locks = (globalThis as { navigator?: { locks?: TabLocks } }).navigator?.locks;
  if (options.tabs === false || options.storage.tabs === undefined || locks === undefined || typeof BroadcastChannel !== 'function') return undefined;
  return { name: `react-agent-kit:tabs:${options.storage.tabs}:${options.id}`, locks, openChannel: (name) => new BroadcastChannel(name) };
}

/** A command that failed in the leading tab fails the same way here. */
function toCommandError(error: { name: string; message: string; code?: string }): Error {
  if (error.name === 'AgentCommandError' && error.code !== undefined) return new AgentCommandError(error.code as AgentCommandErrorCode, error.message);
  return Object.assign(new Error(error.message), { name: error.name });
}
