import { useEffect, useState } from 'react';
import type { FilePart } from '../../core/index';
import { FileLabel } from './attachment-chips';
import { useStrings } from '../strings/strings-context';
import { fileNameLabel } from '../visible-text/file-name';

export interface MessageAttachmentsProps {
  /** The message's file parts. */
  files: readonly FilePart[];
  className?: string;
}

/**
 * The files of a sent message: a thumbnail for each image (named by its file), a chip with name
 * and size for other files. An image's bytes become an object URL once per mount, revoked when it
 * unmounts; nothing is decoded again while the thread re-renders.
 *
 * @example
 * ```tsx
 * <MessageAttachments files={message.parts.filter((part) => part.type === 'file')} />
 * ```
 */
export function MessageAttachments({ files, className }: MessageAttachmentsProps) {
  const attachmentText = useStrings().attachments;
  if (files.length === 0) return null;
  return (
    <ul className={['rak-attachments', className].filter(Boolean).join(' ')} aria-label={attachmentText.listLabel} data-in="message">
      {files.map((file) => {
        const where = file.path ?? file.filename;
        return (
          // Attributes cannot hold marks: invisible characters in the name are written as [U+XXXX].
          <li key={file.id} className="rak-attachment" data-kind={file.mediaType.startsWith('image/') ? 'image' : 'file'} title={where === undefined ? undefined : fileNameLabel(where)}>
            {file.mediaType.startsWith('image/') ? <Thumbnail file={file} /> : <FileLabel name={file.filename ?? attachmentText.unnamed} size={byteLength(file.data)} />}
          </li>
        );
      })}
    </ul>
  );
}

function Thumbnail({ file }: { file: FilePart }) {
  const attachmentText = useStrings().attachments;
  const url = useObjectUrl(file);
  const name = file.filename ?? attachmentText.unnamed;
  return url === undefined ? <FileLabel name={name} size={byteLength(file.data)} /> : <img className="rak-attachment-thumbnail" src={url} alt={fileNameLabel(name)} />;
}

function useObjectUrl(file: FilePart): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    let binary: string;
    try {
      binary = atob(file.data);
    } catch {
      return;
    }
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
    const created = URL.createObjectURL(new Blob([bytes], { type: file.mediaType }));
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [file.data, file.mediaType]);
  return url;
}

function byteLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return (data.length / 4) * 3 - padding;
}
