/**
 * Builds the document the preview shows from the sandbox's files: the entry HTML with its linked
 * stylesheets inlined, its images as `data:` URLs, and its modules in an import map. Every module
 * of the sandbox becomes a `data:` URL under a specifier of its own, and the imports between them
 * are rewritten to those specifiers: a frame with an opaque origin can fetch nothing from the page
 * (and should fetch nothing from the network), but it can load `data:` modules named in an import map.
 */
import type { Sandbox } from '../../core/sandbox/index';
import { findModuleSpecifiers } from './module-specifiers';
import { previewHeadMarkup } from './preview-frame-document';
import { fileDataUrl, isLocalReference, isSandboxSpecifier, joinPath, resolveSandboxFile, toBase64 } from './sandbox-paths';
import { needsTranspile, PreviewBuildError, transpile } from './transpile';

/** An import map (`{ imports, scopes }`), as in `<script type="importmap">`. */
export interface PreviewImportMap {
  imports?: Record<string, string>;
  scopes?: Record<string, Record<string, string>>;
}

/** What the build needs besides the files. */
export interface PreviewBuildOptions {
  /** Tags the reporter's messages, so that those of an older document are ignored. */
  channel: string;
  /** Specifiers the page may import besides its files: each maps to a self-contained module's source text. */
  packages?: Readonly<Record<string, string>>;
  allowedOrigins?: readonly string[];
  jsxImportSource?: string;
}

/** The outcome: the document (or why there is none) and the files it was built from. */
export interface PreviewBuild {
  html: string | null;
  /** Every sandbox path the build read or looked for: a change to one of them means a rebuild. */
  files: Set<string>;
  error: PreviewBuildError | null;
}

/** The specifier a sandbox module gets in the frame's import map. */
export const moduleSpecifierOf = (path: string) => `sandbox:${path}`;

const encoder = new TextEncoder();
const moduleUrl = (path: string, code: string) => `data:text/javascript;x-file=${encodeURIComponent(path)};charset=utf-8;base64,${toBase64(encoder.encode(`${code}\n//# sourceURL=${path}`))}`;
const lineOf = (text: string, fragment: string) => (text.includes(fragment) ? text.slice(0, text.indexOf(fragment)).split('\n').length : undefined);

/**
 * @example
 * ```ts
 * const build = await buildPreview(sandbox, 'index.html', { channel: 'preview-1' });
 * if (build.html) frame.srcdoc = build.html;
 * ```
 */
export async function buildPreview(sandbox: Sandbox, entry: string, options: PreviewBuildOptions): Promise<PreviewBuild> {
  const files = new Set<string>();
  const entryPath = joinPath('/', entry) ?? '/index.html';
  files.add(entryPath);
  try {
    const html = await buildDocument(sandbox, entryPath, options, files);
    return { html, files, error: null };
  } catch (error) {
    const failure = error instanceof PreviewBuildError ? error : new PreviewBuildError(error instanceof Error ? error.message : String(error), entryPath);
    return { html: null, files, error: failure };
  }
}

async function buildDocument(sandbox: Sandbox, entryPath: string, options: PreviewBuildOptions, files: Set<string>): Promise<string> {
  if (resolveSandboxFile(sandbox, '/', entryPath, false) === null) throw new PreviewBuildError(`There is no ${entryPath.slice(1)} in the workspace.`, entryPath);
  const source = sandbox.readFile(entryPath);
  const page = new DOMParser().parseFromString(source, 'text/html');
  const modules = new Map<string, string>();
  const packages = options.packages ?? {};

  /** A sandbox file named in the page; a missing one is a build error at its line of the entry. */
  const pageFile = (reference: string, what: string) => {
    const path = resolveSandboxFile(sandbox, entryPath, reference, false);
    files.add(path ?? joinPath(entryPath, reference) ?? reference);
    if (path === null) throw new PreviewBuildError(`${what} "${reference}" is not in the workspace.`, entryPath, lineOf(source, reference));
    return path;
  };

  // Imports of `code` (from `file`) rewritten to the frame's specifiers; the sandbox modules they name built first.
  const link = async (file: string, code: string): Promise<string> => {
    let linked = '';
    let copied = 0;
    for (const found of findModuleSpecifiers(code)) {
      if (!isSandboxSpecifier(found.specifier)) continue;
      const path = resolveSandboxFile(sandbox, file, found.specifier, true);
      files.add(path ?? joinPath(file, found.specifier) ?? found.specifier);
      if (path === null) throw new PreviewBuildError(`Cannot find "${found.specifier}" (imported by ${file}).`, file, found.line);
      await addModule(path);
      linked += code.slice(copied, found.start) + JSON.stringify(moduleSpecifierOf(path));
      copied = found.end;
    }
    return linked + code.slice(copied);
  };

  const addModule = async (path: string): Promise<void> => {
    if (modules.has(path)) return;
    // Claimed before its imports are built, so that a cycle of imports ends.
    modules.set(path, '');
    files.add(path);
    const text = sandbox.readFile(path);
    let code: string;
    if (path.endsWith('.css')) code = `const style = document.createElement('style');\nstyle.textContent = ${JSON.stringify(inlineCss(sandbox, path, text, files))};\ndocument.head.append(style);\nexport default style;`;
    else if (path.endsWith('.json')) code = `export default ${JSON.stringify(JSON.parse(text))};`;
    else code = await link(path, needsTranspile(path) ? await transpile(path, text, options.jsxImportSource) : text);
    modules.set(path, moduleUrl(path, code));
  };

  // A refresh would navigate the frame away (to the network, perhaps): the preview reloads by itself instead.
  for (const refresh of page.querySelectorAll('meta[http-equiv="refresh" i]')) refresh.remove();
  for (const link of page.querySelectorAll<HTMLLinkElement>('link[rel~="stylesheet" i][href]')) {
    const href = link.getAttribute('href')!;
    if (!isLocalReference(href)) continue;
    const path = pageFile(href, 'The stylesheet');
    const style = page.createElement('style');
    style.textContent = inlineCss(sandbox, path, sandbox.readFile(path), files);
    link.replaceWith(style);
  }
  for (const style of page.querySelectorAll('style')) {
    if (!style.textContent?.includes('/*# sourceURL=')) style.textContent = inlineCss(sandbox, entryPath, style.textContent ?? '', files);
  }
  for (const element of page.querySelectorAll<HTMLElement>('img[src], source[src], audio[src], video[src], link[rel~="icon" i][href], video[poster]')) {
    for (const attribute of ['src', 'href', 'poster']) {
      const value = element.getAttribute(attribute);
      if (value === null || !isLocalReference(value)) continue;
      const path = resolveSandboxFile(sandbox, entryPath, value, false);
      files.add(path ?? joinPath(entryPath, value) ?? value);
      if (path !== null) element.setAttribute(attribute, fileDataUrl(sandbox, path));
    }
  }
  for (const script of page.querySelectorAll('script')) {
    const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
    const module = type === 'module';
    if (!module && type !== '' && !/javascript|ecmascript|jsx|babel|typescript/.test(type)) continue;
    const src = script.getAttribute('src');
    if (src !== null && !isLocalReference(src)) continue;
    if (src !== null) {
      const path = pageFile(src, 'The script');
      script.removeAttribute('src');
      if (module || needsTranspile(path)) {
        await addModule(path);
        script.setAttribute('type', 'module');
        script.textContent = `import ${JSON.stringify(moduleSpecifierOf(path))};`;
      } else {
        files.add(path);
        script.textContent = scriptText(`${sandbox.readFile(path)}\n//# sourceURL=${path}`);
      }
    } else if (module) {
      script.textContent = scriptText(await link(entryPath, script.textContent ?? ''));
    }
  }

  const imports: Record<string, string> = {};
  for (const [specifier, code] of Object.entries(packages)) imports[specifier] = moduleUrl(`/node_modules/${specifier}`, code);
  for (const [path, url] of modules) imports[moduleSpecifierOf(path)] = url;
  const head = previewHeadMarkup({ channel: options.channel, entry: entryPath, allowedOrigins: options.allowedOrigins });
  const importMap = `<script type="importmap">${scriptText(JSON.stringify({ imports }))}</script>`;
  page.head.insertAdjacentHTML('afterbegin', head + importMap);
  return `<!doctype html>\n${page.documentElement.outerHTML}`;
}

/** Script text that cannot end its element early. */
const scriptText = (text: string) => text.replace(/<\/script/gi, '<\\/script');

/** A stylesheet with its `url()`s and `@import`s of sandbox files inlined (as data: URLs and rules). */
function inlineCss(sandbox: Sandbox, file: string, css: string, files: Set<string>, depth = 0): string {
  const withImports = css.replace(/@import\s+(?:url\()?\s*(['"]?)([^'")\s]+)\1\s*\)?\s*;/g, (whole, _quote: string, reference: string) => {
    if (!isLocalReference(reference) || depth > 8) return whole;
    const path = resolveSandboxFile(sandbox, file, reference, false);
    files.add(path ?? joinPath(file, reference) ?? reference);
    return path === null ? whole : inlineCss(sandbox, path, sandbox.readFile(path), files, depth + 1);
  });
  return withImports.replace(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g, (whole, _quote: string, reference: string) => {
    if (!isLocalReference(reference)) return whole;
    const path = resolveSandboxFile(sandbox, file, reference, false);
    files.add(path ?? joinPath(file, reference) ?? reference);
    return path === null ? whole : `url("${fileDataUrl(sandbox, path)}")`;
  });
}
