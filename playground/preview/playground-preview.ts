import { useEffect, useSyncExternalStore } from 'react';
import type { ToolDefinition } from 'react-agent-kit';
import { createPreviewLog, openPreviewTool, previewLogsTool, type PreviewLog, type Sandbox } from 'react-agent-kit/sandbox';

/**
 * The live preview of a conversation's workspace: what the `Preview` panel reports (its log, which
 * the agent's `preview_logs` reads), the entry it shows, and the agent's `open_preview`, which asks
 * the page to open the panel. One per workspace (a conversation's agent and its panel share it).
 */
export interface PlaygroundPreview {
  log: PreviewLog;
  entry(): string;
  /** Shows `entry` and asks the page to open the Preview panel (the agent's `open_preview`). */
  open(entry: string): void;
  /** Listens to `open`; returns the function that stops listening. */
  subscribe(listener: () => void): () => void;
  /** `open_preview` and `preview_logs` over this workspace. */
  tools: ToolDefinition<never, unknown>[];
}

const previews = new WeakMap<Sandbox, PlaygroundPreview>();

/**
 * @example
 * const tools = [...playgroundPreview(sandbox).tools];
 */
export function playgroundPreview(sandbox: Sandbox): PlaygroundPreview {
  let preview = previews.get(sandbox);
  if (preview) return preview;
  const log = createPreviewLog();
  const listeners = new Set<() => void>();
  let entry = 'index.html';
  const open = (next: string) => {
    entry = next.replace(/^\/+/, '');
    for (const listener of [...listeners]) listener();
  };
  preview = {
    log,
    entry: () => entry,
    open,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    tools: [openPreviewTool(log, sandbox, open), previewLogsTool(log, sandbox)] as ToolDefinition<never, unknown>[],
  };
  previews.set(sandbox, preview);
  return preview;
}

/** The entry the preview of `sandbox` shows. */
export function usePreviewEntry(sandbox: Sandbox): string {
  const preview = playgroundPreview(sandbox);
  return useSyncExternalStore(preview.subscribe, preview.entry);
}

/** Calls `onOpen` when the agent opens the preview of `sandbox` (`open_preview`). */
export function useOpenPreview(sandbox: Sandbox | undefined, onOpen: () => void): void {
  useEffect(() => (sandbox ? playgroundPreview(sandbox).subscribe(onOpen) : undefined), [sandbox, onOpen]);
}
