/**
 * `POST {base}/transcribe`: the request's body is a recording (the browser's `MediaRecorder`
 * Blob, posted as it is by `serverTranscribe(url)`); the answer is `{ text }`, from the AI SDK's
 * `transcribe` with the server's transcription model and key. One attempt: the person can
 * dictate again.
 */
import type { TranscriptionModel } from 'ai';
import { errorResponse, jsonResponse } from './http-responses';
import { readBodyBytes } from './read-body-bytes';
import { bodyErrorResponse } from './read-json-body';

/** What the transcription route needs from the handler. */
export interface TranscriptionRouteOptions {
  model: TranscriptionModel;
  /** The largest recording, in bytes. */
  maxBodyBytes: number;
  /** The longest the body may go without a byte arriving. */
  bodyTimeoutMs: number;
  /** The slowest average the body may arrive at, in bytes a second (default 8 KiB). */
  minBodyBytesPerSecond?: number;
  reportError: (error: unknown) => void;
}

/** The body of a transcription's answer. */
export interface TranscriptionResponseBody {
  text: string;
}

/** The largest recording the route takes unless the app says otherwise: 25 MiB, as OpenAI's transcription API. */
export const defaultMaxAudioBytes = 25 * 1024 * 1024;

/**
 * @example
 * ```ts
 * if (path === '/transcribe') return handleTranscription(request, { model: openai.transcription('gpt-4o-mini-transcribe'), maxBodyBytes, bodyTimeoutMs, reportError });
 * ```
 */
export async function handleTranscription(request: Request, options: TranscriptionRouteOptions): Promise<Response> {
  const mediaType = request.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType !== '' && !mediaType.startsWith('audio/') && mediaType !== 'video/webm' && mediaType !== 'application/octet-stream') {
    return errorResponse(415, 'unsupported-media-type', `Send the recording as the body, with an audio content type (audio/webm, audio/mp4, audio/wav…), not ${mediaType}.`);
  }
  const body = await readBodyBytes(request, { maxBytes: options.maxBodyBytes, timeoutMs: options.bodyTimeoutMs, minBytesPerSecond: options.minBodyBytesPerSecond }, 'send the recording');
  if (!body.ok) return bodyErrorResponse(body);

  let ai: typeof import('ai');
  try {
    ai = await import('ai');
  } catch (error) {
    options.reportError(error);
    return errorResponse(500, 'not-configured', 'The server cannot transcribe: the `ai` package is not installed there.');
  }
  try {
    const result = await ai.transcribe({ model: options.model, audio: body.bytes, maxRetries: 0, abortSignal: request.signal });
    return jsonResponse({ text: result.text } satisfies TranscriptionResponseBody);
  } catch (error) {
    if (ai.NoTranscriptGeneratedError.isInstance(error)) return jsonResponse({ text: '' } satisfies TranscriptionResponseBody);
    options.reportError(error);
    // The provider's message can quote the account or the key: the browser gets words of our own.
    return errorResponse(502, 'transcription-failed', 'The recording could not be transcribed. The server log has the details.', {}, { retryable: true });
  }
}
