import { watchApprovalExpiry } from '../people/approval-expiry';
import { createId } from '../store/ids';
import { assertLanguageModel } from '../model/validate-model';
import { askUserQuestionTool } from '../people/ask-user-question-tool';
import { askUserQuestionToolName } from '../people/question-types';
import { todoWriteTool } from '../people/todo-write-tool';
import { todoLimits, todoWriteToolName } from '../people/todo-rules';
import { canResume } from '../sessions/seal-interrupted';
import { createSnapshot } from '../sessions/snapshot-format';
import { startingState, startSession } from './agent-start';
import { createAgentStore } from '../store/store';
import type { AgentState, MessagePart } from '../store/state';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { ToolDefinition } from '../tools/define-tool';
import { createToolRegistry } from '../tools/tool-registry';
import { AgentCommandError, type Agent, type AgentOptions, type RunResult, type SendOptions } from './agent-options';
import { checkpointIdsWith } from './turn-checkpoint';
import { toToolInfo as toolInfoOf, type ToolInfo } from '../tools/tool-info';
import { createPeopleCommands } from './people-commands';
import { createRunConfig } from '../run/run-config';
import { createRunLifecycle } from '../run/run-lifecycle';
import { loadRunLoop } from '../run/load-run-loop';
import { gateCommands, type AgentCommandName, type AgentCommands } from './session-gate';
import { routeToLeader } from './route-to-leader';
import type { MessageQueue } from './message-queue';
import type { BranchCommands } from './branch-commands';
import { branchSiblings } from '../store/branches';
import type { TabsRoute } from '../sessions/tabs/session-tabs';
import type { ToolCallHandler } from '../run/execute-tool-call';
import { createAgentEvents } from './agent-events';
import { consoleReportError, reportSafely } from './report-error';
import { closeOnDispose } from './agent-dispose';
import type { AgentEvent } from '../store/events';
import { agentToolFactsOf, subAgentDepthKey, type SubAgentHost } from '../run/sub-agent-host';
import { routeToChildren } from './route-to-children';
import { stepSaver } from './step-saver';
import type { FollowUpOptions } from './follow-up-options';

/**
 * Creates an agent: the loop, its tools, its people-in-the-loop commands and its store.
 * Throws at once for a model, tool list or limit it cannot use, naming what is wrong.
 *
 * @example
 * ```ts
 * import { createAgent, demoModel } from 'react-agent-kit';
 *
 * const agent = createAgent({ model: demoModel(), instructions: 'You are concise.' });
 * await agent.send('Hello!');
 * agent.getState().messages.at(-1); // the streamed reply
 * ```
 */
export function createAgent(options: AgentOptions): Agent {
  if (typeof options !== 'object' || options === null) throw new TypeError('createAgent: pass an options object, e.g. `createAgent({ model })`.');
  const { model } = options;
  assertLanguageModel(model);
  const sandbox = options.sandbox;
  if (sandbox !== undefined) assertSandbox(sandbox);
  // The plan tool puts the list in the state through `dispatch` (below), which exists once the tools do.
  const planTool = options.todos ? todoWriteTool((todos, toolCallId) => dispatch({ type: 'todos-update', todos, toolCallId })) : undefined;
  const tools = createToolRegistry(withBuiltInTools(options, planTool));
  const { permissions: policy = {} } = options;
  // With a session shared by tabs: this tab's side (filled in once the session joined them).
  const tabs: { route?: TabsRoute | undefined } = {};
  // In a session shared by tabs, the leading tab sends the calls of `tab: 'sender'` tools to the tab their message came from.
  const hostCall = options.onToolCall;
  const onToolCall: ToolCallHandler | undefined =
    typeof hostCall === 'function' && options.session ? (call) => (tabs.route?.leader ? tabs.route.leader.runHostCall(call, hostCall) : hostCall(call)) : hostCall;
  // Updating the plan changes nothing but what the person sees, so even `mode: 'ask'` does not ask (`deny` still refuses).
  const config = createRunConfig({ ...options, onToolCall, tools, permissions: planTool ? { ...policy, allow: [...(policy.allow ?? []), todoWriteToolName] } : policy });
  const { permissions } = config;
  const allowFreeTextDefault = typeof options.askUser === 'object' && options.askUser.allowFreeText === true;
  const now = Date.now;
  const agentStore = createAgentStore(startingState(options, { tools, now }));
  const getState = () => agentStore.store.getState();
  const reportError = options.reportError ?? consoleReportError;
  const events = createAgentEvents(reportError);
  // Every event goes through here: logged and applied by the store, then given to `agent.on` listeners.
  // With the session shared by tabs, the leading tab's events go to the others too.
  const dispatch = (event: AgentEvent) => {
    const logged = agentStore.dispatch(event);
    tabs.route?.leader?.publish(event);
    events.emit(logged);
    return logged;
  };
  // Sub-agents running for this agent's calls, by call id: people decide their calls through this agent.
  const children = new Map<string, Agent>();
  const host: Omit<SubAgentHost<Agent, AgentOptions>, 'charge'> = {
    model,
    sandbox,
    permissions,
    costEstimator: options.costEstimator,
    createAgent,
    depth: (options as { [subAgentDepthKey]?: number })[subAgentDepthKey] ?? 0,
    hooks: config.hooks,
    adopt(toolCallId, child) {
      children.set(toolCallId, child);
      return () => void children.delete(toolCallId);
    },
    mirror: (toolCallId, subAgent) => dispatch({ type: 'tool-call-sub-agent', toolCallId, subAgent }),
  };
  // The session is started below; the run reaches it when it runs. Without one, a run never waits.
  const persist = options.session ? stepSaver(() => session?.session) : undefined;
  const runs = createRunLifecycle(config, { getState, dispatch, now, persist }, host);

  // A summary being written on request (`compact()`): nothing else runs meanwhile, and stop() ends it.
  let compacting: AbortController | undefined;

  function assertIdle(): void {
    if (compacting) throw new AgentCommandError('agent-busy', 'The agent is summarizing the conversation. Wait for compact() to finish or call stop() first.');
    const status = getState().status;
    if (status === 'running' || runs.active) {
      throw new AgentCommandError('agent-busy', 'The agent is already running. Wait for the run to finish, call stop() first, or send with whenBusy: \'queue\'.');
    }
    if (status === 'awaiting-people') {
      throw new AgentCommandError('agent-busy', 'The agent is waiting for an approval or an answer. Settle it, or stop() to cancel what waits.');
    }
  }

  /** Whether a message sent now would have to wait (what `assertIdle` refuses). */
  const busy = () => compacting !== undefined || runs.active || getState().status === 'running' || getState().status === 'awaiting-people';
  const whenBusy = options.whenBusy ?? 'queue';
  if (whenBusy !== 'queue' && whenBusy !== 'interrupt' && whenBusy !== 'reject') throw new TypeError(`createAgent: \`whenBusy\` must be 'queue', 'interrupt' or 'reject', got ${JSON.stringify(whenBusy)}.`);
  // Until a session is loaded, its queue is not this agent's to send; a following tab leaves it to the leader.
  let sessionLoaded = options.session === undefined;
  // The queue's code loads with the first message that waits (sent while busy, or restored with a session).
  let queueLoad: Promise<MessageQueue> | undefined;
  const loadQueue = () =>
    (queueLoad ??= import('./message-queue').then(({ createMessageQueue }) =>
      createMessageQueue({
        getState,
        dispatch,
        now,
        send: (tab, text, sendOptions) => sendFrom(tab, text, sendOptions),
        busy,
        interrupt() {
          if (compacting) compacting.abort();
          else if (getState().status === 'awaiting-people' && !runs.active) void runs.stop();
          else runs.interrupt();
        },
        canSend: () => sessionLoaded && disposal === undefined && tabs.route?.follower === undefined,
      }),
    ));
  const drain = () => void (getState().queue && loadQueue().then((queue) => queue.drain()));
  let drainLater = false;
  agentStore.store.subscribe((state) => {
    if (drainLater || state.queue === undefined) return;
    drainLater = true;
    queueMicrotask(() => {
      drainLater = false;
      drain();
    });
  });
  const { expireApproval, ...people } = createPeopleCommands({ getState, dispatch, now, tools, allowFreeTextDefault, deferred: runs.deferred, continueRun: () => runs.continue() });
  // A following tab leaves expiry to the leading one, whose state it shows.
  const stopExpiry = watchApprovalExpiry(agentStore.store, (toolCallId) => void (tabs.route?.follower ? undefined : expireApproval(toolCallId).catch(() => {})), now);
  let disposal: Promise<void> | undefined;
  const session = options.session ? startSession(options.session, { sandbox, tools, permissions, getState, dispatch, now, subscribe: (listener) => agentStore.store.subscribe(() => listener()), onToolCall: options.onToolCall }) : undefined;
  tabs.route = session?.route;
  // The browser tab a command was given in: another tab's, while this one runs it for that tab.
  let servingTab: string | undefined;
  const commandTab = () => servingTab ?? tabs.route?.tab;
  /** `send`, from the tab it was given in (read when the command starts, before it waits for anything). */
  async function sendFrom(tab: string | undefined, text: string, sendOptions: SendOptions = {}): Promise<RunResult> {
    if (typeof text !== 'string') throw new AgentCommandError('invalid-message', `send(text): text must be a string, got ${typeof text}.`);
    if (typeof sendOptions !== 'object' || sendOptions === null) throw new AgentCommandError('invalid-message', 'send(text, options): options must be an object such as { files }.');
    const { saveTo } = sendOptions;
    if (saveTo !== undefined && (typeof saveTo !== 'string' || !saveTo.startsWith('/'))) throw new AgentCommandError('invalid-message', `send(text, { saveTo }): saveTo must be an absolute folder such as "/uploads", got ${JSON.stringify(saveTo)}.`);
    if (saveTo !== undefined && !sandbox) throw new AgentCommandError('invalid-message', 'send(text, { saveTo }): the agent has no sandbox to save the files in; create it with `sandbox: createSandbox()`.');
    // Read before anything changes (a File is read asynchronously): the checks below and the message then happen at once.
    // The code that reads and saves files loads with the first message that has some.
    const attach = sendOptions.files === undefined ? undefined : await import('./attached-files');
    const files = attach ? await attach.readAttachedFiles(sendOptions.files) : [];
    if (text.trim() === '' && files.length === 0) throw new AgentCommandError('empty-message', 'send(text): the message is empty; nothing was sent.');
    const mode = sendOptions.whenBusy ?? whenBusy;
    if (mode !== 'queue' && mode !== 'interrupt' && mode !== 'reject') throw new AgentCommandError('invalid-message', `send(text, { whenBusy }): must be 'queue', 'interrupt' or 'reject', got ${JSON.stringify(mode)}.`);
    if (mode !== 'reject' && busy()) return (await loadQueue()).add({ tab, text, files, saveTo }, mode);
    assertIdle();
    // Taken before the run starts, so rolling back to this message undoes everything it caused.
    const checkpointId = sandbox?.checkpoint();
    let parts: MessagePart[] = files;
    if (saveTo !== undefined && files.length > 0) {
      try {
        parts = attach!.saveAttachedFiles(sandbox!, saveTo, files);
      } catch (error) {
        sandbox!.restore(checkpointId!);
        sandbox!.deleteCheckpoint(checkpointId!);
        throw error;
      }
    }
    if (text.trim() !== '') parts = [...parts, { type: 'text', id: createId('part'), text, status: 'done' }];
    return runs.begin((runId) =>
      dispatch({
        type: 'message-add',
        message: {
          id: createId('msg'),
          role: 'user',
          parts,
          status: 'done',
          createdAt: now(),
          runId,
          ...(checkpointId !== undefined ? { checkpointId } : {}),
          ...(tab !== undefined ? { tab } : {}),
        },
      }),
    );
  }
  /** The plan as the active path's calls made it (after a rollback, a fork or a switch). */
  async function replan(): Promise<void> {
    if (getState().todos === undefined && !getState().toolCalls.some((call) => call.name === todoWriteToolName)) return;
    const plans = await import('../people/todo-list');
    dispatch({ type: 'todos-update', todos: plans.todosFromCalls(getState().toolCalls.filter((call) => call.name === todoWriteToolName), todoLimits) });
  }
  // Edits, regenerations and switches keep branches: their code loads with the first of them.
  let branchingLoad: Promise<BranchCommands> | undefined;
  const branching = () =>
    (branchingLoad ??= import('./branch-commands').then(({ createBranchCommands }) => createBranchCommands({ getState, dispatch, sandbox, assertIdle, sendFrom, begin: () => runs.begin(), replan })));
  // Follow-up suggestions (`suggestFollowUps`): their code loads with the first request.
  let followUpsLoad: Promise<(options?: FollowUpOptions) => Promise<string[]>> | undefined;
  const loadFollowUps = () =>
    (followUpsLoad ??= import('./follow-up-command').then(({ createFollowUpCommand }) =>
      createFollowUpCommand({ model, getState, subscribe: (listener) => agentStore.store.subscribe(listener), dispatch, costEstimator: config.costEstimator, retryPolicy: config.retryPolicy }),
    ));
  const commands: AgentCommands = {
    send: (text, sendOptions) => sendFrom(commandTab(), text, sendOptions),
    async rollback(messageId) {
      // Loaded before anything is checked or changed, so the rollback itself happens at once.
      const plans = getState().todos === undefined ? undefined : await import('../people/todo-list');
      // The branches a rollback can remove are held by the messages it removes.
      const branchCode = getState().messages.some((message) => message.branches !== undefined) ? await import('./branch-commands') : undefined;
      assertIdle();
      const messages = getState().messages;
      const index = messages.findIndex((message) => message.id === messageId);
      const message = messages[index];
      if (message?.role !== 'user') {
        throw new AgentCommandError('unknown-message', `rollback(${JSON.stringify(messageId)}): there is no user message with this id in the conversation.`);
      }
      if (sandbox !== undefined) {
        const known = checkpointIdsWith(sandbox, message, `rollback(${JSON.stringify(messageId)})`);
        sandbox.restore(message.checkpointId!);
        // The checkpoints of removed turns lead nowhere now.
        for (const removed of messages.slice(index)) {
          if (removed.checkpointId !== undefined && known.has(removed.checkpointId)) sandbox.deleteCheckpoint(removed.checkpointId);
        }
      }
      const before = getState();
      dispatch({ type: 'messages-truncate', messageId });
      // The branches that followed what was removed went with it, and their files.
      if (branchCode) for (const id of branchCode.droppedBranchCheckpoints(before, getState())) sandbox?.deleteCheckpoint(id);
      // The plan goes back to what the calls that remain made it.
      if (plans) dispatch({ type: 'todos-update', todos: plans.todosFromCalls(getState().toolCalls.filter((call) => call.name === todoWriteToolName), todoLimits) });
      return { text: message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''), files: message.parts.filter((part) => part.type === 'file') };
    },
    stop: () => {
      compacting?.abort();
      return runs.stop();
    },
    editQueued: async (id, text) => (await loadQueue()).edit(id, text),
    removeQueued: async (id) => (await loadQueue()).remove(id),
    async compact(compactOptions = {}) {
      const { instructions, keepRecentTurns = 1 } = compactOptions;
      if (instructions !== undefined && typeof instructions !== 'string') throw new AgentCommandError('invalid-input', 'compact({ instructions }): instructions must be a string.');
      if (!Number.isSafeInteger(keepRecentTurns) || keepRecentTurns < 1) throw new AgentCommandError('invalid-input', `compact({ keepRecentTurns }): must be a whole number of at least 1, got ${String(keepRecentTurns)}.`);
      assertIdle();
      const controller = new AbortController();
      compacting = controller;
      try {
        const manager = await config.context.load();
        const request = { getState, dispatch, now, model, instructions: config.instructions, tools: config.providerTools, maxToolOutputChars: config.limits.maxToolOutputChars, signal: controller.signal, retryPolicy: config.retryPolicy };
        return await manager.compact(request, { instructions: instructions?.trim() || undefined, keepRecentTurns });
      } catch (error) {
        if (controller.signal.aborted) return null;
        throw new AgentCommandError('summary-failed', error instanceof Error ? error.message : String(error));
      } finally {
        compacting = undefined;
      }
    },
    // Loaded with the first call an app asks for (an MCP App's tools/call): other apps ship none of it.
    callTool: async (name, input) => {
      const { createAppToolCall } = await import('./app-tool-call');
      return createAppToolCall({ getState, dispatch, subscribe: (listener) => agentStore.store.subscribe(() => listener()), now, tools, assertIdle, begin: (prepare) => runs.begin(prepare) })(name, input);
    },
    async retry() {
      const state = getState();
      if (state.status !== 'error') throw new AgentCommandError('nothing-to-retry', 'retry(): the last run did not fail; there is nothing to retry.');
      assertIdle();
      const failed = lastFailedAnswer(state);
      // A failed reply with no tool calls is only a partial answer: the new attempt replaces it.
      if (failed) dispatch({ type: 'message-remove', messageId: failed });
      return runs.begin();
    },
    editMessage(messageId, text) {
      const tab = commandTab();
      return branching().then((commands) => commands.editMessage(messageId, text, tab));
    },
    regenerate: async (regenerateOptions) => (await branching()).regenerate(regenerateOptions),
    switchBranch: async (messageId) => (await branching()).switchBranch(messageId),
    compareBranches: async (from, to) => (await branching()).compareBranches(from, to),
    // Its checks load with the first rating: a chat that asks for none ships none of them.
    setFeedback: async (messageId, feedback) => {
      const { feedbackEvent } = await import('./message-feedback');
      dispatch(feedbackEvent(getState(), messageId, feedback, now()));
    },
    async resume() {
      assertIdle();
      if (!canResume(getState())) {
        throw new AgentCommandError('nothing-to-resume', 'resume(): the conversation does not stop between steps (it ends with a reply, or waits for a person); send a message instead.');
      }
      return runs.continue();
    },
    preload: () => loadRunLoop().then(() => undefined),
    // An engine of its own (a remote AG-UI agent) has no model here to ask; the code loads with the first request.
    ...(config.engineStep ? {} : { suggestFollowUps: async (followUpOptions) => (await loadFollowUps())(followUpOptions) }),
    dispose() {
      disposal ??= (async () => {
        await commands.stop();
        stopExpiry();
        await config.toolLifecycle.dispose((error, toolName) => reportSafely(reportError, error, { kind: 'dispose', toolName }));
        await session?.session.dispose();
      })();
      return disposal;
    },
    ...people,
    ...routeToChildren(people, children, getState, () => runs.continue()),
  };
  // A session saved mid-run goes on once loaded (`session.resume: 'auto'`), also when this tab
  // takes the run over from another, unless something else started meanwhile or the agent was let go.
  session?.onRestored(() => {
    sessionLoaded = true;
    // Queued messages are sent once the run that goes on is over (or now, if none does).
    queueMicrotask(drain);
    if (!session.resumesOnLoad() || disposal !== undefined || runs.active || !canResume(getState())) return;
    commands.resume().catch(() => {});
  });
  const closed = closeOnDispose(commands, () => disposal !== undefined);
  // Commands another tab sends run here as this tab's own.
  session?.serve((name, args, tab) => {
    servingTab = tab;
    try {
      return (closed[name as AgentCommandName] as (...given: readonly unknown[]) => Promise<unknown>)(...args);
    } finally {
      servingTab = undefined;
    }
  });
  const agent: Agent = {
    // With a session, commands wait until it is loaded (they act on the restored conversation);
    // a following tab's go to the leading tab; once disposed, they reject.
    ...gateCommands(session ? routeToLeader(closed, session.route) : closed, session?.session.ready),
    model,
    sandbox,
    store: agentStore.store,
    tools: [...tools.values()].map((tool) => toToolInfo(tool, sandbox)),
    askUser: { enabled: tools.has(askUserQuestionToolName), allowFreeText: allowFreeTextDefault },
    whenBusy,
    context: config.context.maxInputTokens === undefined ? undefined : { maxInputTokens: config.context.maxInputTokens },
    branches: (messageId) => branchSiblings(getState(), messageId),
    snapshot: (snapshotOptions) =>
      createSnapshot(getState(), sandbox ? { ...(snapshotOptions?.files === false ? {} : { files: sandbox.toRecords() }), checkpoints: sandbox.exportCheckpoints(), reads: sandbox.exportReads() } : undefined),
    session: session?.session,
    getState,
    subscribe: (listener) => agentStore.store.subscribe(listener),
    eventsSince: (cursor) => agentStore.log.since(cursor),
    on: events.on,
  };
  return agent;
}

function withBuiltInTools(options: AgentOptions, planTool: ToolDefinition | undefined): readonly ToolDefinition<never, unknown>[] {
  const tools = [...(options.tools ?? []), ...(options.sandbox?.agentTools() ?? []), ...(planTool ? [planTool] : [])];
  if (!options.askUser || tools.some((tool) => tool.name === askUserQuestionToolName)) return tools;
  return [...tools, askUserQuestionTool()];
}

function assertSandbox(value: unknown): asserts value is Sandbox {
  const methods = ['checkpoint', 'restore', 'checkpoints', 'deleteCheckpoint', 'agentTools', 'subscribe'] as const;
  const missing = methods.filter((name) => typeof (value as Record<string, unknown> | null)?.[name] !== 'function');
  if (missing.length > 0) {
    throw new TypeError(`createAgent: \`sandbox\` must be a sandbox from createSandbox() (react-agent-kit/sandbox); it lacks ${missing.join(', ')}.`);
  }
}

/** A tool for display; a sub-agent tool lists its child's tools (once along a path: a helper may list itself among its tools). */
function toToolInfo(tool: ToolDefinition, sandbox: Sandbox | undefined, path: ReadonlySet<ToolDefinition> = new Set()): ToolInfo {
  const child = path.has(tool) ? undefined : agentToolFactsOf(tool)?.childTools(sandbox);
  return {
    ...toolInfoOf(tool),
    ...(child ? { subAgent: { tools: child.tools.map((childTool) => toToolInfo(childTool as ToolDefinition, child.sandbox, new Set([...path, tool]))) } } : {}),
  };
}

function lastFailedAnswer(state: AgentState): string | undefined {
  const last = state.messages.at(-1);
  if (!last || last.role !== 'assistant' || last.status !== 'error') return undefined;
  return last.parts.some((part) => part.type === 'tool-call') ? undefined : last.id;
}
