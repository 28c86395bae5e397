/**
 * TypeScript, TSX and JSX for the preview, through sucrase (an optional peer): loaded with a
 * dynamic `import()` the first time a page uses such a file, so a page of plain JavaScript, and
 * an app that never shows a preview, load none of it.
 */

/** A build failure at a place in a file: the preview shows it, and reports it as a `build-error`. */
export class PreviewBuildError extends Error {
  constructor(
    message: string,
    readonly file: string,
    readonly line?: number,
    readonly column?: number,
  ) {
    super(message);
    this.name = 'PreviewBuildError';
  }
}

type Transform = (code: string, options: Record<string, unknown>) => { code: string };

let loading: Promise<Transform> | undefined;

function loadSucrase(): Promise<Transform> {
  loading ??= import('sucrase').then(
    (module) => module.transform as unknown as Transform,
    (error: unknown) => {
      loading = undefined;
      throw new Error(`TypeScript and JSX in the preview need the optional "sucrase" package (npm install sucrase): ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  return loading;
}

/** Whether a file needs transpiling before a browser runs it. */
export function needsTranspile(path: string): boolean {
  return /\.(ts|tsx|jsx|mts|cts)$/i.test(path);
}

/**
 * Types stripped and JSX turned into calls of the automatic runtime (`react/jsx-runtime`, or the
 * `jsxImportSource` given, which the page's import map must offer); ES modules stay modules.
 *
 * @example
 * ```ts
 * await transpile('/app.tsx', 'export const a: number = <b />;'); // 'import {jsx as _jsx} from "react/jsx-runtime";\nexport const a = _jsx(...)'
 * ```
 */
export async function transpile(path: string, code: string, jsxImportSource = 'react'): Promise<string> {
  const transform = await loadSucrase();
  const typescript = /\.(ts|tsx|mts|cts)$/i.test(path);
  const jsx = /\.(tsx|jsx)$/i.test(path);
  try {
    return transform(code, {
      transforms: [...(typescript ? ['typescript'] : []), ...(jsx ? ['jsx'] : [])],
      jsxRuntime: 'automatic',
      jsxImportSource,
      production: true,
      disableESTransforms: true,
      filePath: path,
    }).code;
  } catch (error) {
    const location = (error as { loc?: { line: number; column: number } }).loc;
    const message = (error instanceof Error ? error.message : String(error)).replace(/^Error transforming [^:]*: /, '').replace(/ \(\d+:\d+\)$/, '');
    throw new PreviewBuildError(message, path, location?.line, location ? location.column + 1 : undefined);
  }
}
