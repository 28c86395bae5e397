import type { TranscriptionModelV4 } from '@ai-sdk/provider';
import { describe, expect, it, vi } from 'vitest';
import { createAgentHandler } from '../../server/index';
import { serverTranscribe } from './server-transcribe';

const model: TranscriptionModelV4 = {
  specificationVersion: 'v4',
  provider: 'fake',
  modelId: 'fake-transcriber',
  doGenerate: async ({ audio }) => ({
    text: `Heard ${typeof audio === 'string' ? audio.length : audio.byteLength} bytes.`,
    segments: [],
    language: 'en',
    durationInSeconds: 1,
    warnings: [],
    response: { timestamp: new Date(0), modelId: 'fake-transcriber' },
  }),
};

describe('serverTranscribe', () => {
  it('posts the recording to the kit’s server with its type and headers, and returns the text', async () => {
    const seen: Request[] = [];
    const handler = createAgentHandler({ authorize: () => true, basePath: '/api/agent', transcriptionModel: model });
    const fetch = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(new URL(input as string, 'http://localhost'), init);
      seen.push(request.clone());
      return handler(request);
    });
    const transcribe = serverTranscribe('/api/agent/', { fetch, headers: () => ({ authorization: 'Bearer token' }) });
    const text = await transcribe(new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2])], { type: 'audio/webm;codecs=opus' }), { signal: new AbortController().signal });
    expect(text).toBe('Heard 6 bytes.');
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('http://localhost/api/agent/transcribe');
    expect(seen[0]!.headers.get('content-type')).toBe('audio/webm;codecs=opus');
    expect(seen[0]!.headers.get('authorization')).toBe('Bearer token');
  });

  it('rejects with the server’s message when it refuses', async () => {
    const handler = createAgentHandler({ authorize: () => true, basePath: '/api/agent' });
    const transcribe = serverTranscribe('http://localhost/api/agent', { fetch: (input, init) => handler(new Request(input, init)) });
    await expect(transcribe(new Blob(['x'], { type: 'audio/webm' }), { signal: new AbortController().signal })).rejects.toThrow('This server has no transcription model configured.');
  });
});
