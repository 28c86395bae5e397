/**
 * How the preview finds sandbox files from the references in a page and its modules: paths
 * relative to the referring file or absolute from the sandbox root, with the extensions and
 * `index` files a bundler would try.
 */
import type { Sandbox } from '../../core/sandbox/index';

/** Extensions tried, in order, for an import without one (`./util` -> `./util.ts`). */
export const moduleExtensions = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.mts'] as const;

/** A canonical sandbox path (`/a/b.js`) from `reference` as written in `from` (a file); `null` above the root. */
export function joinPath(from: string, reference: string): string | null {
  const parts = reference.startsWith('/') ? [] : from.split('/').slice(1, -1);
  for (const part of reference.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/** Whether `reference` names a file of the page's own (no scheme, not protocol-relative). */
export function isLocalReference(reference: string): boolean {
  const trimmed = reference.trim();
  return trimmed !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(trimmed) && !trimmed.startsWith('//') && !trimmed.startsWith('#');
}

/** Whether a module specifier names a sandbox file (`./a`, `../a`, `/a`) rather than a package or a URL. */
export function isSandboxSpecifier(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/');
}

function isFile(sandbox: Sandbox, path: string): boolean {
  try {
    return sandbox.stat(path).kind === 'file';
  } catch {
    return false;
  }
}

/**
 * The file a reference in `from` names: exactly, or (`tryExtensions`, for modules) with one of
 * {@link moduleExtensions} or as a folder's `index` file. `null` when there is none.
 *
 * @example
 * ```ts
 * resolveSandboxFile(sandbox, '/src/main.tsx', './app', true); // '/src/app.tsx'
 * ```
 */
export function resolveSandboxFile(sandbox: Sandbox, from: string, reference: string, tryExtensions: boolean): string | null {
  const path = joinPath(from, reference.replace(/[?#].*$/, ''));
  if (path === null) return null;
  const candidates = tryExtensions ? [path, ...moduleExtensions.map((extension) => path + extension), ...moduleExtensions.map((extension) => `${path}/index${extension}`)] : [path];
  return candidates.find((candidate) => isFile(sandbox, candidate)) ?? null;
}

const mediaTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  json: 'application/json',
  css: 'text/css',
  txt: 'text/plain',
};

/** The media type of a file by its extension (`application/octet-stream` when unknown). */
export function mediaTypeOf(path: string): string {
  return mediaTypes[path.slice(path.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}

/** Base64 of bytes, in chunks (a spread of a large array would overflow the stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** A `data:` URL of a sandbox file's bytes. */
export function fileDataUrl(sandbox: Sandbox, path: string): string {
  return `data:${mediaTypeOf(path)};base64,${toBase64(sandbox.readBytes(path))}`;
}
