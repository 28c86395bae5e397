import { useEffect, useMemo, useRef, useState } from 'react';
import type { Agent, ToolCall, ToolUi, ToolUiResource } from '../../core/index';
import type { KitStrings } from '../strings/kit-strings';
import { appContentSecurityPolicy, appFrameDocument, grantedDomains } from './app-frame-document';
import { createMcpAppHost, type AppToolResult, type McpAppHost } from './mcp-app-host';
import { hostContextOf, themeStyle } from './host-theme';
import type { McpAppOptions } from './mcp-app-options';

/** Something the app asked that a person decides. */
type PersonPrompt = { kind: 'link' | 'message'; value: string; decide: (yes: boolean) => void };

const defaultMaxHeight = 600;
const initialHeight = 120;

/**
 * An MCP App in its card: the resource read through the kit's server, shown in a frame with an
 * opaque origin (`sandbox="allow-scripts"`, never `allow-same-origin`) and a policy that allows
 * no network unless granted; sized by the app's `size-changed` notifications up to `maxHeight`;
 * themed from the kit's variables. What the app asks goes through the agent: `tools/call` is
 * `agent.callTool` (permissions, approvals), a message or a link waits for the person.
 * `ui/update-model-context` is not offered (the host does not announce it, and answers it with
 * "method not found"): the kit does not yet add an app's context to the model's requests.
 *
 * @example
 * ```tsx
 * <McpAppView call={call} ui={ui} agent={agent} options={{}} words={strings.mcpApp} />
 * ```
 */
// The words come as a prop: importing the strings here would split them into a chunk of their own, which costs the up-front bundle.
export function McpAppView({ call, ui, agent, options, words }: { call: ToolCall; ui: ToolUi; agent: Agent; options: McpAppOptions; words: KitStrings['mcpApp'] }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const [resource, setResource] = useState<ToolUiResource | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [theme, setTheme] = useState<{ style: string; context: Record<string, unknown> } | null>(null);
  const [height, setHeight] = useState(initialHeight);
  const [prompt, setPrompt] = useState<PersonPrompt | null>(null);
  const [ready, setReady] = useState(false);
  const [left, setLeft] = useState(false);
  // Loads of the frame: the first is the app's document; another means the app navigated its frame away.
  const loads = useRef(0);
  const latestCall = useRef(call);
  latestCall.current = call;
  // Only a list counts (a string would match by substring): anything else allows nothing.
  const allowed = useMemo(() => (Array.isArray(options.allowDomains) ? options.allowDomains.filter((domain) => typeof domain === 'string') : []), [options.allowDomains]);
  const maxHeight = typeof options.maxHeight === 'number' && options.maxHeight > 0 ? options.maxHeight : defaultMaxHeight;

  useEffect(() => {
    const controller = new AbortController();
    ui.read!(controller.signal).then(
      (loaded) => setResource(loaded),
      (error: unknown) => {
        if (!controller.signal.aborted) setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    return () => controller.abort();
  }, [ui]);

  // The kit's variables as the page computes them here, for the app's `hostContext` and its `:root`.
  useEffect(() => {
    if (box.current) setTheme(hostContextOf(box.current));
  }, []);

  const host = useRef<McpAppHost | null>(null);
  useEffect(() => {
    if (!resource || !theme || left) return;
    const granted = () => ({ connectDomains: grantedDomains(resource.csp?.connectDomains, allowed), resourceDomains: grantedDomains(resource.csp?.resourceDomains, allowed) });
    const ask = (kind: PersonPrompt['kind'], value: string) => new Promise<boolean>((resolve) => setPrompt({ kind, value, decide: resolve }));
    const bridge = createMcpAppHost(() => frame.current?.contentWindow, {
      hostContext: () => ({ ...theme.context, toolInfo: { id: call.id, tool: { name: call.name, inputSchema: { type: 'object' } } }, displayMode: 'inline', availableDisplayModes: ['inline'], containerDimensions: { maxHeight }, platform: 'web' }),
      grantedCsp: granted,
      initialized: () => setReady(true),
      callTool: (name, input) => runAppTool(agent, ui, name, input),
      sendMessage: async (text) => {
        if (!(await ask('message', text))) return false;
        return agent.send(text).then(
          () => true,
          () => false,
        );
      },
      openLink: async (url) => {
        if (!(await ask('link', url))) return false;
        window.open(url, '_blank', 'noopener,noreferrer');
        return true;
      },
      sizeChanged: ({ height: asked }) => {
        if (asked !== undefined) setHeight(Math.min(maxHeight, Math.max(24, Math.ceil(asked))));
      },
    });
    host.current = bridge;
    window.addEventListener('message', bridge.receive);
    return () => {
      window.removeEventListener('message', bridge.receive);
      host.current = null;
    };
    // The call's id and name do not change for a card; its state is read through `latestCall`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resource, theme, left, allowed, maxHeight, agent, ui]);

  // The tool's input once the app is ready, and its result when there is one.
  useEffect(() => {
    if (!ready || !host.current) return;
    host.current.notify('ui/notifications/tool-input', { arguments: call.input ?? {} });
    if (call.state === 'output-available') host.current.notify('ui/notifications/tool-result', toAppResult(call));
  }, [ready, call.state, call.input, call]);

  const document = useMemo(() => {
    if (!resource || !theme) return null;
    const policy = appContentSecurityPolicy(resource.csp ?? {}, allowed);
    return appFrameDocument(`${themeStyle(theme.context)}${resource.html}`, policy);
  }, [resource, theme, allowed]);

  return (
    <div ref={box} className="rak-mcp-app" data-border={resource?.prefersBorder === false ? 'none' : 'shown'}>
      {failure !== null && <p className="rak-mcp-app-status" role="alert">{words.failed(failure)}</p>}
      {failure === null && document === null && <p className="rak-mcp-app-status">{words.loading}</p>}
      {left && (
        <p className="rak-mcp-app-status" role="alert">
          {words.navigatedAway}
        </p>
      )}
      {document !== null && !left && (
        <iframe
          ref={frame}
          className="rak-mcp-app-frame"
          title={words.frameTitle(call.name)}
          // An opaque origin: never add allow-same-origin (with allow-scripts the app could lift its own sandbox).
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          srcDoc={document}
          style={{ height }}
          onLoad={() => {
            loads.current += 1;
            // Nothing may stop a sandboxed frame from navigating itself; what loaded there is not
            // the app, so it gets neither the bridge nor a place on the page.
            if (loads.current > 1) setLeft(true);
          }}
        />
      )}
      {prompt !== null && (
        <div className="rak-mcp-app-prompt" role="group" aria-label={prompt.kind === 'link' ? words.openLinkQuestion : words.sendMessageQuestion}>
          <p>{prompt.kind === 'link' ? words.openLinkQuestion : words.sendMessageQuestion}</p>
          <p className="rak-mcp-app-prompt-value">{prompt.value}</p>
          <button type="button" className="rak-button rak-button-primary" onClick={() => (prompt.decide(true), setPrompt(null))}>
            {prompt.kind === 'link' ? words.openLink : words.sendMessage}
          </button>
          <button type="button" className="rak-button" onClick={() => (prompt.decide(false), setPrompt(null))}>
            {words.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}

/** The app's `tools/call`: a tool of its own server only, run as a call of the agent. */
async function runAppTool(agent: Agent, ui: ToolUi, name: string, input: unknown): Promise<AppToolResult> {
  const kitName = Object.hasOwn(ui.appTools ?? {}, name) ? ui.appTools![name] : undefined;
  if (kitName === undefined) return errorResult(`The app may call only the tools of its own MCP server; "${name}" is not one of them.`);
  if (!agent.callTool) return errorResult('This agent does not run tool calls for apps.');
  try {
    return toAppResult(await agent.callTool(kitName, input));
  } catch (error) {
    return errorResult(error instanceof Error ? error.message : String(error));
  }
}

function toAppResult(call: ToolCall): AppToolResult {
  if (call.state !== 'output-available') return errorResult(call.error ?? `The call ended as ${call.state}.`);
  const { output } = call;
  const structured = typeof output === 'object' && output !== null && !Array.isArray(output) ? (output as Record<string, unknown>) : undefined;
  return { content: [{ type: 'text', text: typeof output === 'string' ? output : JSON.stringify(output) }], ...(structured ? { structuredContent: structured } : {}) };
}

function errorResult(text: string): AppToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}
