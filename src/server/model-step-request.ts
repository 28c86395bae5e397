/**
 * Checks a `POST {base}/model` body against the wire format before anything reaches the model:
 * roles, part types and field types, with the kit's JSON Schema validator. The prompt is the AI
 * SDK's language model prompt, which `streamText` accepts as model messages unchanged.
 */
import { validateJsonSchema, type ModelStepRequest } from '../core/index';

const text = { type: 'object', required: ['type', 'text'], properties: { type: { const: 'text' }, text: { type: 'string' } } } as const;
const reasoning = { type: 'object', required: ['type', 'text'], properties: { type: { const: 'reasoning' }, text: { type: 'string' } } } as const;
const toolCall = {
  type: 'object',
  required: ['type', 'toolCallId', 'toolName', 'input'],
  properties: { type: { const: 'tool-call' }, toolCallId: { type: 'string' }, toolName: { type: 'string' } },
} as const;
const toolResultOutput = {
  oneOf: [
    { type: 'object', required: ['type', 'value'], properties: { type: { enum: ['text', 'error-text'] }, value: { type: 'string' } } },
    { type: 'object', required: ['type', 'value'], properties: { type: { enum: ['json', 'error-json'] } } },
    { type: 'object', required: ['type'], properties: { type: { const: 'execution-denied' }, reason: { type: 'string' } } },
  ],
} as const;
const toolResult = {
  type: 'object',
  required: ['type', 'toolCallId', 'toolName', 'output'],
  properties: { type: { const: 'tool-result' }, toolCallId: { type: 'string' }, toolName: { type: 'string' }, output: toolResultOutput },
} as const;

const message = {
  oneOf: [
    { type: 'object', required: ['role', 'content'], properties: { role: { const: 'system' }, content: { type: 'string' } } },
    { type: 'object', required: ['role', 'content'], properties: { role: { const: 'user' }, content: { type: 'array', items: text } } },
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
    maxOutputTokens: { type: 'integer', minimum: 1 },
    temperature: { type: 'number', minimum: 0 },
    model: { type: 'string' },
  },
} as const;

/**
 * Parses a model step request, or says what is wrong with it.
 *
 * @example
 * ```ts
 * const parsed = parseModelStepRequest(await request.json());
 * if (!parsed.ok) return errorResponse(400, 'invalid-request', parsed.message);
 * ```
 */
export function parseModelStepRequest(body: unknown): { ok: true; value: ModelStepRequest } | { ok: false; message: string } {
  const result = validateJsonSchema(requestSchema, body, { maxIssues: 3 });
  if (result.ok) return { ok: true, value: body as ModelStepRequest };
  const issues = result.issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ');
  return { ok: false, message: `The model request does not match the wire format: ${issues}.` };
}
