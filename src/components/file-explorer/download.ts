import { revealInvisible } from '../visible-text/reveal-invisible';

/**
 * Saves a Blob as a file through a temporary object URL and `<a download>`: no server, works for
 * any content the sandbox holds.
 *
 * @example
 * ```ts
 * downloadBlob(new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
 * ```
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking at once can cancel the download in some browsers; the URL only needs to outlive the click.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A byte count for people: `512 B`, `12.3 kB`, `4.1 MB` (1 kB = 1000 bytes).
 *
 * @example
 * ```ts
 * formatBytes(12_345); // '12.3 kB'
 * ```
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1_000_000) return `${(bytes / 1000).toFixed(1)} kB`;
  return `${(bytes / 1_000_000).toFixed(1)} MB`;
}

/** The last segment of a path (`/src/a.ts` → `a.ts`). */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || 'file';
}

/**
 * The name a downloaded file is saved under: the path's last segment, with each invisible
 * character replaced by `_`. The browser's download bar and the person's file manager would
 * otherwise show `safe\u202Egnp.exe` as "safeexe.png".
 *
 * @example
 * ```ts
 * downloadName('/rtl/safe\u202Egnp.exe'); // 'safe_gnp.exe'
 * ```
 */
export function downloadName(path: string): string {
  return revealInvisible(baseName(path))
    .map((segment) => (segment.kind === 'text' ? segment.text : '_'))
    .join('');
}
