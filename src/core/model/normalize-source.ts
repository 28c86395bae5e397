import type { ModelStreamEvent } from './language-model';

type RawPart = { type?: unknown; [key: string]: unknown };

/** A source the reply drew on, as the core reads it. */
export type SourceEvent = Extract<ModelStreamEvent, { type: 'source' }>;

/**
 * A `source` stream part of any specification version (or of the AI SDK's full stream): a page
 * with its URL, or a document; `null` when it is neither. Provider metadata is left out.
 *
 * @example
 * ```ts
 * normalizeSource({ type: 'source', sourceType: 'url', id: '1', url: 'https://example.com' });
 * // { type: 'source', id: '1', sourceType: 'url', url: 'https://example.com' }
 * ```
 */
export function normalizeSource(part: RawPart): SourceEvent | null {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
  const id = text(part.id);
  if (id === undefined) return null;
  const title = text(part.title);
  if (part.sourceType === 'url') {
    const url = text(part.url);
    return url === undefined ? null : { type: 'source', id, sourceType: 'url', url, ...(title !== undefined ? { title } : {}) };
  }
  if (part.sourceType !== 'document') return null;
  const mediaType = text(part.mediaType);
  const filename = text(part.filename);
  return { type: 'source', id, sourceType: 'document', ...(title !== undefined ? { title } : {}), ...(mediaType !== undefined ? { mediaType } : {}), ...(filename !== undefined ? { filename } : {}) };
}
