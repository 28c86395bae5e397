import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { isRetryableError, retryDelayMs, defaultRetryPolicy } from '../model/retry-policy';
import { ApiCallError, apiCallErrorFromResponse, networkError, redact } from './api-call-error';

const apiKey = 'sk-live-1234567890';
const context = { label: 'OpenAI', url: 'https://api.openai.com/v1/chat/completions', requestBody: { model: 'm' }, apiKey };

const respond = (status: number, body: string, headers: Record<string, string> = {}) => new Response(body, { status, headers });

describe('apiCallErrorFromResponse', () => {
  it('says what happened, with the provider explanation, and never repeats the key', async () => {
    const error = await apiCallErrorFromResponse(respond(401, JSON.stringify({ error: { message: `Incorrect API key provided: ${apiKey}.` } })), context);
    expect(error.message).toBe('OpenAI rejected the API key (401): Incorrect API key provided: [redacted].');
    expect(error.responseBody).not.toContain(apiKey);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(apiKey);
    expect(error.statusCode).toBe(401);
    expect(error.isRetryable).toBe(false);
    expect(isRetryableError(error)).toBe(false);
  });

  it('is an APICallError to the AI SDK, and an ApiCallError to us', async () => {
    const error = await apiCallErrorFromResponse(respond(500, 'oops'), context);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error.name).toBe('AI_APICallError');
    expect(error.url).toBe(context.url);
    expect(error.requestBodyValues).toEqual({ model: 'm' });
  });

  it('keeps the response headers, so the core waits as long as retry-after says', async () => {
    const error = await apiCallErrorFromResponse(respond(429, '{"error":{"type":"rate_limit_error","message":"Slow down"}}', { 'Retry-After': '7' }), { ...context, label: 'Anthropic' });
    expect(error.message).toBe('Anthropic is rate limiting requests (429): Slow down');
    expect(error.responseHeaders?.['retry-after']).toBe('7');
    expect(error.isRetryable).toBe(true);
    expect(retryDelayMs(1, error, defaultRetryPolicy)).toBe(7000);
  });

  it.each([
    [400, 'rejected the request', false],
    [403, 'refused access', false],
    [404, 'does not know this endpoint or model', false],
    [408, 'timed out', true],
    [409, 'rejected the request', true],
    [413, 'found the request too large', false],
    [500, 'had a server error', true],
    [503, 'is overloaded', true],
    [529, 'is overloaded', true],
  ])('describes %i as "%s" (retryable: %s)', async (status, phrase, retryable) => {
    const error = await apiCallErrorFromResponse(respond(status, ''), context);
    expect(error.message).toBe(`OpenAI ${phrase} (${status}).`);
    expect(error.isRetryable).toBe(retryable);
  });

  it('asks for a key when none was sent, and reads Ollama-style and plain text explanations, not HTML pages', async () => {
    const noKey = { ...context, label: 'localhost:11434', apiKey: undefined };
    expect((await apiCallErrorFromResponse(respond(401, ''), noKey)).message).toBe('localhost:11434 requires an API key (401).');
    expect((await apiCallErrorFromResponse(respond(404, '{"error":"model \\"llama9\\" not found"}'), noKey)).message).toBe(
      'localhost:11434 does not know this endpoint or model (404): model "llama9" not found',
    );
    expect((await apiCallErrorFromResponse(respond(502, 'Bad gateway'), noKey)).message).toBe('localhost:11434 had a server error (502): Bad gateway');
    expect((await apiCallErrorFromResponse(respond(502, '<html><body>nginx</body></html>'), noKey)).message).toBe('localhost:11434 had a server error (502).');
  });
});

describe('networkError', () => {
  it('stays retryable and names where the request went', () => {
    const error = networkError(new TypeError('fetch failed'), context);
    expect(error.message).toBe('Could not reach OpenAI at https://api.openai.com/v1/chat/completions: fetch failed');
    expect(error.statusCode).toBeUndefined();
    expect(isRetryableError(error)).toBe(true);
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('redact', () => {
  it('replaces every occurrence of the secret, and nothing without one', () => {
    expect(redact('a sk b sk', 'sk')).toBe('a [redacted] b [redacted]');
    expect(redact('text', undefined)).toBe('text');
    expect(redact('text', '')).toBe('text');
  });
});
