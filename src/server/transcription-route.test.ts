import type { TranscriptionModelV4, TranscriptionModelV4CallOptions } from '@ai-sdk/provider';
import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { createAgentHandler } from './agent-handler';

const url = 'http://localhost/api/agent/transcribe';
// The start of a WebM file (its EBML header), as a browser's MediaRecorder writes it.
const recording = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]);

/** A transcription model of the AI SDK's interface (V4) that answers `text` and keeps what it was asked. */
function fakeTranscriptionModel(answer: (options: TranscriptionModelV4CallOptions) => Promise<string>) {
  const calls: TranscriptionModelV4CallOptions[] = [];
  const model: TranscriptionModelV4 = {
    specificationVersion: 'v4',
    provider: 'fake',
    modelId: 'fake-transcriber',
    async doGenerate(options) {
      calls.push(options);
      return { text: await answer(options), segments: [], language: 'en', durationInSeconds: 1.2, warnings: [], response: { timestamp: new Date(0), modelId: 'fake-transcriber' } };
    },
  };
  return { model, calls };
}

function handlerWith(model: TranscriptionModelV4 | undefined, extra: { maxAudioBytes?: number; onError?: (error: unknown) => void } = {}) {
  return createAgentHandler({ authorize: () => true, basePath: '/api/agent', ...(model ? { transcriptionModel: model } : {}), ...extra });
}

const post = (handler: (request: Request) => Promise<Response>, body: BodyInit | null, type = 'audio/webm') =>
  handler(new Request(url, { method: 'POST', headers: type ? { 'content-type': type } : {}, body }));

describe('POST {base}/transcribe', () => {
  it('turns the posted recording into { text } with the server’s transcription model, through the AI SDK', async () => {
    const { model, calls } = fakeTranscriptionModel(async () => 'Hello there.');
    const response = await post(handlerWith(model), recording);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'Hello there.' });
    expect(calls).toHaveLength(1);
    expect([...new Uint8Array(calls[0]!.audio as Uint8Array)]).toEqual([...recording]);
    // The SDK recognized the recording's format from its bytes.
    expect(calls[0]!.mediaType).toBe('audio/webm');
  });

  it('answers empty text when the model heard nothing', async () => {
    const { model } = fakeTranscriptionModel(async () => '');
    const response = await post(handlerWith(model), recording);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: '' });
  });

  it('hides the provider’s error from the browser (502, words of our own) and gives it to onError', async () => {
    const failure = new APICallError({ message: 'Invalid API key sk-secret', url: 'https://api.example.com', requestBodyValues: {}, statusCode: 401 });
    const { model } = fakeTranscriptionModel(() => Promise.reject(failure));
    const onError = vi.fn();
    const response = await post(handlerWith(model, { onError }), recording);
    expect(response.status).toBe(502);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('transcription-failed');
    expect(JSON.stringify(body)).not.toContain('sk-secret');
    expect(onError).toHaveBeenCalledWith(failure);
  });

  it('refuses what is not a recording it can take: too large (413), empty (400), not audio (415), GET (405)', async () => {
    const { model, calls } = fakeTranscriptionModel(async () => 'unused');
    const handler = handlerWith(model, { maxAudioBytes: 8 });
    expect((await post(handler, recording)).status).toBe(413);
    expect((await post(handler, null)).status).toBe(400);
    expect((await post(handler, '{"a":1}', 'application/json')).status).toBe(415);
    const get = await handler(new Request(url));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(calls).toHaveLength(0);
    // The handler reads bodies up to its largest route's limit.
    expect(handlerWith(model, { maxAudioBytes: 5 * 1024 * 1024 }).maxBodyBytes).toBe(5 * 1024 * 1024);
  });

  it('is a 404 without a transcription model, and authorize runs first', async () => {
    expect((await post(handlerWith(undefined), recording)).status).toBe(404);
    const { model, calls } = fakeTranscriptionModel(async () => 'unused');
    const closed = createAgentHandler({ authorize: () => false, basePath: '/api/agent', transcriptionModel: model });
    expect((await post(closed, recording)).status).toBe(401);
    expect(calls).toHaveLength(0);
  });

  it('refuses at once a transcriptionModel that is not a model', () => {
    expect(() => createAgentHandler({ authorize: () => true, transcriptionModel: {} as never })).toThrow(/transcription model/);
  });
});
