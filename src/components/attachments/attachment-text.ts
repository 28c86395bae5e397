import { formatByteSize } from '../strings/format-byte-size';

/**
 * Every string the attachments show people (the composer's attach button and chips, the messages'
 * files, the refusals), in one place so that a locale can replace them together.
 */
export const attachmentText = {
  attach: 'Attach files',
  remove: (name: string) => `Remove ${name}`,
  attached: (names: string) => `Attached ${names}.`,
  removed: (name: string) => `Removed ${name}.`,
  dropHere: 'Drop files to attach',
  listLabel: 'Attachments',
  unnamed: 'file',
  tooLarge: (name: string, size: string, max: string) => `${name} is ${size}; files can be up to ${max}.`,
  wrongType: (name: string, type: string, accepted: string) => `${name} (${type}) cannot be attached here. You can attach ${accepted}.`,
  unknownType: 'unknown type',
  tooMany: (max: number, names: string) => `You can attach up to ${max} file${max === 1 ? '' : 's'}; ${names} ${names.includes(',') ? 'were' : 'was'} not added.`,
  empty: (name: string) => `${name} is empty.`,
  /** A readable list of accepted kinds: `image/*` as "images", `application/pdf` as "PDF files". */
  kind: (pattern: string) => kindNames[pattern] ?? pattern,
  bytes: (count: number) => formatByteSize(count, 'en-US'),
  list: (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`),
};

const kindNames: Record<string, string> = {
  'image/*': 'images',
  'text/*': 'text files',
  'audio/*': 'audio',
  'video/*': 'video',
  'application/pdf': 'PDF files',
  'application/json': 'JSON files',
};
