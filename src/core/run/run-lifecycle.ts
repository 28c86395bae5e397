import type { AgentEvent } from '../store/events';
import { createId } from '../store/ids';
import type { AgentError, AgentState, AgentStatus } from '../store/state';
import { chargeStep, createRunBudget, LimitReachedError, runBudgetOf, wallClockNotice, type RunBudget } from './run-budget';
import type { SubAgentHost } from './sub-agent-host';
import type { RunConfig } from './run-config';
import { loadRunLoop, loadedRunLoop } from './load-run-loop';
import { settleCalls } from './settle-calls';
import { createWaker } from './waker';

/** How a run ended, as `send`, `retry` and the decision commands report it. */
export interface RunResult {
  status: Exclude<AgentStatus, 'running'>;
  error: AgentError | null;
}

/** Where the lifecycle reads and writes the agent's state. */
export interface RunStateAccess {
  getState: () => AgentState;
  dispatch: (event: AgentEvent) => void;
  now: () => number;
  /**
   * Saves the conversation now (a session's flush); the loop waits for it before each model call
   * and before a step's tools run, so a reload loses at most the step in flight. It resolves
   * however the save went (see `stepSaver`): a failed or slow save never holds a run up for long.
   */
  persist?: (() => Promise<void>) | undefined;
}

/**
 * The life of an agent's runs: starting one, continuing it after people decided, the one
 * active run and its abort controller, the budget a run spends across its pauses, and the
 * wall-clock limit. Commands decide *whether* to run; this module decides *how*.
 */
export interface RunLifecycle {
  /** A new run; `prepare` adds what the run starts from (the user message) before the loop reads the state. */
  begin(prepare?: (runId: string) => void): Promise<RunResult>;
  /** Wakes a run waiting for a decision, or resumes a paused one (same run id and budget). */
  continue(): Promise<RunResult>;
  /** Aborts the active run; when paused for people, cancels what waits and ends the run. */
  stop(): Promise<void>;
  /** Ends the active run at its next safe point: once the calls of its last step have their results, before the next model call. */
  interrupt(): void;
  /** Whether a run is active (streaming, running tools, or waiting inside its tool phase). */
  readonly active: boolean;
  /** Calls whose handler returned `deferToolResult`: they wait for `submitToolResult`. */
  readonly deferred: Set<string>;
}

/**
 * @example
 * ```ts
 * const runs = createRunLifecycle(config, { getState, dispatch, now: Date.now });
 * const result = await runs.begin((runId) => dispatch({ type: 'message-add', message: userMessage(runId) }));
 * ```
 */
export function createRunLifecycle(config: RunConfig, state: RunStateAccess, subAgents?: Omit<SubAgentHost, 'charge'>): RunLifecycle {
  const { getState, dispatch, now } = state;
  const { limits } = config;
  const waker = createWaker();
  const deferred = new Set<string>();
  let active: { controller: AbortController; done: Promise<RunResult>; interrupt: boolean } | null = null;
  // A restored conversation goes on under the run it was in.
  let budget: RunBudget = createRunBudget(getState().runId ?? createId('run'));

  function start(): Promise<RunResult> {
    const controller = new AbortController();
    const runBudget = budget;
    const startedAt = now();
    // Waiting for people does not count: the budget keeps the time of earlier stretches.
    const remainingMs = limits.maxWallClockMs !== undefined ? limits.maxWallClockMs - runBudget.activeMs : undefined;
    const wallClock =
      remainingMs !== undefined ? setTimeout(() => controller.abort(new LimitReachedError(wallClockNotice(limits.maxWallClockMs!))), Math.max(0, remainingMs)) : undefined;
    // A child's tokens count in this run's limits as they are spent; a limit reached stops the run (the child with it).
    const charge: SubAgentHost['charge'] = (usage, costUsd) => {
      const notice = chargeStep(runBudget, usage, limits, costUsd);
      if (notice && !controller.signal.aborted) controller.abort(new LimitReachedError(notice));
    };
    const loop = async () => (loadedRunLoop() ?? (await loadRunLoop()))({
      ...config,
      interruptRequested: () => active?.interrupt === true,
      runId: runBudget.runId,
      toolTimeoutMs: limits.toolTimeoutMs,
      alwaysAllowed: () => getState().alwaysAllowed,
      budget: runBudget,
      deferred,
      waitForDecision: () => waker.wait(controller.signal),
      getState,
      dispatch,
      signal: controller.signal,
      now,
      persist: state.persist,
      ...(subAgents ? { subAgentHost: { ...subAgents, charge } } : {}),
    });
    const done = (async () => {
      waker.takeMissed();
      let outcome = await loop();
      // A decision made while the run was on its way to pause (after its last look at the state)
      // would wait for a wake that never comes: look again instead of pausing.
      while (outcome.status === 'awaiting-people' && waker.takeMissed()) outcome = await loop();
      return outcome;
    })()
      .catch((error: unknown) => ({
        // A bug in the loop must still end the run visibly, never leave it "running".
        status: 'error' as const,
        error: { code: 'internal-error' as const, message: `Internal error in the agent loop: ${String(error)}`, retryable: true, at: now() },
      }))
      .then((outcome): RunResult => {
        clearTimeout(wallClock);
        runBudget.activeMs += now() - startedAt;
        active = null;
        const error = outcome.status === 'error' ? outcome.error : null;
        dispatch({ type: 'run-finish', runId: runBudget.runId, status: outcome.status, ...(error ? { error } : {}), activeMs: runBudget.activeMs });
        // The end of a run (an answer, an approval to ask) is saved at once, not after the quiet time.
        void state.persist?.();
        return { status: outcome.status, error };
      });
    active = { controller, done, interrupt: false };
    return done;
  }

  return {
    get active() {
      return active !== null;
    },
    deferred,
    begin(prepare) {
      budget = createRunBudget(createId('run'));
      dispatch({ type: 'run-start', runId: budget.runId, at: now() });
      prepare?.(budget.runId);
      return start();
    },
    continue() {
      waker.wake();
      if (active) return active.done;
      // The state's run is another life's (restored from a session, or run in another tab until
      // now): it goes on under its id, with what it has spent so far.
      const { runId } = getState();
      if (runId !== null && runId !== budget.runId) budget = runBudgetOf(getState());
      dispatch({ type: 'run-resume', runId: budget.runId, at: now() });
      return start();
    },
    interrupt() {
      if (active) active.interrupt = true;
    },
    async stop() {
      const run = active;
      if (run) {
        run.controller.abort(new DOMException('Stopped by the user.', 'AbortError'));
        await run.done;
        return;
      }
      if (getState().status !== 'awaiting-people') return;
      // Paused for people: nothing runs, but what waits must still get its one result.
      deferred.clear();
      settleCalls({ getState, dispatch, now }, () => true, 'cancelled', 'The user stopped the run before this call was decided; it did not run.');
      dispatch({ type: 'run-finish', runId: budget.runId, status: 'idle' });
    },
  };
}
