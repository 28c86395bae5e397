import { contextMeterPart, followUpSuggestionsPart, planPart, starterPromptsPart } from '../../src/components/agent-chat';
import { approvalDialogPart } from '../../src/components/approval-dialog/approval-dialog';
import { attachmentChipsPart } from '../../src/components/composer/composer';
import { fileExplorerPart } from '../../src/components/file-explorer/file-panel';
import { toolCallChipPart } from '../../src/components/message/message-part';
import { messageAttachmentsPart } from '../../src/components/message/message-view';
import { questionPickerPart } from '../../src/components/question-picker/question-picker';
import { virtualMessagesPart } from '../../src/components/thread/message-list';

/**
 * Loads the parts of the chat that load lazily (the approval dialog, the question picker, the
 * file explorer, the tool card, the plan, the context meter, the attachments' chips and
 * thumbnails, the long thread's virtualizer, the suggestion chips), as they are by the time anyone could use them. For tests of what those parts do
 * once shown; `src/components/lazy-parts.test.tsx` tests when they load. Use as
 * `beforeAll(preloadChatParts)`.
 */
export async function preloadChatParts(): Promise<void> {
  const parts = [approvalDialogPart, questionPickerPart, fileExplorerPart, toolCallChipPart, planPart, contextMeterPart, attachmentChipsPart, messageAttachmentsPart, virtualMessagesPart, starterPromptsPart, followUpSuggestionsPart];
  await Promise.all(parts.map((part) => part.preload()));
}
