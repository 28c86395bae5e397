/**
 * The `bash` tool: the model runs shell scripts over the workspace through `createSandboxShell`.
 * It asks for approval (a script can change or delete any file), and tells the model plainly what
 * the shell is: simulated, no network, programs on the sandbox's own engines, with limits.
 */
import { defineTool, type ToolDefinition } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { programProgress } from './program-progress';
import { createSandboxShell, defaultShellLimits, type SandboxShellOptions } from './sandbox-shell';

/** Options of `bashTool`: the shell's limits. `maxOutputBytes` defaults to 8,000 here (see below). */
export type BashToolOptions = SandboxShellOptions;

/** What the model receives from a `bash` call. */
export interface BashToolOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Present (true) when stdout or stderr was cut. */
  truncated?: true;
}

/** The commands the description names; all exist in the shell (a test checks it). */
export const bashToolCommands = [
  'ls', 'cat', 'head', 'tail', 'grep', 'rg', 'sed', 'awk', 'find', 'sort', 'uniq', 'wc', 'cut', 'tr', 'diff', 'jq', 'yq',
  'xargs', 'tee', 'tree', 'mkdir', 'cp', 'mv', 'rm', 'touch', 'base64', 'sha256sum', 'seq', 'date', 'printf', 'echo',
] as const;

// Two streams of 8,000 bytes stay below the agent's 20,000-character cap on one tool result.
const defaultToolOutputBytes = 8_000;
// The shell stops itself at its time limit; the tool's own limit is only a backstop above it.
const toolTimeoutMarginMs = 5_000;

const inputSchema = {
  type: 'object',
  properties: {
    command: { type: 'string', description: 'The bash script to run, e.g. "grep -rn TODO src | head -20". Pipes, redirects, loops and several lines are fine.' },
    cwd: { type: 'string', description: 'Directory to start in, e.g. "src". Default: the workspace root "/".' },
  },
  required: ['command'],
  additionalProperties: false,
} as const;

function describe(limits: Pick<Required<SandboxShellOptions>, 'timeoutMs' | 'maxCommands' | 'maxLoopIterations' | 'maxOutputBytes'>, python: boolean): string {
  return [
    'Runs a bash script in a simulated shell over the workspace files (not a real machine: an interpreter running in the browser).',
    'The workspace root is "/"; files the script creates, changes or deletes are workspace files.',
    `Commands include ${bashToolCommands.join(', ')}, plus pipes, redirects, variables, loops and functions; \`help\` lists them all.`,
    'There is no network (no curl or wget), no package manager, and no chmod or links.',
    '`node file.js`, `node file.ts` and `npx tsx file.ts` run JavaScript and TypeScript on a sandboxed engine (Node\'s fs, path, util, events, assert and os; no npm packages, no network).',
    python ? '`python3 file.py` runs Python (Pyodide: the standard library, no pip, no network).' : 'There is no Python.',
    'Each call starts fresh: variables and `cd` do not carry over to the next call; files do.',
    `Limits per call: ${limits.timeoutMs / 1000} s, ${limits.maxCommands} commands, ${limits.maxLoopIterations} iterations per loop; output beyond ${limits.maxOutputBytes} bytes per stream is cut.`,
  ].join(' ');
}

/**
 * The `bash` tool over `sandbox`: input `{ command, cwd? }`, output `{ exitCode, stdout, stderr,
 * truncated? }`. A failing command is a normal result with a non-zero `exitCode` (the model reads
 * stderr), not a tool error. Asks for approval. The shell (just-bash) is loaded on the first call.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, sandbox, tools: [bashTool(sandbox, { timeoutMs: 5_000 })] });
 * // the model calls bash({ command: 'find . -name "*.md" | xargs wc -l' })
 * ```
 */
export function bashTool(sandbox: Sandbox, options: BashToolOptions = {}): ToolDefinition<{ command: string; cwd?: string }, BashToolOutput, typeof inputSchema> {
  const limits = { ...defaultShellLimits, maxOutputBytes: defaultToolOutputBytes, ...options };
  const shell = createSandboxShell(sandbox, limits);
  return defineTool({
    name: 'bash',
    description: describe(limits, options.python !== undefined),
    inputSchema,
    needsApproval: true,
    category: 'shell',
    timeoutMs: limits.timeoutMs + toolTimeoutMarginMs,
    execute: async ({ command, cwd }, { signal, reportProgress }): Promise<BashToolOutput> => {
      const onOutput = programProgress(reportProgress, limits.maxOutputBytes);
      const { exitCode, stdout, stderr, truncated } = await shell.run({ command, signal, onOutput, ...(cwd === undefined ? {} : { cwd }) });
      return truncated ? { exitCode, stdout, stderr, truncated } : { exitCode, stdout, stderr };
    },
  });
}
