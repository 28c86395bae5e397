/**
 * Tools' `init` and `dispose`, per agent. A tool's `init` runs once, before the agent's first call
 * of it; calls that come while it runs wait for the same promise. When `init` fails, the calls
 * waiting for it end with an error result and the next call tries again (a network blip at the
 * first call must not break the tool for the rest of the session). `dispose` runs once for each
 * tool the agent started (its first call began and its `init`, if any, succeeded), when the agent
 * is disposed; one that fails is reported and the others still run.
 */
import type { ToolDefinition } from './define-tool';
import { describeError, ToolFailureError } from './invoke-tool';

export interface ToolLifecycle {
  /** Resolves when the tool is ready (at once after the first time); `undefined` for a tool without `init` and `dispose`. Rejects with a `ToolFailureError` when `init` fails. */
  prepare(tool: ToolDefinition): Promise<void> | undefined;
  /** Calls `dispose` of each started tool; failures go to `report`. A tool whose `init` is still running is disposed when it finishes. */
  dispose(report: (error: unknown, toolName: string) => void): Promise<void>;
}

interface Started {
  ready: Promise<void>;
  done: boolean;
}

/**
 * @example
 * ```ts
 * const lifecycle = createToolLifecycle();
 * await lifecycle.prepare(tool); // runs tool.init() once
 * await lifecycle.dispose((error, name) => console.error(name, error));
 * ```
 */
export function createToolLifecycle(): ToolLifecycle {
  const started = new Map<ToolDefinition, Started>();
  let disposed = false;

  const disposeOne = async (tool: ToolDefinition, report: (error: unknown, toolName: string) => void) => {
    try {
      await tool.dispose?.();
    } catch (error) {
      report(error, tool.name);
    }
  };

  return {
    prepare(tool) {
      if (!tool.init && !tool.dispose) return undefined;
      if (disposed) return Promise.reject(new ToolFailureError(`The tool "${tool.name}" did not run: the agent was disposed.`));
      let entry = started.get(tool);
      if (!entry) {
        const record: Started = { ready: Promise.resolve(), done: false };
        record.ready = (async () => {
          try {
            await tool.init?.();
            record.done = true;
          } catch (error) {
            // Forgotten, so the next call tries again.
            started.delete(tool);
            throw new ToolFailureError(`The tool "${tool.name}" could not start (its init failed: ${describeError(error)}), so it did not run. The next call tries to start it again.`);
          }
        })();
        entry = record;
        started.set(tool, entry);
      }
      return entry.ready;
    },
    async dispose(report) {
      disposed = true;
      const now: Promise<void>[] = [];
      for (const [tool, entry] of started) {
        if (entry.done) now.push(disposeOne(tool, report));
        // Still starting: disposed once it has started (waiting here could wait forever).
        else entry.ready.then(() => disposeOne(tool, report), () => {});
      }
      started.clear();
      await Promise.all(now);
    },
  };
}
