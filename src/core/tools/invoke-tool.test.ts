import { describe, expect, it } from 'vitest';
import { describeToolFailure, invokeTool, ToolFailureError } from './invoke-tool';

const options = (signal = new AbortController().signal) => ({ signal, toolCallId: 'call-1' });

describe('invokeTool', () => {
  it('returns the value of a plain or async body, with the signal and call id it was given', async () => {
    expect(await invokeTool(({ toolCallId }) => `ran ${toolCallId}`, options())).toEqual({ status: 'output', output: 'ran call-1' });
    expect(await invokeTool(async () => ({ rows: 2 }), options())).toEqual({ status: 'output', output: { rows: 2 } });
  });

  it('takes the last value of a streamed result and reports every value as progress', async () => {
    const progress: unknown[] = [];
    async function* body() {
      yield 'searching';
      yield 'found 3';
      yield { results: 3 };
    }
    const outcome = await invokeTool(body, { ...options(), reportProgress: (value) => progress.push(value) });
    expect(outcome).toEqual({ status: 'output', output: { results: 3 } });
    expect(progress).toEqual(['searching', 'found 3', { results: 3 }]);
  });

  it('a throw, sync or async, is a failure that keeps the error', async () => {
    const error = new Error('database is down');
    expect(await invokeTool(() => { throw error; }, options())).toEqual({ status: 'failed', error });
    expect(await invokeTool(async () => Promise.reject(error), options())).toEqual({ status: 'failed', error });
  });

  it('ends at the time limit even when the body ignores its signal, and aborts the body', async () => {
    let bodySignal: AbortSignal | undefined;
    const outcome = await invokeTool(({ signal }) => {
      bodySignal = signal;
      return new Promise(() => {});
    }, { ...options(), timeoutMs: 20 });
    expect(outcome).toEqual({ status: 'timeout', timeoutMs: 20 });
    expect(bodySignal?.aborted).toBe(true);
  });

  it('ends when the caller aborts, with the caller reason', async () => {
    const controller = new AbortController();
    const pending = invokeTool(() => new Promise(() => {}), options(controller.signal));
    controller.abort('stopped by the user');
    expect(await pending).toEqual({ status: 'aborted', reason: 'stopped by the user' });
  });

  it('words each failure for the model', () => {
    expect(describeToolFailure('lookup', { status: 'timeout', timeoutMs: 5000 })).toBe('The tool "lookup" timed out after 5000 ms and was stopped.');
    expect(describeToolFailure('lookup', { status: 'failed', error: new Error('no such customer') })).toBe('The tool "lookup" failed: no such customer');
    expect(describeToolFailure('lookup', { status: 'aborted', reason: undefined })).toBe('The run was stopped while "lookup" was running; it has no result.');
    // A failure worded by the tool itself (a backend's message) is not wrapped a second time.
    expect(describeToolFailure('lookup', { status: 'failed', error: new ToolFailureError('The tool server for "lookup" is down.') })).toBe('The tool server for "lookup" is down.');
  });
});
