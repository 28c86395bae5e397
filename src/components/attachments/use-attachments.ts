import { useCallback, useEffect, useRef, useState } from 'react';
import { attachmentProblem, defaultAttachmentOptions, mediaTypeOf, type AttachmentOptions } from './attachment-options';
import { useStrings } from '../strings/strings-context';
import { fileNameLabel } from '../visible-text/file-name';

/** A file waiting in the composer, with a preview for images (an object URL, revoked when it goes). */
export interface Attachment {
  id: string;
  file: File;
  mediaType: string;
  previewUrl?: string;
}

/** The composer's attachments, what `useAttachments` returns. */
export interface Attachments {
  items: readonly Attachment[];
  /** Why the last files offered were not all added, for people; `null` when they were. */
  problem: string | null;
  /** What changed, for screen readers ("Attached photo.png."). */
  announcement: string;
  /** Adds the files that pass the checks; the message says why the others did not. */
  add(files: readonly File[]): void;
  remove(id: string): void;
  /** Takes the files out to send them; `settle(true)` drops them once sent, `settle(false)` puts them back. */
  take(): { files: File[]; settle(sent: boolean): void };
}

let nextId = 0;

const createPreview = (file: File, mediaType: string) =>
  mediaType.startsWith('image/') && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : undefined;

const revoke = (items: readonly Attachment[]) => {
  for (const item of items) if (item.previewUrl !== undefined) URL.revokeObjectURL(item.previewUrl);
};

/**
 * The files a composer holds before they are sent: checked against `options` (type, size, count)
 * as they are added (picked, pasted or dropped), each image with a preview whose object URL is
 * revoked when the file is removed, sent, or the composer goes away.
 *
 * @example
 * ```tsx
 * const attachments = useAttachments({ maxSize: 2_000_000 });
 * <input type="file" multiple onChange={(event) => attachments.add([...(event.target.files ?? [])])} />
 * ```
 */
export function useAttachments(options: AttachmentOptions): Attachments {
  const [items, setItems] = useState<readonly Attachment[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  // Whatever is still held when the composer goes away frees its previews.
  useEffect(() => () => revoke(latest.current), []);
  const { maxFiles = defaultAttachmentOptions.maxFiles } = options;
  const optionsRef = useRef(options);
  // Read in callbacks that stay the same across renders.
  const words = useStrings().attachments;
  const wordsRef = useRef(words);
  useEffect(() => {
    optionsRef.current = options;
    wordsRef.current = words;
  });

  const add = useCallback(
    (files: readonly File[]) => {
      if (files.length === 0) return;
      const attachmentText = wordsRef.current;
      const problems: string[] = [];
      const accepted = files.filter((file) => {
        const found = attachmentProblem(file, optionsRef.current, attachmentText);
        if (found !== undefined) problems.push(found);
        return found === undefined;
      });
      const room = Math.max(0, maxFiles - latest.current.length);
      const over = accepted.slice(room);
      if (over.length > 0) problems.push(attachmentText.tooMany(maxFiles, attachmentText.list(over.map((file) => fileNameLabel(file.name || attachmentText.unnamed)))));
      const added = accepted.slice(0, room).map((file): Attachment => {
        const mediaType = mediaTypeOf(file);
        const previewUrl = createPreview(file, mediaType);
        return { id: `attachment-${++nextId}`, file, mediaType, ...(previewUrl !== undefined ? { previewUrl } : {}) };
      });
      setProblem(problems.length > 0 ? problems.join(' ') : null);
      if (added.length === 0) return;
      latest.current = [...latest.current, ...added];
      setItems(latest.current);
      setAnnouncement(attachmentText.attached(attachmentText.list(added.map((item) => fileNameLabel(item.file.name || attachmentText.unnamed)))));
    },
    [maxFiles],
  );

  const remove = useCallback((id: string) => {
    const item = latest.current.find((entry) => entry.id === id);
    if (!item) return;
    const attachmentText = wordsRef.current;
    revoke([item]);
    latest.current = latest.current.filter((entry) => entry !== item);
    setItems(latest.current);
    setProblem(null);
    setAnnouncement(attachmentText.removed(fileNameLabel(item.file.name || attachmentText.unnamed)));
  }, []);

  const take = useCallback(() => {
    const taken = latest.current;
    latest.current = [];
    setItems(latest.current);
    setProblem(null);
    return {
      // A file whose type the system did not give is sent with the type its name suggests.
      files: taken.map((item) => (item.file.type === '' && item.mediaType !== 'application/octet-stream' ? new File([item.file], item.file.name, { type: item.mediaType }) : item.file)),
      settle(sent: boolean) {
        if (sent) return revoke(taken);
        latest.current = [...taken, ...latest.current];
        setItems(latest.current);
      },
    };
  }, []);

  return { items, problem, announcement, add, remove, take };
}
