/**
 * The demo model's reply to a message with files: what it received, by name, type and size, so the
 * way a file goes from the composer to a model can be seen without a vision model.
 */
import { base64ByteLength } from '../persistence/base64';
import type { ScriptedCall, ScriptedItem } from '../scripted/scripted-model';
import { isPlanReminder } from '../scripted/is-plan-reminder';

const bytesFormat = new Intl.NumberFormat('en-US');

/**
 * The files of the last user message, as the model received them, described; `undefined` when it
 * has none.
 *
 * @example
 * ```ts
 * demoFilesReply(call); // [{ type: 'text', text: 'I received photo.png (image/png, 68 bytes). …' }]
 * ```
 */
export function demoFilesReply(call: ScriptedCall): ScriptedItem[] | undefined {
  const lastUser = call.prompt.findLast((message) => message.role === 'user' && !isPlanReminder(message));
  if (lastUser === undefined || typeof lastUser.content === 'string') return undefined;
  const files = lastUser.content.flatMap((part) => (part.type === 'file' ? [part] : []));
  if (files.length === 0) return undefined;
  const described = files.map((file) => `${file.filename ?? 'a file without a name'} (${file.mediaType}, ${bytesFormat.format(typeof file.data === 'string' ? base64ByteLength(file.data) : 0)} bytes)`);
  const list = described.length === 1 ? described[0] : `${described.slice(0, -1).join(', ')} and ${described.at(-1)}`;
  return [
    {
      type: 'text',
      text: `I received ${list}.\n\nI am the offline demo model, so I cannot look inside ${files.length === 1 ? 'it' : 'them'}: connect a model that reads ${files.some((file) => file.mediaType?.startsWith('image/')) ? 'images (a vision model)' : 'files'} and it gets ${files.length === 1 ? 'this file' : 'these files'} exactly as I did, as file parts of your message.`,
    },
  ];
}
