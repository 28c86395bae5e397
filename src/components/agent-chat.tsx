import { Suspense, useId, useMemo, useRef, type ComponentType, type ReactNode } from 'react';
import type { Agent, AgentState } from '../core/index';
import { AgentProvider, isPendingApproval, useAgentInstance, useAgentSelector } from '../react/index';
import { ApprovalDialog } from './approval-dialog/approval-dialog';
import { Composer } from './composer/composer';
import type { AttachmentOptions } from './attachments/attachment-options';
import { ComposerDraftProvider } from './composer/composer-draft';
import { FilePanelLayout } from './file-explorer/file-panel';
import { MessageView } from './message/message-view';
import { MessageFeaturesProvider, type MessageFeatures } from './message/message-features';
import type { DictationOptions } from './voice/dictation-options';
import type { OnFeedback } from './feedback/feedback-actions';
import type { SourceOptions } from './sources/source-options';
import type { ReadAloudOptions } from './voice/read-aloud-options';
import { QuestionPicker } from './question-picker/question-picker';
import { ErrorNotice } from './thread/error-notice';
import { SessionNotice } from './thread/session-notice';
import { MessageList, type MessageComponentProps } from './thread/message-list';
import { ThreadViewport } from './thread/thread-viewport';
import type { KitStringsOverride } from './strings/kit-strings';
import { StringsProvider, useStrings } from './strings/strings-context';
import { McpAppOptionsProvider } from './mcp-app/mcp-app-slot';
import type { McpAppOptions } from './mcp-app/mcp-app-options';
import { ToolRenderersProvider, type ToolRenderers } from './tool-renderers/tool-renderers';
import { useInert } from './use-inert';
import { useChatPreloads } from './use-chat-preloads';
import { lazyPart } from './lazy-part';
import type { SuggestionOptions } from './suggestions/suggestion-options';

// Shown only by agents that have a plan (`todos: true`) or a context budget or a cost: loaded then.
export const planPart = lazyPart(() => import('./plan/plan').then((module) => module.Plan));
export const contextMeterPart = lazyPart(() => import('./context/context-meter').then((module) => module.ContextMeter));
// Shown only with `suggestions`: a chat without them ships only the check of the prop.
export const starterPromptsPart = lazyPart(() => import('./suggestions/starter-prompts').then((module) => module.StarterPrompts));
export const followUpSuggestionsPart = lazyPart(() => import('./suggestions/follow-up-suggestions').then((module) => module.FollowUpSuggestions));

/** Props of `AgentChat`: the agent, and what to customize around the built-in layout. */
export interface AgentChatProps {
  agent: Agent;
  /** Shown above the thread. */
  header?: ReactNode;
  /** Shown while the thread is empty. */
  emptyState?: ReactNode;
  placeholder?: string;
  /** `auto` follows the system setting. Default `auto`. */
  theme?: 'light' | 'dark' | 'auto';
  /** Replace how a message renders (for example to add actions). */
  messageComponent?: ComponentType<MessageComponentProps>;
  autoFocus?: boolean;
  /**
   * Whether questions that do not say accept free text. Pass what the agent was created with
   * (`askUser: { allowFreeText: true }`); defaults to the agent's setting.
   */
  allowFreeText?: boolean;
  /**
   * The file panel (`FileExplorer`, titled "Workspace": the sandbox's files, what this turn changed, diffs,
   * download and export), with a "Workspace" button that shows and hides it. `'auto'` (default): only
   * when the agent has a sandbox, so a chat without one looks exactly as before; `true`: always
   * (an empty state without a sandbox); `false`: never. The panel starts open when the chat is
   * at least 900px wide and closed otherwise; on a narrow chat it covers the thread while open.
   */
  filePanel?: boolean | 'auto';
  /**
   * Your own views of your tools' calls, by tool name and phase (`running`, `done`, `failed`,
   * `approval`): a weather tool shows a weather card in the thread, an approval shows the tool's
   * own preview. A phase without a renderer keeps the kit's card. See `ToolRenderer`.
   */
  toolRenderers?: ToolRenderers;
  /**
   * MCP Apps: an MCP tool that declares a `ui://` resource shows its app in its card, in a
   * sandboxed frame (opaque origin, no network). `allowDomains` lets an app reach origins its
   * server asks for (default none); `maxHeight` caps the frame (default 600); `enabled: false`
   * shows none. See `McpAppOptions`.
   */
  mcpApps?: McpAppOptions;
  /**
   * The chat's words: a whole set (`germanStrings`) or only the words you change, over English
   * (see `KitStrings`). With a set, the chat gets its `lang` and its direction. Pass a stable
   * object (a constant, or memoized): a new one each render re-renders every part.
   */
  strings?: KitStringsOverride;
  /**
   * Writing direction of the chat. Default: the `strings`' direction when `strings` are given,
   * otherwise inherited from the page. Right to left mirrors the layout; code, JSON, diffs, paths
   * and file contents stay left to right.
   */
  dir?: 'ltr' | 'rtl';
  /**
   * Files people can attach in the composer (picker, paste, drop): accepted types, the largest
   * size, how many per message, and with a sandbox a folder to save them in (`saveTo`). On by
   * default (images, text files, PDF and JSON up to 5 MB, 5 per message); `false` turns it off.
   * See `AttachmentOptions`.
   */
  attachments?: AttachmentOptions | false;
  /**
   * Under each finished reply, its timing: time to first token, tokens per second and duration
   * (`replyTiming`). Default `false`.
   */
  timing?: boolean;
  /**
   * A microphone in the composer that turns speech into text: the browser's speech recognition,
   * or your `transcribe` (e.g. `serverTranscribe('/api/agent')`). Hidden where neither
   * can work. Default `false`. See `DictationOptions`.
   */
  dictation?: boolean | DictationOptions;
  /**
   * "Read aloud" under each finished reply (one at a time): the browser's `speechSynthesis`, or
   * your `speak`. Hidden where neither can work. Default `false`. See `ReadAloudOptions`.
   */
  readAloud?: boolean | ReadAloudOptions;
  /**
   * Chips that send a message when clicked: `starters` in the empty chat (below `emptyState`), and
   * `followUps` above the composer once a reply has finished, from a function of the state or from
   * the model (`'model'`: one small extra request per reply, counted in the agent's usage and cost;
   * not with `useChatAgent` or a remote AG-UI agent, whose models run elsewhere). Never shown while
   * the agent runs, waits for people or has queued messages; gone once anything is sent. See
   * `SuggestionOptions`.
   */
  suggestions?: SuggestionOptions;
  /**
   * Thumbs up and down (and an optional comment) under each finished reply: the choice is kept
   * in the reply (`message.feedback`, saved with sessions; it can be changed) and given to this
   * adapter, e.g. to send it to your analytics. When it fails, the rating goes back and the
   * person is told. No buttons without it.
   */
  onFeedback?: OnFeedback;
  /**
   * The sources a reply drew on (pages and documents the model's provider gave), listed under it;
   * shown by default, without site icons unless their origins are listed (`SourceOptions`);
   * `false` hides them.
   */
  sources?: SourceOptions | false;
  className?: string;
}

/**
 * A complete agent chat: streaming thread with tool calls inline, error with retry, composer,
 * and the people-in-the-loop UI. Import `react-agent-kit/styles.css` once for the default look.
 *
 * When a tool call needs approval, `ApprovalDialog` opens as a modal over the chat (the rest is
 * `inert` meanwhile): running a tool is a decision that should not be missed or made by a stray
 * keystroke. A question (`ask_user_question`) opens `QuestionPicker` docked above the composer
 * instead: answering often needs the conversation in view, and leaving it open costs nothing.
 * While the agent waits for either, the composer is disabled with a hint saying what to do.
 * With `createAgent({ todos: true })`, the agent's plan (`Plan`) shows above the composer while it has one.
 *
 * With a sandbox (`createAgent({ model, sandbox })`), a "Workspace" button opens the file panel
 * (see `filePanel`), the approval dialog shows file tools' changes as diffs, and each user
 * message offers "Roll back to here": files and conversation return to before it, and its text
 * goes back into the composer.
 *
 * @example
 * ```tsx
 * import { createAgent, demoModel } from 'react-agent-kit';
 * import { AgentChat } from 'react-agent-kit/components';
 * import 'react-agent-kit/styles.css';
 *
 * const agent = createAgent({ model: demoModel() });
 * export const App = () => <AgentChat agent={agent} />;
 * ```
 */
export function AgentChat({ agent, theme = 'auto', className, filePanel = 'auto', toolRenderers, mcpApps, strings, dir, timing = false, readAloud = false, onFeedback, sources, ...layout }: AgentChatProps) {
  const showFilePanel = filePanel === 'auto' ? agent.sandbox !== undefined : filePanel;
  const features = useMemo<MessageFeatures>(() => ({ timing, readAloud, onFeedback, ...(sources !== undefined ? { sources } : {}) }), [timing, readAloud, onFeedback, sources]);
  return (
    <AgentProvider agent={agent}>
      <ComposerDraftProvider>
        <ToolRenderersProvider renderers={toolRenderers}>
          <McpAppOptionsProvider options={mcpApps}>
            <StringsProvider strings={strings}>
              <ChatRoot className={className} theme={theme} dir={dir} localized={strings !== undefined}>
                <MessageFeaturesProvider features={features}>
                  <ChatLayout {...layout} filePanel={showFilePanel} />
                </MessageFeaturesProvider>
              </ChatRoot>
            </StringsProvider>
          </McpAppOptionsProvider>
        </ToolRenderersProvider>
      </ComposerDraftProvider>
    </AgentProvider>
  );
}

/** The chat's root element; with app-given strings it carries their language and direction. */
function ChatRoot({ className, theme, dir, localized, children }: Pick<AgentChatProps, 'className' | 'theme' | 'dir'> & { localized: boolean; children: ReactNode }) {
  const strings = useStrings();
  return (
    <section
      className={['rak-root', 'rak-chat', className].filter(Boolean).join(' ')}
      data-theme={theme}
      data-testid="agent-chat"
      lang={localized ? strings.locale : undefined}
      dir={dir ?? (localized ? strings.direction : undefined)}
    >
      {children}
    </section>
  );
}

type ChatLayoutProps = Omit<AgentChatProps, 'agent' | 'theme' | 'className' | 'filePanel' | 'toolRenderers' | 'mcpApps' | 'strings' | 'dir' | 'timing' | 'readAloud' | 'onFeedback' | 'sources'> & { filePanel: boolean };

function ChatLayout({ header, emptyState, placeholder, messageComponent = MessageView, autoFocus, allowFreeText, filePanel, attachments, dictation, suggestions }: ChatLayoutProps) {
  const hintId = useId();
  const waitsFor = useAgentSelector(pickWaitsFor);
  const awaiting = useAgentSelector(pickAwaiting);
  const agent = useAgentInstance();
  // Mounted from the start for an agent that can make a plan, so its live region announces the first step.
  const hasPlan = useAgentSelector(pickHasPlan) || agent.tools.some((tool) => tool.name === 'todo_write');
  const metered = useAgentSelector(pickHasCost) || agent.context !== undefined;
  const layerRef = useRef<HTMLDivElement>(null);
  const strings = useStrings();
  useInert(layerRef, waitsFor === 'approval');
  useChatPreloads();
  return (
    <>
      {/* `display: contents`, so the layout is the same; `inert` while the approval dialog is open. */}
      <div ref={layerRef} className="rak-chat-layer">
        {header}
        <FilePanelLayout enabled={filePanel}>
          <ThreadViewport>
            <MessageList messageComponent={messageComponent} empty={emptyState === undefined ? <DefaultEmptyState title={strings.chat.emptyTitle}>{starters(suggestions)}</DefaultEmptyState> : <>{emptyState}{starters(suggestions)}</>} />
          </ThreadViewport>
          <div className="rak-chat-footer">
            {hasPlan && (
              <Suspense fallback={null}>
                <planPart.Component />
              </Suspense>
            )}
            <SessionNotice />
            <ErrorNotice />
            <QuestionPicker allowFreeText={allowFreeText} />
            {awaiting && (
              <p id={hintId} className="rak-chat-hint" role="status">
                {waitsFor === 'question' ? strings.chat.waitsForAnswer : strings.chat.waitsForApproval}
              </p>
            )}
            {suggestions?.followUps && (
              <Suspense fallback={null}>
                <followUpSuggestionsPart.Component followUps={suggestions.followUps} />
              </Suspense>
            )}
            {/* Marked as where focus goes once a dialog or question closes, if it had nowhere to return to. */}
            <fieldset className="rak-composer-fieldset" disabled={awaiting} aria-describedby={awaiting ? hintId : undefined} data-rak-return-focus="">
              <Composer placeholder={placeholder ?? strings.chat.composerPlaceholder} autoFocus={autoFocus} attachments={attachments} dictation={dictation} />
            </fieldset>
            {metered && (
              <Suspense fallback={null}>
                <contextMeterPart.Component />
              </Suspense>
            )}
          </div>
        </FilePanelLayout>
      </div>
      <ApprovalDialog />
    </>
  );
}

/** What waits for people, if anything; approvals first, as the dialog shows them over everything. */
function pickWaitsFor(state: AgentState): 'approval' | 'question' | null {
  if (state.toolCalls.some(isPendingApproval)) return 'approval';
  return state.toolCalls.some((call) => call.state === 'answer-requested') ? 'question' : null;
}

const pickAwaiting = (state: AgentState) => state.status === 'awaiting-people';
const pickHasPlan = (state: AgentState) => state.todos !== undefined;
const pickHasCost = (state: AgentState) => state.costUsd !== undefined;

function DefaultEmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rak-empty">
      <p className="rak-empty-title">{title}</p>
      {children}
    </div>
  );
}

/** The starter prompts, when there are any (below the empty state's title, or after the app's `emptyState`). */
function starters(suggestions: SuggestionOptions | undefined): ReactNode {
  if (!suggestions?.starters?.length) return null;
  return (
    <Suspense fallback={null}>
      <starterPromptsPart.Component starters={suggestions.starters} />
    </Suspense>
  );
}
