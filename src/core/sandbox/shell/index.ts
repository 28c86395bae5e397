/**
 * react-agent-kit/shell: a simulated bash over the sandbox's files, the `bash` tool, and the
 * sandbox as an AI SDK sandbox session (whose commands run in that shell). The shell's engine is
 * just-bash, an optional peer dependency (`npm install just-bash`), imported on the first run only;
 * apps that never import this entry need neither.
 *
 * @module react-agent-kit/shell
 */
export { createSandboxShell, defaultShellLimits, missingShellEngineMessage } from './sandbox-shell';
export type { SandboxShell, SandboxShellOptions, SandboxShellResult, SandboxShellRunOptions } from './sandbox-shell';
export { bashTool } from './bash-tool';
export type { BashToolOptions, BashToolOutput } from './bash-tool';
export { toAISandboxSession } from '../ai-sdk/ai-sdk-sandbox-session';
export type { AISandboxSessionOptions } from '../ai-sdk/ai-sdk-sandbox-session';
export { runCodeTool } from '../code/run-code-tool';
export type { RunCodeInput, RunCodeOutput, RunCodeToolOptions } from '../code/run-code-tool';
export { runCode } from '../code/run-code';
export type { RunCodeOptions } from '../code/run-code';
export type { PythonRuntimeOptions } from '../code/python/run-python';
export { defaultCodeLimits } from '../code/code-limits';
export type { CodeLanguage, CodeNetworkOptions, CodeOutputChunk, CodeRunLimits, CodeRunRequest, CodeRunResult, CodeStopReason } from '../code/code-types';
