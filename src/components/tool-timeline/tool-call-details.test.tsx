// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolCall } from '../../core/index';
import { ToolCallDetails } from './tool-call-details';

afterEach(cleanup);

const call = (output: unknown): ToolCall => ({ id: 'call-1', name: 'bash', messageId: 'm1', inputText: '{"command":"ls"}', input: { command: 'ls' }, state: 'output-available', output, audit: [] });

describe('ToolCallDetails', () => {
  it("shows a shell's result as a terminal would: its streams as text and the exit code, not JSON with \\n escapes", () => {
    render(<ToolCallDetails call={call({ exitCode: 2, stdout: 'a.txt\nb.txt\n', stderr: "ls: missing: No such file or directory\n" })} />);
    expect(screen.getByText('Exit code 2')).toBeTruthy();
    expect(screen.getByLabelText('Output').textContent).toBe('a.txt\nb.txt\n');
    expect(screen.getByLabelText('Errors').textContent).toBe('ls: missing: No such file or directory\n');
    expect(screen.queryByText(/\\n/)).toBeNull();
  });

  it('leaves out an empty stream, says when the output was cut, and shows any other result as JSON', () => {
    render(<ToolCallDetails call={call({ exitCode: 0, stdout: 'done\n', stderr: '', truncated: true })} />);
    expect(screen.getByText('Exit code 0 (output cut)')).toBeTruthy();
    expect(screen.queryByLabelText('Errors')).toBeNull();
    cleanup();
    render(<ToolCallDetails call={call({ rows: 2 })} />);
    expect(screen.getByLabelText('Result').textContent).toContain('"rows": 2');
  });
});
