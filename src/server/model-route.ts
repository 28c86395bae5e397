/**
 * `POST {base}/model`: one model step through the AI SDK's `streamText`, with the server's model
 * and key. The tools are declarations only (no `execute`), so `streamText` stops after the step
 * and the browser runs the calls. Retries are the browser's decision (it sees `retryable` and the
 * provider's `retry-after`), so the server makes one attempt.
 */
import type { LanguageModel as AiLanguageModel } from 'ai';
import type { ModelStepPart, ModelStepRequest } from '../core/index';
import { errorResponse, ndjsonResponse } from './http-responses';
import { toBridgeError } from './model-error';
import { parseModelStepRequest } from './model-step-request';
import { toModelStepParts } from './model-step-stream';
import { bodyErrorResponse, readJsonBody } from './read-json-body';

/** The server's model: one AI SDK language model, or several by name (the browser picks with `remoteModel(url, { model })`). */
export type ServerModels = AiLanguageModel | Readonly<Record<string, AiLanguageModel>>;

export interface ModelRouteOptions {
  models: ServerModels;
  /** The output-token ceiling of every step: used when the browser asks for none or for more. */
  maxOutputTokens: number;
  maxBodyBytes: number;
  /** The longest the request body may go without a byte arriving. */
  bodyTimeoutMs: number;
  /** The slowest average the body may arrive at, in bytes a second (default 8 KiB). */
  minBodyBytesPerSecond?: number;
  reportError: (error: unknown) => void;
}

/**
 * @example
 * ```ts
 * if (route === 'model') return handleModelStep(request, { models: openai('gpt-5-mini'), maxOutputTokens: 16_384, maxBodyBytes, bodyTimeoutMs, reportError });
 * ```
 */
export async function handleModelStep(request: Request, options: ModelRouteOptions): Promise<Response> {
  const body = await readJsonBody(request, { maxBytes: options.maxBodyBytes, timeoutMs: options.bodyTimeoutMs, minBytesPerSecond: options.minBodyBytesPerSecond });
  if (!body.ok) return bodyErrorResponse(body);
  const parsed = parseModelStepRequest(body.value, options.maxOutputTokens);
  if (!parsed.ok) return errorResponse(400, 'invalid-request', parsed.message);
  const step = parsed.value;
  const picked = pickModel(options.models, step.model);
  if (!picked.ok) return errorResponse(400, 'unknown-model', picked.message);
  const { model } = picked;

  let ai: typeof import('ai');
  try {
    ai = await import('ai');
  } catch (error) {
    options.reportError(error);
    return errorResponse(500, 'not-configured', 'The server cannot call models: the `ai` package is not installed there.');
  }
  const system = step.prompt.filter((message) => message.role === 'system').map((message) => message.content);
  const result = ai.streamText({
    model,
    ...(system.length > 0 ? { instructions: system.join('\n\n') } : {}),
    messages: step.prompt.filter((message) => message.role !== 'system'),
    tools: Object.fromEntries(step.tools.map((tool) => [tool.name, ai.tool({ description: tool.description ?? '', inputSchema: ai.jsonSchema(tool.inputSchema) })])),
    ...(step.toolChoice ? { toolChoice: toolChoiceOf(step.toolChoice) } : {}),
    // Checked and capped: the output-token ceiling always applies, the rest only when asked.
    ...step.settings,
    maxRetries: 0,
    abortSignal: request.signal,
    // Errors arrive as `error` parts, where they are reported once; the default would log them again.
    onError: () => {},
  });
  return ndjsonResponse(toModelStepParts(result.fullStream as AsyncIterable<{ type: string }>, options.reportError), (error): ModelStepPart => {
    options.reportError(error);
    return { type: 'error', error: toBridgeError(error) };
  });
}

// A result, not `model | message`: a model may itself be a string (a gateway model id such as 'openai/gpt-5-mini').
function pickModel(models: ServerModels, name: string | undefined): { ok: true; model: AiLanguageModel } | { ok: false; message: string } {
  if (isModel(models)) return { ok: true, model: models };
  const names = Object.keys(models);
  const chosen = name ?? names[0];
  if (chosen !== undefined && Object.hasOwn(models, chosen)) return { ok: true, model: models[chosen]! };
  return { ok: false, message: `The server has no model named ${JSON.stringify(name)}; it offers ${names.map((candidate) => JSON.stringify(candidate)).join(', ') || 'none'}.` };
}

/** A model object (or a gateway model id) rather than a record of named models. */
export function isModel(value: ServerModels): value is AiLanguageModel {
  return typeof value === 'string' || (typeof value === 'object' && value !== null && 'specificationVersion' in value && 'doStream' in value);
}

function toolChoiceOf(choice: NonNullable<ModelStepRequest['toolChoice']>) {
  return choice.type === 'tool' ? { type: 'tool' as const, toolName: choice.toolName } : choice.type;
}
