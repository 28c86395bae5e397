/**
 * react-agent-kit/components: the prebuilt UI. `AgentChat` is the drop-in chat; the
 * primitives (`ThreadViewport`, `MessageList`, `Composer`, `ErrorNotice`, `Markdown`,
 * `ToolTimeline`, `ApprovalDialog`, `QuestionPicker`, `FileExplorer`, `DiffView`) build custom layouts.
 * Styles: `import 'react-agent-kit/styles.css'`.
 *
 * @module react-agent-kit/components
 */
export { AgentChat } from './agent-chat';
export { englishStrings, mergeStrings } from './strings/kit-strings';
export type { ChatStrings, KitStrings, KitStringsOverride, LazyWordGroup } from './strings/kit-strings';
export { StringsProvider, useStrings } from './strings/strings-context';
export type { AgentChatProps } from './agent-chat';
export type { McpAppOptions } from './mcp-app/mcp-app-options';
export { Composer } from './composer/composer';
export type { ComposerProps } from './composer/composer';
export { ComposerDraftProvider } from './composer/composer-draft';
export { MessageView } from './message/message-view';
export { MessagePartView } from './message/message-part';
export type { MessagePartViewProps } from './message/message-part';
export { ToolRenderersProvider, useToolRender, toolRenderPhase } from './tool-renderers/tool-renderers';
export type { ToolRenderer, ToolRenderers, ToolRenderProps, ToolRenderPhase } from './tool-renderers/tool-renderers';
export { MessageAttachments } from './attachments/message-attachments';
export type { MessageAttachmentsProps } from './attachments/message-attachments';
export type { AttachmentOptions } from './attachments/attachment-options';
export { ToolCallChip } from './message/tool-call-chip';
export { RollbackAction } from './message/rollback-action';
export { EditMessageAction } from './message/edit-message-action';
export { RegenerateAction } from './message/regenerate-action';
export { CopyMessageAction } from './message/copy-message-action';
export { BranchPicker } from './message/branch-picker';
export { MessageFeaturesProvider, useMessageFeatures } from './message/message-features';
export type { MessageFeatures } from './message/message-features';
export { ReplyTimingView } from './message/reply-timing-view';
export { FeedbackActions } from './feedback/feedback-actions';
export { SourceList, sourceAnchor } from './sources/source-list';
export type { SourceListProps } from './sources/source-list';
export type { SourceOptions } from './sources/source-options';
export type { FeedbackActionsProps, OnFeedback } from './feedback/feedback-actions';
export { QueuedMessages } from './composer/queued-messages';
export { StarterPrompts } from './suggestions/starter-prompts';
export type { StarterPromptsProps } from './suggestions/starter-prompts';
export { FollowUpSuggestions } from './suggestions/follow-up-suggestions';
export type { FollowUpSuggestionsProps } from './suggestions/follow-up-suggestions';
export type { FollowUpSource, StarterPrompt, SuggestionOptions } from './suggestions/suggestion-options';
export { SessionNotice } from './thread/session-notice';
export { SessionList } from './session/session-list';
export type { SessionListProps } from './session/session-list';
export { ErrorNotice } from './thread/error-notice';
export { ContextMeter } from './context/context-meter';
export { CompactionMarker } from './thread/compaction-marker';
export { MessageList } from './thread/message-list';
export { ThreadAnnouncer } from './thread/thread-announcer';
export type { MessageComponentProps, MessageListProps } from './thread/message-list';
export { ThreadViewport } from './thread/thread-viewport';
export type { ThreadViewportProps } from './thread/thread-viewport';
export { useStickToBottom } from './thread/use-stick-to-bottom';
export type { StickToBottom } from './thread/use-stick-to-bottom';
export { Markdown } from './markdown/index';
export { ToolTimeline, ToolTimelineRow } from './tool-timeline/tool-timeline';
export { SubAgentSteps } from './sub-agent/sub-agent-steps';
export type { ToolTimelineProps } from './tool-timeline/tool-timeline';
export { ToolCallDetails } from './tool-timeline/tool-call-details';
export { ToolCallDuration, toolCallTiming } from './tool-timeline/tool-call-duration';
export type { ToolCallTiming } from './tool-timeline/tool-call-duration';
export { ToolCallStateBadge, toolCallStateLabel, toolCallStateLabels } from './tool-timeline/tool-call-state-badge';
export { JsonBlock } from './tool-timeline/json-block';
export type { JsonBlockProps } from './tool-timeline/json-block';
export { ApprovalDialog } from './approval-dialog/approval-dialog';
export type { ApprovalDialogProps } from './approval-dialog/approval-dialog';
export { QuestionPicker } from './question-picker/question-picker';
export type { QuestionPickerProps } from './question-picker/question-picker';
// The agent's plan; `TodoList` is the same component, by the name other kits use.
export { Plan, Plan as TodoList } from './plan/plan';
export type { PlanProps } from './plan/plan';
export { FileChangesPreview } from './approval-dialog/file-changes-preview';
export { DiffView } from './diff/diff-view';
export type { DiffViewProps } from './diff/diff-view';
export { parseUnifiedDiff } from './diff/parse-unified-diff';
export type { DiffLine, ParsedDiff } from './diff/parse-unified-diff';
export { VisibleText, revealText } from './visible-text/visible-text';
export type { VisibleTextProps } from './visible-text/visible-text';
export { escapeInvisible, hasInvisible, revealInvisible } from './visible-text/reveal-invisible';
export type { RevealedSegment, RevealMode } from './visible-text/reveal-invisible';
export { FileExplorer } from './file-explorer/file-explorer';
export type { FileExplorerProps } from './file-explorer/file-explorer';
export { Preview } from './preview/preview';
export type { PreviewProps } from './preview/preview-props';
export type { PreviewImportMap } from './preview/build-preview';
export { ReadAloudAction } from './voice/read-aloud-action';
export type { ReadAloudActionProps } from './voice/read-aloud-action';
export type { ReadAloudOptions, Speak } from './voice/read-aloud-options';
export { speechText } from './voice/speech-text';
export type { SpeechTextWords } from './voice/speech-text';
export type { DictationOptions, Transcribe } from './voice/dictation-options';
export { serverTranscribe } from './voice/server-transcribe';
export type { ServerTranscribeOptions } from './voice/server-transcribe';
