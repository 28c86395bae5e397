import type { Agent, AgentOptions, RunResult } from '../agent/agent-options';
import { emptyUsage, type AgentState, type Usage } from '../store/state';
import { usageSince } from '../store/usage-math';
import type { ToolExecutionContext } from '../tools/define-tool';
import { isOwnSandbox, workspaceTools } from './sub-agent-workspace';
import type { AgentToolOptions } from './agent-tool-options';
import { childAgentKey, inheritedHooksKey, subAgentDepthKey, type SubAgentHost } from '../run/sub-agent-host';
import type { BeforeHook } from '../run/agent-hooks';

/**
 * Runs one sub-agent call: a child agent made from the tool's options (the parent's model,
 * workspace and policy where they say nothing), sent the task, mirrored into the call as it
 * goes, its usage charged to the parent run, stopped with it. Waits while the child waits for a
 * person: those decisions are made through the parent. Resolves with the child's final answer;
 * throws (an error result for the parent model) when the child fails or the run stops.
 */
export async function runSubAgent(options: AgentToolOptions, task: string, host: SubAgentHost<Agent, AgentOptions>, context: ToolExecutionContext): Promise<string> {
  const makeChild = options[childAgentKey];
  const child = makeChild ? makeChild({ permissions: options.permissions ?? host.permissions, sandbox: host.sandbox }) : host.createAgent({
    model: options.model ?? host.model,
    instructions: options.instructions,
    tools: [...(options.tools ?? []), ...workspaceTools(options.sandbox, host.sandbox)],
    ...(isOwnSandbox(options.sandbox) ? { sandbox: options.sandbox } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
    permissions: options.permissions ?? host.permissions,
    ...(host.costEstimator ? { costEstimator: host.costEstimator } : {}),
    ...(options.askUser ? { askUser: options.askUser } : {}),
    ...(options.todos ? { todos: true } : {}),
    ...(options.hooks ? { hooks: options.hooks } : {}),
    [subAgentDepthKey]: host.depth + 1,
    [inheritedHooksKey]: inheritedHooks(host, options.name, context.toolCallId),
  } as AgentOptions);

  let charged: { usage: Usage; costUsd: number } = { usage: emptyUsage, costUsd: 0 };
  const mirror = () => {
    const { status, messages, toolCalls, usage, costUsd } = child.getState();
    host.mirror(context.toolCallId, { status, messages, toolCalls, usage, ...(costUsd !== undefined ? { costUsd } : {}) });
    if (usage.totalTokens === charged.usage.totalTokens && usage.outputTokens === charged.usage.outputTokens && (costUsd ?? 0) === charged.costUsd) return;
    const spent = { usage: usageSince(usage, charged.usage), costUsd: (costUsd ?? 0) - charged.costUsd };
    charged = { usage, costUsd: costUsd ?? 0 };
    host.charge(spent.usage, host.costEstimator ? spent.costUsd : undefined);
  };
  const unsubscribe = child.subscribe(mirror);
  const release = host.adopt(context.toolCallId, child);
  const stop = () => void child.stop();
  context.signal.addEventListener('abort', stop, { once: true });
  try {
    let result = await child.send(task);
    if (result.status === 'awaiting-people') result = await settled(child, context.signal);
    mirror();
    if (context.signal.aborted) throw context.signal.reason;
    if (result.status === 'error') throw new Error(`The helper "${options.name}" failed: ${result.error?.message ?? 'unknown error'}`);
    return finalAnswer(child.getState(), options.name);
  } finally {
    context.signal.removeEventListener('abort', stop);
    unsubscribe();
    release();
    // The child lives for this call: the tools it started (their `init`) are let go with it.
    void child.dispose();
  }
}

/**
 * The `beforeToolCall` hooks the child's calls go through after its own: the parent's (its own
 * and those it inherited), each told which agent asks as seen from the agent that has the hook.
 */
function inheritedHooks(host: SubAgentHost<Agent, AgentOptions>, name: string, toolCallId: string): BeforeHook[] {
  return (host.hooks?.beforeToolCall ?? []).map((hook) => {
    const level = (hook.level ?? 0) + 1;
    const ownLabel = hook.ownLabel ?? hook.label;
    return {
      run: hook.run,
      ownLabel,
      label: `${ownLabel} of ${level === 1 ? 'the parent agent' : `the agent ${level} levels up`}`,
      level,
      agent: { path: [...(hook.agent?.path ?? []), name], toolCallIds: [...(hook.agent?.toolCallIds ?? []), toolCallId] },
    };
  });
}

/** Resolves when the child neither runs nor waits for a person any more (or the parent run stops). */
function settled(child: Agent, signal: AbortSignal): Promise<RunResult> {
  return new Promise((resolve) => {
    const check = () => {
      const { status, error } = child.getState();
      if (status === 'running' || (status === 'awaiting-people' && !signal.aborted)) return;
      unsubscribe();
      signal.removeEventListener('abort', check);
      resolve({ status: status === 'awaiting-people' ? 'idle' : status, error });
    };
    const unsubscribe = child.subscribe(check);
    signal.addEventListener('abort', check);
    check();
  });
}

/** The child's last reply, with why it stopped early when a limit ended it. */
function finalAnswer(state: AgentState, name: string): string {
  const last = state.messages.findLast((message) => message.role === 'assistant');
  const parts = last?.parts ?? [];
  const text = parts.map((part) => (part.type === 'text' ? part.text : '')).join('').trim();
  const limit = parts.find((part) => part.type === 'notice' && part.code.startsWith('limit-'));
  const answer = text || `The helper "${name}" finished without an answer.`;
  return limit?.type === 'notice' ? `${answer}\n\n(The helper stopped before it was done: ${limit.text})` : answer;
}
