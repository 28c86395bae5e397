import type { PermissionPolicy } from '../people/permission-policy';
import { checkPermission } from '../people/permission-check';
import type { AgentEvent } from '../store/events';
import { askUserQuestionToolName } from '../people/question-types';
import { validateToolInput } from '../tools/tool-input-schema';
import type { ToolCall } from '../store/state';
import type { ToolDefinition } from '../tools/define-tool';
import { previewOf } from '../tools/tool-preview';
import { summaryOf } from '../tools/tool-summary';
import type { ResolvedHooks } from './agent-hooks';
import { hookKit } from './hook-kit';

export interface AdmitContext {
  tools: ReadonlyMap<string, ToolDefinition>;
  permissions: PermissionPolicy;
  alwaysAllowed: () => readonly string[];
  dispatch: (event: AgentEvent) => void;
  now: () => number;
  hooks?: ResolvedHooks | undefined;
  signal: AbortSignal;
}

/** `run`: may run now with this (validated) input; `handled`: the call got a final or waiting state. */
export type Admission = { kind: 'run'; input: unknown; tool: ToolDefinition } | { kind: 'handled' };

/**
 * Decides what happens to a call whose input is complete, before anything runs: unknown
 * tools, arguments that are not JSON or do not match the schema end as error results that
 * say how to fix them; then the app's `beforeToolCall` hooks (which may settle it, rewrite its
 * input or allow it); then the permission policy runs it, asks a person, or refuses it.
 * Questions of the built-in `ask_user_question` tool wait for an answer.
 *
 * @example
 * ```ts
 * const admission = await admitToolCall(call, context);
 * if (admission.kind === 'run') await executeToolCall(call, admission.input, admission.tool, executeContext);
 * ```
 */
export async function admitToolCall(call: ToolCall, context: AdmitContext): Promise<Admission> {
  const update = (fields: Omit<Extract<AgentEvent, { type: 'tool-call-update' }>, 'type' | 'toolCallId' | 'at' | 'by'>) =>
    context.dispatch({ type: 'tool-call-update', toolCallId: call.id, at: context.now(), by: 'runtime', ...fields });

  const tool = context.tools.get(call.name);
  if (!tool) {
    const known = [...context.tools.keys()];
    update({
      state: 'output-error',
      error: `Unknown tool "${call.name}". ${known.length ? `Available tools: ${known.join(', ')}.` : 'No tools are available.'} Call one of the available tools by its exact name.`,
    });
    return { kind: 'handled' };
  }
  const parsed = call.input !== undefined ? { ok: true as const, value: call.input } : parseArguments(call.inputText);
  if (!parsed.ok) {
    update({
      state: 'output-error',
      error: `The arguments for "${call.name}" are not valid JSON (${parsed.reason}). Send the arguments as one JSON object that matches the tool's input schema.`,
    });
    return { kind: 'handled' };
  }
  const validated = await validateToolInput(tool, parsed.value);
  if (!validated.ok) {
    update({ state: 'output-error', input: parsed.value, error: validated.message });
    return { kind: 'handled' };
  }

  let { value: input } = parsed;
  let { value } = validated;
  let allowed = false;
  if (context.hooks?.beforeToolCall.length) {
    // Loaded only by agents with hooks; they may settle the call, rewrite its input, or allow it.
    const { applyBeforeToolCall } = await import('./tool-hooks');
    const hooked = await applyBeforeToolCall(call, tool, input, value, context, hookKit);
    if (hooked.kind === 'handled') return hooked;
    ({ input, value, allowed } = hooked);
  }

  const checked = checkPermission(tool, value, context.permissions, context.alwaysAllowed());
  // A hook's allow skips the person, never the deny list.
  const decision = allowed && checked.kind === 'ask' ? { kind: 'run' as const } : checked;
  if (decision.kind === 'refuse') {
    update({ state: 'output-denied', input, error: decision.reason, note: 'refused by the permission policy' });
    return { kind: 'handled' };
  }
  if (call.name === askUserQuestionToolName && !tool.execute) {
    update({ state: 'answer-requested', input: value });
    return { kind: 'handled' };
  }
  if (decision.kind === 'ask') {
    const expiryMs = context.permissions.approvalExpiryMs;
    const requestedAt = context.now();
    const preview = previewOf(tool, value);
    const summary = summaryOf(tool, value);
    update({
      state: 'approval-requested',
      input,
      approval: { reason: decision.reason, requestedAt, ...(expiryMs ? { expiresAt: requestedAt + expiryMs } : {}), ...(preview ? { preview } : {}), ...(summary ? { summary } : {}) },
    });
    return { kind: 'handled' };
  }
  return { kind: 'run', input: value, tool };
}

function parseArguments(text: string): { ok: true; value: unknown } | { ok: false; reason: string } {
  // Models send an empty string for tools without parameters.
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
