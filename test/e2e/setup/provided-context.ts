/**
 * Values the e2e global setup hands to test files through vitest's `provide` / `inject`.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin and base path of the playground dev server, with a trailing slash, e.g. `http://127.0.0.1:41234/`. */
    baseUrl: string;
  }
}

export {};
