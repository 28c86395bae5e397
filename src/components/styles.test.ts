import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(import.meta.dirname, 'styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');

/** Every selector of every style rule, skipping at-rules and keyframe steps. */
function selectors(text: string): string[] {
  const found: string[] = [];
  let depthInKeyframes = -1;
  let depth = 0;
  for (const match of text.matchAll(/([^{};]*)([{}])/g)) {
    const head = match[1]!.trim();
    if (match[2] === '}') {
      depth -= 1;
      if (depth === depthInKeyframes) depthInKeyframes = -1;
      continue;
    }
    depth += 1;
    if (head.startsWith('@keyframes')) depthInKeyframes = depth - 1;
    if (head.startsWith('@') || depthInKeyframes !== -1) continue;
    found.push(...head.split(',').map((selector) => selector.trim()));
  }
  return found;
}

describe('styles.css', () => {
  it('is not in a cascade layer, so unlayered starter globals (`code`, `button`, `h1`) cannot beat it', () => {
    // A host that wants its unlayered rules to win can still import it into a layer of its own.
    expect(css).not.toMatch(/@layer/);
  });

  it('sets on .rak-root the inherited properties that starters set on :root, body or #root', () => {
    const root = /\.rak-root \{([^}]*)\}/.exec(css)![1]!;
    for (const declaration of ['text-align: start', 'color-scheme: light dark', 'font-family: var(--rak-font)', 'line-height: var(--rak-line-height)', 'letter-spacing: normal', 'font-weight: 400', 'box-sizing: border-box']) {
      expect(root).toContain(declaration);
    }
  });

  it('styles elements inside the kit only through a kit class, never by a bare element selector', () => {
    // Every selector starts at a class (checked below); one that is only `.rak-x code` still outranks a host's `code`.
    const bare = selectors(css).filter((selector) => /^[a-z]/.test(selector));
    expect(bare).toEqual([]);
  });

  it('scopes every selector to a .rak- class, so nothing leaks into the host page', () => {
    const all = selectors(css);
    expect(all.length).toBeGreaterThan(50);
    expect(all.filter((selector) => !selector.startsWith('.rak-'))).toEqual([]);
  });

  it('has a dark theme for explicit and system preference, from one palette', () => {
    // Every color is a light-dark() pair; the theme attribute only picks the color scheme,
    // and 'auto' (no override) follows the system.
    expect(css).toMatch(/\.rak-root \{[^}]*color-scheme: light dark;/);
    expect(css).toMatch(/\.rak-root\[data-theme='dark'\] \{\s*color-scheme: dark;\s*\}/);
    expect(css).toMatch(/\.rak-root\[data-theme='light'\] \{\s*color-scheme: light;\s*\}/);
    for (const variable of ['--rak-bg', '--rak-fg', '--rak-accent', '--rak-border', '--rak-danger']) {
      expect(css).toMatch(new RegExp(`${variable}: light-dark\\(`));
    }
  });

  it('styles the class names the markdown renderer emits', () => {
    const markdownSource = ['markdown.tsx', 'code-block.tsx', 'markdown-block-view.tsx']
      .map((file) => readFileSync(resolve(import.meta.dirname, 'markdown', file), 'utf8'))
      .join('\n');
    const used = new Set([...markdownSource.matchAll(/rak-md[a-z-]*/g)].map((match) => match[0]));
    const missing = [...used].filter((name) => !css.includes(`.${name}`));
    expect(missing).toEqual([]);
  });
});
