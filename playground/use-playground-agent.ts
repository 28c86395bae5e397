import { useEffect, useRef, useState } from 'react';
import { createAgent, type Agent, type ToolDefinition } from 'react-agent-kit';
import { agUiAgent } from 'react-agent-kit/ag-ui';
import type { SessionStorage } from 'react-agent-kit/sessions';
import { bashTool, runCodeTool } from 'react-agent-kit/shell';
import { deleteRecords, getTime, getWeather, researchHelper, sendEmail } from './demo-tools';
import { approvalPermissions, type ApprovalMode } from './approval-mode';
import { createModel, type ModelChoice } from './model-choice';
import { createWorkspace } from './workspace';
import { playgroundPreview } from './preview/playground-preview';

/** Where the playground's Vite server mounts the kit's backend half (see playground/server). */
export const agentUrl = '/api/agent';

/** Where it mounts the remote agent: the kit's agent behind AG-UI (playground/server/remote-agent.ts). */
export const agUiUrl = '/api/ag-ui';

function makeAgent(sessionId: string, storage: SessionStorage, choice: ModelChoice, backendTools: readonly ToolDefinition<never, unknown>[], approvals: ApprovalMode): Agent {
  const sandbox = createWorkspace();
  const permissions = approvalPermissions(approvals);
  if (choice.kind === 'remote-agent') {
    // The run happens on the server; the browser lends it hands: the page's tools, the shell and
    // the workspace's file tools run here, with this page's approvals. The server has its own
    // customer tools and email (not the bridge's), and asks its questions as interrupts, so the
    // page offers no question tool of its own. The session's id is the thread's id.
    return agUiAgent({
      url: agUiUrl,
      tools: [getWeather, getTime, deleteRecords, bashTool(sandbox)],
      sandbox,
      askUser: false,
      ...(permissions ? { permissions } : {}),
      session: { id: sessionId, storage },
    });
  }
  return createAgent({
    model: createModel(choice, agentUrl),
    instructions: 'You are the react-agent-kit demo assistant.',
    // Tools that run in the page (bash: a simulated shell over the workspace; run_code: programs on
    // the sandbox's engines, in the shell's worker), and the server's
    // (they run there, through the tool bridge).
    // open_preview and preview_logs: the live preview of a page the agent builds (the Preview panel).
    tools: [getWeather, getTime, sendEmail, deleteRecords, researchHelper, bashTool(sandbox), runCodeTool(sandbox), ...playgroundPreview(sandbox).tools, ...backendTools],
    // The workspace: file tools, a checkpoint per message, rollback. Its files belong to the conversation.
    sandbox,
    // The built-in ask_user_question tool; a typed answer is accepted besides the options.
    askUser: { allowFreeText: true },
    // The built-in todo_write tool: the agent keeps a plan of a longer task, shown above the composer.
    todos: true,
    // "Edit files without asking": the read and write categories allowed; bash (shell) still asks.
    ...(permissions ? { permissions } : {}),
    // Saved as it changes (on the dev server, or in this browser's IndexedDB); a reload brings it
    // back, pending approvals included.
    session: { id: sessionId, storage },
    // A context budget: old tool outputs are elided, then older turns summarized. Small for the demo
    // model, so a few long stories show compaction happen (the meter under the composer fills up).
    context: { maxInputTokens: choice.kind === 'demo' ? 6_000 : 128_000 },
  });
}

const isBusy = (agent: Agent) => ['running', 'awaiting-people'].includes(agent.getState().status);

/**
 * The agent of the open conversation, and whether it is being replaced. A new conversation, model,
 * approval mode or tool catalog means a new agent on the same session: the old one saves and lets go first, then
 * the new one loads what it saved (the old one stays on screen meanwhile, without input), so the
 * conversation carries over without flashing an empty chat. A run in progress keeps its agent until it ends, unless the
 * user switches conversations (then it is stopped). A new `storage` (the conversations moved) is a
 * new conversation too; the old storage is closed once the old agent has saved and let go. No
 * agent until `ready` (the server's tool catalog answered) and the storage is open.
 */
export function usePlaygroundAgent(
  sessionId: string | null,
  storage: SessionStorage | null,
  choice: ModelChoice,
  backendTools: readonly ToolDefinition<never, unknown>[],
  approvals: ApprovalMode,
  ready: boolean,
): { agent: Agent | null; switching: boolean } {
  const [agent, setAgent] = useState<Agent | null>(null);
  const [switching, setSwitching] = useState(false);
  const current = useRef<{ agent: Agent; storage: SessionStorage } | null>(null);
  useEffect(() => {
    if (!ready || sessionId === null || storage === null) return;
    const previous = current.current?.agent;
    const previousStorage = current.current?.storage;
    const sameConversation = previous?.session?.id === sessionId && previousStorage === storage;
    if (previous && sameConversation && isBusy(previous)) return;
    let cancelled = false;
    // Until the next agent is shown, the chat takes no input: the old agent no longer saves.
    setSwitching(true);
    void (async () => {
      if (previous && !sameConversation) await previous.stop();
      await previous?.session?.dispose();
      // The conversations moved: nothing uses the old storage any more.
      if (previousStorage && previousStorage !== storage && current.current?.storage === previousStorage) {
        current.current = null;
        await previousStorage.close();
      }
      if (cancelled) return;
      const next = makeAgent(sessionId, storage, choice, backendTools, approvals);
      current.current = { agent: next, storage };
      // The previous agent stays on screen until the next one has loaded its conversation, so a
      // new model or catalog does not flash an empty chat.
      if (sameConversation) await next.session?.ready;
      if (cancelled) return;
      setAgent(next);
      setSwitching(false);
    })();
    return () => {
      cancelled = true;
    };
  }, [sessionId, storage, choice, backendTools, approvals, ready]);
  return { agent, switching };
}
