import { Component, createContext, useContext, useMemo, type ReactNode } from 'react';
import type { ToolCall } from '../../core/index';
import { useStrings } from '../strings/strings-context';

/** What a tool renderer gets: the call, as it is now (it renders again when the call changes). */
export interface ToolRenderProps {
  call: ToolCall;
}

/**
 * How one tool's calls look, by phase. Each function is optional: a phase without one shows the
 * kit's default card. `approval` replaces the preview in the approval dialog (the decision, the
 * arguments and the reason stay the kit's).
 *
 * @example
 * ```tsx
 * const weather: ToolRenderer = {
 *   running: ({ call }) => <p>Looking up the weather in {(call.input as { city: string }).city}…</p>,
 *   done: ({ call }) => <WeatherCard forecast={call.output as Forecast} />,
 * };
 * ```
 */
export interface ToolRenderer {
  /**
   * From the first streamed argument until a result: streaming input, approved, running, waiting
   * for an answer. While the arguments stream in, `call.input` is `undefined` (`call.inputText`
   * holds the JSON so far).
   */
  running?: (props: ToolRenderProps) => ReactNode;
  /** `output-available`. */
  done?: (props: ToolRenderProps) => ReactNode;
  /** `output-error`, `output-denied`, `cancelled` and `sealed`. */
  failed?: (props: ToolRenderProps) => ReactNode;
  /** `approval-requested`: shown in the approval dialog (and in the card) as what the call will do. */
  approval?: (props: ToolRenderProps) => ReactNode;
}

/** Renderers by tool name. */
export type ToolRenderers = Readonly<Record<string, ToolRenderer>>;

/** The phase of a call that picks the renderer. */
export type ToolRenderPhase = keyof ToolRenderer;

/** Which renderer phase a call is in. */
export function toolRenderPhase(call: ToolCall): ToolRenderPhase {
  switch (call.state) {
    case 'approval-requested':
      return 'approval';
    case 'output-available':
      return 'done';
    case 'output-error':
    case 'output-denied':
    case 'cancelled':
    case 'sealed':
      return 'failed';
    default:
      return 'running';
  }
}

const ToolRenderersContext = /* @__PURE__ */ createContext<ToolRenderers>({});

/**
 * `inner` over `outer`, per tool and per phase: a tool with a result card from one place and an
 * approval preview from another keeps both; where both give the same phase, `inner` wins.
 */
export function mergeToolRenderers(outer: ToolRenderers, inner: ToolRenderers): ToolRenderers {
  const merged: Record<string, ToolRenderer> = { ...outer };
  for (const [name, renderer] of Object.entries(inner)) {
    merged[name] = Object.hasOwn(outer, name) ? { ...outer[name], ...renderer } : renderer;
  }
  return merged;
}

/**
 * Gives the components below it per-tool renderers (`AgentChat` takes them as `toolRenderers`).
 * Providers nest and combine per phase: an inner provider (or `AgentChat`'s `toolRenderers`)
 * adds to or replaces the phases it names and keeps the outer ones' other phases.
 *
 * @example
 * ```tsx
 * <ToolRenderersProvider renderers={{ get_weather: weather }}><ToolTimeline /></ToolRenderersProvider>
 * ```
 */
export function ToolRenderersProvider({ renderers, children }: { renderers: ToolRenderers | undefined; children: ReactNode }) {
  const outer = useContext(ToolRenderersContext);
  const value = useMemo(() => (renderers ? mergeToolRenderers(outer, renderers) : outer), [outer, renderers]);
  return <ToolRenderersContext.Provider value={value}>{children}</ToolRenderersContext.Provider>;
}

/**
 * The app's view of `call` in its current phase (or in `phase`), or `undefined` when the tool has
 * no renderer for it (then show the kit's default). The view renders inside an error boundary: a
 * renderer that throws shows a short line saying so in its place, and the rest of the chat goes on.
 *
 * @example
 * ```tsx
 * const custom = useToolRender(call);
 * return custom ?? <DefaultCard call={call} />;
 * ```
 */
export function useToolRender(call: ToolCall | undefined, phase: ToolRenderPhase | undefined = call && toolRenderPhase(call)): ReactNode | undefined {
  const renderers = useContext(ToolRenderersContext);
  const strings = useStrings();
  if (!call || !phase) return undefined;
  const render = Object.hasOwn(renderers, call.name) ? renderers[call.name]?.[phase] : undefined;
  if (typeof render !== 'function') return undefined;
  // Keyed by phase: a view that failed while running gets a fresh start when the call is done.
  return (
    <ToolViewBoundary key={phase} failedText={(message) => strings.toolCall.viewFailed(call.name, message)}>
      <AppToolView render={render} call={call} />
    </ToolViewBoundary>
  );
}

function AppToolView({ render, call }: { render: (props: ToolRenderProps) => ReactNode; call: ToolCall }) {
  return <>{render({ call })}</>;
}

/** Keeps an app renderer's exception inside its card. */
class ToolViewBoundary extends Component<{ failedText: (message: string) => string; children: ReactNode }, { failed: string | null }> {
  override state: { failed: string | null } = { failed: null };

  static getDerivedStateFromError(error: unknown): { failed: string } {
    return { failed: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    if (this.state.failed === null) return this.props.children;
    return (
      <p className="rak-tool-view-error">
        {this.props.failedText(this.state.failed)}
      </p>
    );
  }
}
