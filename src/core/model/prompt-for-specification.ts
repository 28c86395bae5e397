import type { ModelCallOptions, ProviderMessage, ProviderToolResultContentPart, ProviderToolResultPart, SpecificationVersion } from './language-model';

/**
 * The call options in the shape a model's specification version reads. The kit's prompt is in
 * v3's shape. v2 (the AI SDK 5 era) has no `execution-denied` tool result: a denied call goes to
 * it as `error-text` with the reason, which v2 providers send as the tool message; and a file in
 * a `content` tool result is a `media` part there. v3 has a part of its own for images
 * (`image-data`; the AI SDK's OpenAI provider sends a `file-data` image as a file, not as an
 * image). v4 names the file part `file`, with its data tagged (`{ type: 'data', data }`).
 *
 * @example
 * ```ts
 * model.doStream(forSpecification(model.specificationVersion, options));
 * ```
 */
export function forSpecification(version: SpecificationVersion, options: ModelCallOptions): ModelCallOptions {
  if (!options.prompt.some((message) => needsRewrite(message, version))) return options;
  return { ...options, prompt: options.prompt.map((message) => (needsRewrite(message, version) ? rewrite(message, version) : message)) };
}

function needsRewrite(message: ProviderMessage, version: SpecificationVersion): message is ProviderMessage & { role: 'tool' } {
  return message.role === 'tool' && message.content.some((part) => (part.output.type === 'execution-denied' && version === 'v2') || (part.output.type === 'content' && part.output.value.some((item) => item.type === 'file-data' && (version !== 'v3' || isImage(item)))));
}

function rewrite(message: ProviderMessage & { role: 'tool' }, version: SpecificationVersion): ProviderMessage {
  return { role: 'tool', content: message.content.map((part) => rewritePart(part, version)) };
}

function rewritePart(part: ProviderToolResultPart, version: SpecificationVersion): ProviderToolResultPart {
  const output = part.output;
  if (output.type === 'execution-denied' && version === 'v2') return { ...part, output: { type: 'error-text', value: output.reason ?? `The user denied running "${part.toolName}".` } };
  if (output.type !== 'content') return part;
  // The parts of other versions are not in the kit's (v3) prompt type; the model reads them as its version defines.
  const value = output.value.map((item) => (item.type === 'file-data' ? (version === 'v2' ? mediaPart(item) : version === 'v3' ? (isImage(item) ? imagePart(item) : item) : filePart(item)) : item));
  return { ...part, output: { type: 'content', value } };
}

const isImage = (item: ProviderToolResultContentPart): boolean => item.type === 'file-data' && item.mediaType.startsWith('image/');

/** v3's `image-data` part. */
function imagePart(item: Extract<ProviderToolResultContentPart, { type: 'file-data' }>): ProviderToolResultContentPart {
  return { type: 'image-data', data: item.data, mediaType: item.mediaType };
}

/** v2's `media` part. */
function mediaPart(item: Extract<ProviderToolResultContentPart, { type: 'file-data' }>): ProviderToolResultContentPart {
  return { type: 'media', data: item.data, mediaType: item.mediaType } as unknown as ProviderToolResultContentPart;
}

/** v4's `file` part. */
function filePart(item: Extract<ProviderToolResultContentPart, { type: 'file-data' }>): ProviderToolResultContentPart {
  return { type: 'file', data: { type: 'data', data: item.data }, mediaType: item.mediaType, ...(item.filename !== undefined ? { filename: item.filename } : {}) } as unknown as ProviderToolResultContentPart;
}
