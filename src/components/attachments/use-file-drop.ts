import { useRef, useState, type DragEvent } from 'react';

/** Whether a drag carries files (not text or a link dragged from the page). */
const carriesFiles = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * Dropping files on an element: `dragging` while files are dragged over it (for a visible drop
 * state), and the handlers to spread on it. Without `onFiles`, nothing is handled.
 *
 * @example
 * ```tsx
 * const drop = useFileDrop(attachments.add);
 * <form data-dragging={drop.dragging || undefined} {...drop.handlers} />
 * ```
 */
export function useFileDrop(onFiles: ((files: File[]) => void) | undefined) {
  const [dragging, setDragging] = useState(false);
  // Entering a child fires enter on it before leave on the parent: count, so the state does not flicker.
  const depth = useRef(0);
  if (onFiles === undefined) return { dragging: false, handlers: {} };
  const handlers = {
    onDragEnter(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current += 1;
      setDragging(true);
    },
    onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = 'copy';
    },
    onDragLeave(event: DragEvent) {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setDragging(false);
    },
    onDrop(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      depth.current = 0;
      setDragging(false);
      onFiles([...event.dataTransfer.files]);
    },
  };
  return { dragging, handlers };
}
