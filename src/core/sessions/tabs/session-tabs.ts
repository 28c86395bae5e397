/**
 * One conversation, many tabs, one run (`session.tabs`). The tabs of one browser that open the
 * same session elect one leader with a Web Lock: it loads and saves the session and runs the
 * loop, as a single tab does. Every other tab follows it over a `BroadcastChannel` (its state,
 * token by token, and its files) and sends its commands to it. When the leader's tab closes or
 * crashes, the browser releases its lock, and a following tab takes the run over as a reload
 * would: it loads the session and goes on (`session.resume`).
 *
 * Loaded lazily by `startSession` when the browser has both Web Locks and BroadcastChannel.
 */
import type { Sandbox } from '../../sandbox/sandbox-types';
import type { AgentEvent } from '../../store/events';
import type { AgentState } from '../../store/state';
import type { AgentSessionControl } from '../agent-session';
import { followTabs, type TabFollower } from './tab-follower';
import { leadTabs, type TabLeader } from './tab-leader';
import type { HostCall } from './tab-calls';
import type { TabLocks } from './tab-protocol';
import type { ToolDefinition } from '../../tools/define-tool';
import { thisTabId } from './tab-identity';

export type { TabLocks } from './tab-protocol';

/** Where the agent sees which side this tab is on; filled in as tabs join and leave. */
export interface TabsRoute {
  /** This browser tab's id among the tabs (kept across its reloads), once it joined. */
  tab: string | undefined;
  leader: TabLeader | undefined;
  follower: TabFollower | undefined;
}

export interface JoinTabsContext {
  /** The lock's and the channel's name: the storage's and the session's. */
  name: string;
  /** Called when this tab's state changes (to see a run that was taken over end). */
  subscribe(listener: () => void): () => void;
  locks: TabLocks;
  openChannel(name: string): BroadcastChannel;
  control: AgentSessionControl;
  route: TabsRoute;
  getState: () => AgentState;
  /** Applies an event to this tab's store (the leader's events, in a following tab). */
  dispatch: (event: AgentEvent) => void;
  sandbox: Sandbox | undefined;
  /** Loads the session from its storage and saves it from then on: what a leading tab does. */
  attach(): Promise<void>;
  /** Runs one of the agent's commands in this tab (for a following tab that sent it; `tab`: that browser tab). */
  run(name: string, args: readonly unknown[], tab: string): Promise<unknown>;
  /** The agent's tools (which tab runs a host call is the tool's to say). */
  tools: ReadonlyMap<string, ToolDefinition>;
  /** The app's handler, for the calls another tab sends this one (`tab: 'sender'` tools). */
  onToolCall: ((call: HostCall) => unknown) | undefined;
  toError(error: { name: string; message: string; code?: string }): Error;
}

/** The state once the run (resumed after a takeover, if any) is no longer running. */
function runEnd(context: JoinTabsContext): Promise<AgentState> {
  return new Promise((resolve) => {
    const check = () => {
      const state = context.getState();
      if (state.status === 'running') return false;
      stop?.();
      resolve(state);
      return true;
    };
    let stop: (() => void) | undefined;
    // The resumed run starts in a later task than the load: look once it had the chance.
    setTimeout(() => {
      if (!check()) stop = context.subscribe(() => void check());
    }, 0);
  });
}

/** A tab's membership: `leave` when the agent is let go (a leader releases its lock; resolves once it is released). */
export interface TabsMembership {
  leave(): Promise<void>;
}

/**
 * Joins the tabs of this session: leads at once when no tab does, else follows and waits for the
 * lock. Resolves once this tab's side is known (its first state is on the way).
 *
 * @example
 * ```ts
 * const membership = await joinTabs({ name, locks: navigator.locks, openChannel: (name) => new BroadcastChannel(name), control, route, getState, dispatch, sandbox, attach, run, toError, tools, onToolCall });
 * membership.leave();
 * ```
 */
export async function joinTabs(context: JoinTabsContext): Promise<TabsMembership> {
  const { control, route } = context;
  const channel = context.openChannel(context.name);
  const leaving = new AbortController();
  const tab = thisTabId();
  route.tab = tab;
  const { locks, name } = context;
  let release: (() => void) | undefined;

  // This tab's lock requests: each settles once its lock is released (or it was given up).
  const requests: Promise<unknown>[] = [];
  /** Holds the lock until this tab leaves; resolves `true` once it has it, `false` when another tab has it (with `ifAvailable`). */
  const acquire = (ifAvailable: boolean) =>
    new Promise<boolean>((resolve) => {
      const request = context.locks.request(context.name, ifAvailable ? { ifAvailable: true } : { signal: leaving.signal }, (lock) => {
        if (lock === null) return resolve(false);
        resolve(true);
        return new Promise<void>((done) => (release = done));
      });
      requests.push(request.catch(() => resolve(false)));
    });

  const lead = () => {
    route.leader = leadTabs({ channel, getState: context.getState, sandbox: context.sandbox, ready: control.session.ready, run: context.run, locks, name, tab, tools: context.tools });
    control.set({ leader: true });
  };

  if (await acquire(true)) {
    lead();
    await context.attach();
  } else {
    control.set({ leader: false, status: 'saved', error: null });
    route.follower = followTabs({
      channel,
      dispatch: context.dispatch,
      sandbox: context.sandbox,
      toError: context.toError,
      tab,
      locks,
      name,
      onToolCall: context.onToolCall,
      onWelcome: () => {
        control.set({ loaded: 'restored' });
        control.finishLoading();
      },
    });
    // The leader's tab closes or crashes: its lock is released, and this tab takes the run over
    // as a reload would (the session as last saved, then `session.resume`).
    void acquire(false).then(async (acquired) => {
      if (!acquired || leaving.signal.aborted) return;
      // This tab's commands that the old leader never answered (a send whose run was going on)
      // settle with the run this tab now goes on with.
      const unanswered: { resolve(value: unknown): void }[] = [];
      route.follower?.close((command) => unanswered.push(command));
      route.follower = undefined;
      lead();
      await context.attach();
      if (unanswered.length > 0) {
        const { status, error } = await runEnd(context);
        for (const command of unanswered) command.resolve({ status, error });
      }
    });
  }

  return {
    async leave() {
      leaving.abort();
      route.follower?.close((command) => command.reject(new Error('This tab let go of the conversation before the tab running it answered.')));
      route.follower = undefined;
      route.leader?.close();
      route.leader = undefined;
      release?.();
      channel.close();
      // The next tab (or the next agent of this one) can take the session once this resolves.
      await Promise.all(requests);
    },
  };
}
