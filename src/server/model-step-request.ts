/**
 * Checks a `POST {base}/model` body against the wire format before anything reaches the model:
 * roles, part types and field types, with the kit's JSON Schema validator; then the settings and
 * their ranges (`model-settings.ts`). The prompt is the AI SDK's language model prompt, which
 * `streamText` accepts as model messages; it is rebuilt from the fields the wire format names, so
 * anything else a browser slips into a message or a part (say, `providerOptions` asking for a
 * provider's cache or for a stored item by id) is dropped on the way. A top-level field the route
 * does not know is refused instead: the caller believes it applies, and a 400 that names it says
 * it does not.
 */
import { type ModelStepRequest, type ProviderMetadata, type ProviderToolResultOutput } from '../core/index';
import { validateJsonSchema } from '../core/internal';
import { checkModelSettings, modelSettingNames, type ModelSettings } from './model-settings';

const text = { type: 'object', required: ['type', 'text'], properties: { type: { const: 'text' }, text: { type: 'string' } } } as const;
/**
 * The provider data a reasoning part may carry back, and only this: what providers issued with the
 * reasoning so it can be returned (Anthropic's signed thinking, OpenAI's reasoning item). The
 * provider checks it (a forged signature is refused); nothing else in `providerOptions` passes.
 */
const reasoningOptions = {
  type: 'object',
  properties: {
    anthropic: { type: 'object', properties: { signature: { type: 'string', maxLength: 100_000 }, redactedData: { type: 'string', maxLength: 1_000_000 } } },
    openai: { type: 'object', properties: { itemId: { type: 'string', maxLength: 200 }, reasoningEncryptedContent: { type: 'string', maxLength: 1_000_000 } } },
  },
} as const;
const reasoning = { type: 'object', required: ['type', 'text'], properties: { type: { const: 'reasoning' }, text: { type: 'string' }, providerOptions: reasoningOptions } } as const;
const toolCall = {
  type: 'object',
  required: ['type', 'toolCallId', 'toolName', 'input'],
  properties: { type: { const: 'tool-call' }, toolCallId: { type: 'string' }, toolName: { type: 'string' } },
} as const;
/** The parts of a tool result with media (`{ type: 'content' }`): text, and files as base64. */
const contentText = { type: 'object', required: ['type', 'text'], properties: { type: { const: 'text' }, text: { type: 'string' } } } as const;
const contentFile = {
  type: 'object',
  required: ['type', 'data', 'mediaType'],
  properties: {
    type: { enum: ['file-data', 'image-data'] },
    mediaType: { type: 'string', pattern: '^[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}/[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}$' },
    data: { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' },
    filename: { type: 'string', maxLength: 1000 },
  },
} as const;
const toolResultOutput = {
  oneOf: [
    { type: 'object', required: ['type', 'value'], properties: { type: { enum: ['text', 'error-text'] }, value: { type: 'string' } } },
    { type: 'object', required: ['type', 'value'], properties: { type: { enum: ['json', 'error-json'] } } },
    { type: 'object', required: ['type'], properties: { type: { const: 'execution-denied' }, reason: { type: 'string' } } },
    { type: 'object', required: ['type', 'value'], properties: { type: { const: 'content' }, value: { type: 'array', items: { oneOf: [contentText, contentFile] } } } },
  ],
} as const;
const toolResult = {
  type: 'object',
  required: ['type', 'toolCallId', 'toolName', 'output'],
  properties: { type: { const: 'tool-result' }, toolCallId: { type: 'string' }, toolName: { type: 'string' }, output: toolResultOutput },
} as const;

/** A user's file: base64 content with its media type (the request's size is capped by `maxBodyBytes`). */
const file = {
  type: 'object',
  required: ['type', 'mediaType', 'data'],
  properties: {
    type: { const: 'file' },
    mediaType: { type: 'string', pattern: '^[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}/[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}$' },
    data: { type: 'string', pattern: '^[A-Za-z0-9+/]*={0,2}$' },
    filename: { type: 'string', maxLength: 1000 },
  },
} as const;

const message = {
  oneOf: [
    { type: 'object', required: ['role', 'content'], properties: { role: { const: 'system' }, content: { type: 'string' } } },
    { type: 'object', required: ['role', 'content'], properties: { role: { const: 'user' }, content: { type: 'array', items: { oneOf: [text, file] } } } },
    { type: 'object', required: ['role', 'content'], properties: { role: { const: 'assistant' }, content: { type: 'array', items: { oneOf: [text, reasoning, toolCall] } } } },
    { type: 'object', required: ['role', 'content'], properties: { role: { const: 'tool' }, content: { type: 'array', items: toolResult } } },
  ],
} as const;

const requestSchema = {
  type: 'object',
  required: ['prompt'],
  properties: {
    prompt: { type: 'array', minItems: 1, items: message },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'name', 'inputSchema'],
        properties: { type: { const: 'function' }, name: { type: 'string', minLength: 1 }, description: { type: 'string' }, inputSchema: { type: 'object' } },
      },
    },
    toolChoice: {
      oneOf: [
        { type: 'object', required: ['type'], properties: { type: { enum: ['auto', 'none', 'required'] } } },
        { type: 'object', required: ['type', 'toolName'], properties: { type: { const: 'tool' }, toolName: { type: 'string' } } },
      ],
    },
    model: { type: 'string' },
  },
} as const;

const knownFields: readonly string[] = ['prompt', 'tools', 'toolChoice', 'model', ...modelSettingNames];

type Prompt = ModelStepRequest['prompt'];

/** A model step as the route runs it: the prompt and tools as declared, the settings checked and capped. */
export interface ModelStep {
  prompt: Prompt;
  tools: NonNullable<ModelStepRequest['tools']>;
  toolChoice: ModelStepRequest['toolChoice'];
  model: string | undefined;
  settings: ModelSettings;
}

/**
 * Parses a model step request, or says what is wrong with it. `maxOutputTokens` is the server's
 * output-token ceiling.
 *
 * @example
 * ```ts
 * const parsed = parseModelStepRequest(await request.json(), 16_384);
 * if (!parsed.ok) return errorResponse(400, 'invalid-request', parsed.message);
 * ```
 */
export function parseModelStepRequest(body: unknown, maxOutputTokens: number): { ok: true; value: ModelStep } | { ok: false; message: string } {
  const result = validateJsonSchema(requestSchema, body, { maxIssues: 3 });
  if (!result.ok) {
    const issues = result.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
    return { ok: false, message: `The model request does not match the wire format: ${issues}.` };
  }
  const fields = body as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((name) => !knownFields.includes(name));
  if (unknown.length > 0) {
    const names = unknown.slice(0, 3).map((name) => `\`${name.slice(0, 40)}\``).join(', ');
    return { ok: false, message: `The model request has settings this server does not accept: ${names}. It accepts ${knownFields.map((name) => `\`${name}\``).join(', ')}.` };
  }
  const settings = checkModelSettings(fields, maxOutputTokens);
  if (!settings.ok) return settings;
  const step = body as ModelStepRequest;
  return {
    ok: true,
    value: {
      prompt: step.prompt.map(toMessage),
      tools: (step.tools ?? []).map((tool) => ({ type: 'function', name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), inputSchema: tool.inputSchema })),
      toolChoice: step.toolChoice,
      model: step.model,
      settings: settings.value,
    },
  };
}

/** A message with only the fields the wire format names. */
function toMessage(message: Prompt[number]): Prompt[number] {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content };
    case 'user':
      return {
        role: 'user',
        content: message.content.map((part) =>
          part.type === 'file'
            ? { type: 'file', mediaType: part.mediaType, data: part.data, ...(part.filename !== undefined ? { filename: part.filename } : {}) }
            : { type: 'text', text: part.text },
        ),
      };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.content.map((part) =>
          part.type === 'tool-call'
            ? { type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input }
            : part.type === 'reasoning'
              ? { type: 'reasoning', text: part.text, ...reasoningOptionsOf(part.providerOptions) }
              : { type: 'text', text: part.text },
        ),
      };
    case 'tool':
      return {
        role: 'tool',
        content: message.content.map((part) => ({
          type: 'tool-result',
          toolCallId: part.toolCallId,
          toolName: part.toolName,
          output: toToolResultOutput(part.output),
        })),
      };
  }
}

/** A tool result's output with only the fields the wire format names. */
function toToolResultOutput(output: ProviderToolResultOutput): ProviderToolResultOutput {
  switch (output.type) {
    case 'execution-denied':
      return { type: 'execution-denied', ...(output.reason !== undefined ? { reason: output.reason } : {}) };
    case 'content':
      return {
        type: 'content',
        value: output.value.map((part) =>
          part.type === 'text'
            ? { type: 'text', text: part.text }
            : part.type === 'image-data'
              ? { type: 'image-data', data: part.data, mediaType: part.mediaType }
              : { type: 'file-data', data: part.data, mediaType: part.mediaType, ...(part.filename !== undefined ? { filename: part.filename } : {}) },
        ),
      };
    default:
      return { type: output.type, value: output.value } as typeof output;
  }
}

/** The reasoning part's provider data, rebuilt from the named fields only (see `reasoningOptions`). */
function reasoningOptionsOf(options: ProviderMetadata | undefined): { providerOptions?: ProviderMetadata } {
  const kept: ProviderMetadata = {};
  const pick = (provider: string, fields: readonly string[]) => {
    const values = options?.[provider];
    const picked = Object.fromEntries(fields.filter((field) => typeof values?.[field] === 'string').map((field) => [field, values![field]!]));
    if (Object.keys(picked).length > 0) kept[provider] = picked;
  };
  pick('anthropic', ['signature', 'redactedData']);
  pick('openai', ['itemId', 'reasoningEncryptedContent']);
  return Object.keys(kept).length > 0 ? { providerOptions: kept } : {};
}
