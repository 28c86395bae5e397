// Media types whose content is text a person or a model reads as it is.
const textTypes = /^(text\/|application\/(json|xml|javascript|x-yaml|yaml|toml|x-sh|csv)$|[^/]+\/[^;]*\+(json|xml)$)/;

/**
 * The content of a file as text, when its media type is a text type and its bytes are UTF-8;
 * `undefined` otherwise (an image, a PDF, bytes that do not decode).
 *
 * @example
 * ```ts
 * textContentOf('text/plain', new Uint8Array([104, 105])); // 'hi'
 * textContentOf('image/png', bytes); // undefined
 * ```
 */
export function textContentOf(mediaType: string, bytes: Uint8Array | undefined): string | undefined {
  if (bytes === undefined || !textTypes.test(mediaType)) return undefined;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
