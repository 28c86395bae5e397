import { APICallError } from '@ai-sdk/provider';
import { describe, expect, it } from 'vitest';
import { isRetryableError, retryDelayMs, defaultRetryPolicy } from '../core/model/retry-policy';
import { apiCallError, ScriptedApiCallError } from './api-call-error';
import { failingCall, pause, reasoning, streamError, text, toolCall } from './step-builders';

describe('step builders', () => {
  it('build scripted items', () => {
    expect(text('Hi')).toEqual({ type: 'text', text: 'Hi' });
    expect(reasoning('Hmm')).toEqual({ type: 'reasoning', text: 'Hmm' });
    expect(toolCall('list_files')).toEqual({ type: 'tool-call', toolName: 'list_files', input: {} });
    expect(toolCall('get_weather', { city: 'Paris' }, 'call-1')).toEqual({
      type: 'tool-call',
      toolName: 'get_weather',
      input: { city: 'Paris' },
      toolCallId: 'call-1',
    });
    expect(pause(10)).toEqual({ type: 'pause', ms: 10 });
  });

  it('turn error messages into errors, and keep given errors as they are', () => {
    const given = new TypeError('fetch failed');
    expect(streamError('reset')).toMatchObject({ type: 'error', error: { message: 'reset' } });
    expect(streamError(given)).toEqual({ type: 'error', error: given });
    expect(failingCall(given)).toEqual({ type: 'throw', error: given });
    expect(failingCall()).toMatchObject({ type: 'throw', error: { message: 'The model call failed.' } });
  });

  it('shape a failing call with a status like the AI SDK APICallError', () => {
    const item = failingCall('Too many requests', { status: 429, retryAfter: 3 });
    if (item.type !== 'throw') throw new Error('expected a throw item');
    const error = item.error;
    expect(error).toBeInstanceOf(ScriptedApiCallError);
    expect(error).toBeInstanceOf(Error);
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'AI_APICallError',
      message: 'Too many requests',
      statusCode: 429,
      isRetryable: true,
      responseHeaders: { 'retry-after': '3' },
    });
  });

  it('are classified by the core retry policy as intended', () => {
    const throwError = (item: ReturnType<typeof failingCall>) => (item.type === 'throw' ? item.error : undefined);
    expect(isRetryableError(throwError(failingCall('busy', { status: 500 })))).toBe(true);
    expect(isRetryableError(throwError(failingCall('limited', { status: 429 })))).toBe(true);
    expect(isRetryableError(throwError(failingCall('bad key', { status: 401 })))).toBe(false);
    expect(isRetryableError(throwError(failingCall('odd', { status: 400, isRetryable: true })))).toBe(true);
    expect(isRetryableError(throwError(failingCall('plain')))).toBe(false);
    expect(retryDelayMs(1, apiCallError({ status: 429, retryAfter: 2 }), defaultRetryPolicy)).toBe(2000);
  });

  it('default the message from the status', () => {
    expect(apiCallError({ status: 503 }).message).toBe('The model call failed with HTTP status 503.');
    expect(apiCallError().isRetryable).toBe(false);
    expect(apiCallError({ cause: 'x' }).cause).toBe('x');
  });
});
