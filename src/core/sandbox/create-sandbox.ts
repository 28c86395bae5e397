/**
 * `createSandbox`: the in-memory filesystem an agent works in, with the agent's file tools (see
 * `buildSandbox` for the sandbox itself).
 */
import { buildSandbox } from './build-sandbox';
import type { CreateSandboxOptions, Sandbox } from './sandbox-types';
import { sandboxTools } from './tools/sandbox-tools';

/**
 * Creates a sandbox: a virtual filesystem confined to its root, with limits, change events and
 * cheap checkpoints. Initial `snapshot` and `files` go through the same rules as any write; if one
 * is refused, `createSandbox` throws that `SandboxError`.
 *
 * @example
 * ```ts
 * const sandbox = createSandbox({ files: { 'src/index.ts': 'export {};\n' }, limits: { maxFiles: 1000 } });
 * const before = sandbox.checkpoint();
 * sandbox.writeFile('/src/index.ts', 'export const a = 1;\n');
 * sandbox.diffFile('src/index.ts', before); // a unified diff
 * sandbox.restore(before);
 * ```
 */
export function createSandbox(options: CreateSandboxOptions = {}): Sandbox {
  return buildSandbox(options, (sandbox) => sandboxTools(sandbox, { requireRead: options.requireRead }));
}
