import type { ApprovalPreview } from '../store/state';
import type { ToolDefinition } from './define-tool';
import { toJsonData } from './json-data';

/**
 * The tool's preview of what a call with `input` would change (file tools give diffs), as JSON.
 * A preview that throws or is not JSON shows none rather than blocking the approval.
 *
 * @example
 * ```ts
 * const preview = previewOf(tool, input); // { kind: 'file-changes', files: [...] } or undefined
 * ```
 */
export function previewOf(tool: ToolDefinition, input: unknown): ApprovalPreview | undefined {
  if (!tool.preview) return undefined;
  try {
    const preview = toJsonData(tool.preview(input), 'preview');
    return preview.ok ? (preview.value as ApprovalPreview | undefined) : undefined;
  } catch {
    return undefined;
  }
}
