/**
 * The kit's look, given to an MCP App: its CSS variables mapped to the MCP Apps style variables
 * (`hostContext.styles.variables`, and a `:root` rule in the app's document so an app that does
 * not read its host context still matches), and the theme, light or dark.
 */

/** MCP Apps variable ← the kit's variable. */
const variableMap: ReadonlyArray<readonly [string, string]> = [
  ['--color-background-primary', '--rak-bg'],
  ['--color-background-secondary', '--rak-bg-subtle'],
  ['--color-background-tertiary', '--rak-bg-muted'],
  ['--color-text-primary', '--rak-fg'],
  ['--color-text-secondary', '--rak-fg-muted'],
  ['--color-text-danger', '--rak-danger'],
  ['--color-text-success', '--rak-success'],
  ['--color-border-primary', '--rak-border'],
  ['--color-ring-primary', '--rak-focus'],
  ['--font-sans', '--rak-font'],
  ['--font-mono', '--rak-font-mono'],
  ['--font-text-md-size', '--rak-font-size'],
  ['--border-radius-md', '--rak-radius'],
  ['--border-radius-sm', '--rak-radius-small'],
  ['--shadow-md', '--rak-shadow'],
];

/**
 * The host context's theme and styles, computed where the app is shown.
 *
 * @example
 * ```ts
 * hostContextOf(cardElement).context; // { theme: 'light', styles: { variables: { '--color-text-primary': '#1f2328', ... } } }
 * ```
 */
export function hostContextOf(element: Element): { style: string; context: Record<string, unknown> } {
  const computed = getComputedStyle(element);
  const variables: Record<string, string> = {};
  for (const [name, kit] of variableMap) {
    const value = computed.getPropertyValue(kit).trim();
    if (value) variables[name] = value;
  }
  // The kit's colors are `light-dark()` pairs: the app's frame gets the scheme the page shows, so they resolve alike.
  const scheme = computed.colorScheme ?? '';
  const both = /\blight\b/.test(scheme) && /\bdark\b/.test(scheme);
  const dark = both ? window.matchMedia?.('(prefers-color-scheme: dark)').matches === true : /\bdark\b/.test(scheme);
  const theme = dark ? 'dark' : 'light';
  const context = { theme, styles: { variables }, locale: element.closest('[lang]')?.getAttribute('lang') ?? undefined };
  return { style: themeStyle(context), context };
}

/**
 * A `:root` rule with the variables, for the top of the app's document. Values that could end the
 * rule or the element are dropped (they come from the page's own styles, but cost nothing to check).
 *
 * @example
 * ```ts
 * themeStyle({ theme: 'dark', styles: { variables: { '--color-text-primary': '#fff' } } }); // '<style>:root{color-scheme:dark;--color-text-primary:#fff}</style>'
 * ```
 */
export function themeStyle(context: Record<string, unknown>): string {
  const variables = (context.styles as { variables?: Record<string, string> } | undefined)?.variables ?? {};
  const rules = Object.entries(variables)
    .filter(([, value]) => !/[<>{};]/.test(value))
    .map(([name, value]) => `${name}:${value}`);
  return `<style>:root{color-scheme:${context.theme === 'dark' ? 'dark' : 'light'};${rules.join(';')}}</style>`;
}
