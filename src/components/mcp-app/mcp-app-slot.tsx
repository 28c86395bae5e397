import { createContext, lazy, Suspense, useContext, type ReactNode } from 'react';
import type { ToolCall } from '../../core/index';
import { useAgentInstance } from '../../react/index';
import { useStrings } from '../strings/strings-context';
import type { McpAppOptions } from './mcp-app-options';

const McpAppOptionsContext = /* @__PURE__ */ createContext<McpAppOptions>({});

/**
 * Gives the cards below it the app's MCP Apps options.
 *
 * @example
 * ```tsx
 * <McpAppOptionsProvider options={{ maxHeight: 400 }}><MessageList /></McpAppOptionsProvider>
 * ```
 */
export function McpAppOptionsProvider({ options, children }: { options: McpAppOptions | undefined; children: ReactNode }) {
  const outer = useContext(McpAppOptionsContext);
  return <McpAppOptionsContext.Provider value={options ?? outer}>{children}</McpAppOptionsContext.Provider>;
}

// The frame, its bridge and its policy load with the first app shown: a chat without MCP Apps ships none of it.
const McpAppView = /* @__PURE__ */ lazy(() => import('./mcp-app-view').then((module) => ({ default: module.McpAppView })));

/** States in which the app is shown: it gets the input while the call runs, then its result. */
const shownStates = new Set<ToolCall['state']>(['running', 'output-available']);

/**
 * The MCP App of a call's tool (an MCP tool that declares a `ui://` resource), in the call's card;
 * nothing for other tools.
 *
 * @example
 * ```tsx
 * <McpAppSlot call={call} />
 * ```
 */
export function McpAppSlot({ call }: { call: ToolCall }) {
  const agent = useAgentInstance();
  const options = useContext(McpAppOptionsContext);
  const strings = useStrings();
  const ui = agent.tools.find((tool) => tool.name === call.name)?.ui;
  if (!ui?.read || options.enabled === false || !shownStates.has(call.state)) return null;
  return (
    <Suspense fallback={<p className="rak-mcp-app-status">{strings.mcpApp.loading}</p>}>
      <McpAppView call={call} ui={ui} agent={agent} options={options} words={strings.mcpApp} />
    </Suspense>
  );
}
