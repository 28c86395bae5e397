/**
 * The agent's tools for a live preview: `open_preview` (the app shows its preview of an entry
 * file) and `preview_logs` (what the preview's page logged and threw since the model last asked).
 * Both wait, a bounded time, for the preview to show the sandbox as it is now, so that a model
 * that just changed a file reads the logs of the page built from that change. What they do loads
 * on their first call.
 */
import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import type { PreviewLog } from './preview-log';

const run = () => import('./preview-tools-run');

/**
 * The `preview_logs` tool: the console lines, uncaught errors, unhandled rejections and build
 * errors of the live preview since the model last called it, and where the preview stands. With
 * the `sandbox`, it first waits (up to `waitMs`, default 5 s) until the preview shows the files as they are now.
 *
 * @example
 * ```ts
 * const log = createPreviewLog();
 * createAgent({ model, sandbox, tools: [previewLogsTool(log, sandbox)] });
 * ```
 */
export function previewLogsTool(log: PreviewLog, sandbox?: Sandbox, options: { waitMs?: number } = {}) {
  return defineTool({
    name: 'preview_logs',
    description:
      'What the live preview of the web page logged since you last asked: console output, uncaught errors (file and line), unhandled rejections, files that failed to build. Call it after changing the page.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false } as const,
    readOnly: true,
    category: 'read',
    execute: async (_input, context) => (await run()).readPreviewLogs(log, sandbox, options.waitMs, context.signal),
  });
}

/**
 * The `open_preview` tool: asks the app to show the live preview of an entry file (`open`), then
 * waits (up to `waitMs`, default 5 s) until the page has loaded from the sandbox as it is now, and says how that went.
 *
 * @example
 * ```ts
 * const log = createPreviewLog();
 * const tools = [openPreviewTool(log, sandbox, (entry) => setPreviewEntry(entry)), previewLogsTool(log, sandbox)];
 * ```
 */
export function openPreviewTool(log: PreviewLog, sandbox: Sandbox, open: (entry: string) => void, options: { waitMs?: number } = {}) {
  return defineTool({
    name: 'open_preview',
    description: 'Opens the live preview of an HTML file of the workspace. It reloads when files change; preview_logs reads its console and errors.',
    inputSchema: { type: 'object', properties: { entry: { type: 'string', description: 'The HTML file. Default "index.html".' } }, additionalProperties: false } as const,
    readOnly: true,
    category: 'read',
    execute: async (input, context) => (await run()).openPreview(log, sandbox, open, input.entry, options.waitMs, context.signal),
  });
}
