/**
 * The packages of a preview's import map, as source text: fetched once per URL by the page (from
 * the app's own origin, where the frame with its opaque origin could not fetch without CORS, and
 * must not fetch at all), then inlined into the frame.
 */
import type { PreviewImportMap } from './build-preview';

const fetched = new Map<string, Promise<string>>();

function fetchText(url: string): Promise<string> {
  let text = fetched.get(url);
  if (!text) {
    text = fetch(url).then(async (response) => {
      if (!response.ok) throw new Error(`${response.status} ${response.statusText}`.trim());
      return response.text();
    });
    // A failure is asked for again next time (the app may serve it by then).
    text.catch(() => fetched.delete(url));
    fetched.set(url, text);
  }
  return text;
}

function dataUrlText(url: string): string {
  const comma = url.indexOf(',');
  const body = url.slice(comma + 1);
  return /;base64$/i.test(url.slice(0, comma)) ? new TextDecoder().decode(Uint8Array.from(atob(body), (char) => char.charCodeAt(0))) : decodeURIComponent(body);
}

/**
 * Each specifier's module source. A package that cannot be loaded throws, naming it.
 *
 * @example
 * ```ts
 * await loadPreviewPackages({ imports: { react: '/vendor/react.js' } }); // { react: 'export ...' }
 * ```
 */
export async function loadPreviewPackages(importMap: PreviewImportMap | undefined): Promise<Record<string, string>> {
  const entries = Object.entries(importMap?.imports ?? {});
  const sources = await Promise.all(
    entries.map(async ([specifier, url]) => {
      if (url.startsWith('data:')) return dataUrlText(url);
      try {
        return await fetchText(new URL(url, document.baseURI).href);
      } catch (error) {
        throw new Error(`The package "${specifier}" (${url}) could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
      }
    }),
  );
  return Object.fromEntries(entries.map(([specifier], index) => [specifier, sources[index]!]));
}
