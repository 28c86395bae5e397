import type { ToolDefinition } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';

/** The file tools over a sandbox (work in progress: filled in by the file tools change). */
export function sandboxTools(sandbox: Sandbox): ToolDefinition[] {
  void sandbox;
  return [];
}
