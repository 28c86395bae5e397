import type { Transcribe } from './dictation-options';

/** Options of `serverTranscribe`. */
export interface ServerTranscribeOptions {
  /** Sent with every recording (a bearer token, say); a function is asked each time. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

/**
 * A `transcribe` adapter for dictation that posts the recording to the kit's server: `url` is
 * where `createAgentHandler({ transcriptionModel })` is mounted (as for `remoteModel`), and the
 * recording goes to its `POST {url}/transcribe`, where the AI SDK turns it into text with the
 * server's model and key. A refusal or failure rejects with the
 * server's message; a request that does not get through rejects with `fetch`'s `TypeError`
 * (said to people as a network problem).
 *
 * @example
 * ```tsx
 * <AgentChat agent={agent} dictation={{ transcribe: serverTranscribe('/api/agent') }} />
 * ```
 */
export function serverTranscribe(url: string, options: ServerTranscribeOptions = {}): Transcribe {
  if (typeof url !== 'string' || url === '') throw new TypeError('serverTranscribe: pass the URL where the agent handler is mounted, e.g. serverTranscribe("/api/agent").');
  const endpoint = `${url.replace(/\/+$/, '')}/transcribe`;
  return async (audio, { signal }) => {
    const headers = { 'content-type': audio.type || 'application/octet-stream', ...(typeof options.headers === 'function' ? options.headers() : options.headers) };
    const response = await (options.fetch ?? globalThis.fetch)(endpoint, { method: 'POST', body: audio, headers, signal });
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message;
      throw new Error(typeof message === 'string' ? message : `The transcription request failed (${response.status}).`);
    }
    const text = (body as { text?: unknown } | undefined)?.text;
    if (typeof text !== 'string') throw new Error('The transcription server answered without text.');
    return text;
  };
}
