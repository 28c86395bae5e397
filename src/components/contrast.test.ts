import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Contrast of the kit's colour pairs, computed from styles.css as it is (WCAG 2 relative luminance):
 * badges and token colours on their backgrounds, in the light and the dark theme, at least 4.5:1
 * (their text is small).
 */
const css = readFileSync(resolve(import.meta.dirname, 'styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
const root = /\.rak-root \{([^}]*)\}/.exec(css)![1]!;
const variables = new Map([...root.matchAll(/(--rak-[\w-]+):\s*([^;]+);/g)].map((match) => [match[1]!, match[2]!.trim()]));

type Rgb = [number, number, number];
type Theme = 'light' | 'dark';

function hex(value: string): Rgb {
  const digits = /^#([0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (!digits) throw new Error(`not a #rrggbb colour: ${value}`);
  return [0, 2, 4].map((at) => parseInt(digits.slice(at, at + 2), 16)) as Rgb;
}

/** Splits at top-level commas. */
function args(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < text.length; index++) {
    if (text[index] === '(') depth++;
    else if (text[index] === ')') depth--;
    else if (text[index] === ',' && depth === 0) {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  }
  return [...parts, text.slice(start).trim()];
}

/** A colour value of the stylesheet in a theme: #hex, var(), light-dark(), color-mix(in srgb, a p%, b). */
function colour(value: string, theme: Theme): Rgb {
  const text = value.trim();
  const call = /^([\w-]+)\((.*)\)$/s.exec(text);
  if (!call) return hex(text);
  const [name, inner] = [call[1]!, call[2]!];
  if (name === 'var') return colour(variables.get(inner.trim()) ?? '', theme);
  if (name === 'light-dark') return colour(args(inner)[theme === 'light' ? 0 : 1]!, theme);
  if (name === 'color-mix') {
    const [space, first, second] = args(inner);
    expect(space).toBe('in srgb');
    const [, firstColour, percent] = /^(.*?)\s+(\d+(?:\.\d+)?)%$/.exec(first!)!;
    const weight = Number(percent) / 100;
    const [a, b] = [colour(firstColour!, theme), colour(second!, theme)];
    return a.map((channel, index) => channel * weight + b[index]! * (1 - weight)) as Rgb;
  }
  throw new Error(`unknown colour function ${name}`);
}

function luminance([red, green, blue]: Rgb): number {
  const linear = (channel: number) => {
    const value = channel / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

function contrast(foreground: string, background: string, theme: Theme): number {
  const [a, b] = [luminance(colour(foreground, theme)), luminance(colour(background, theme))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/** The `color` and `background` of a rule, by its exact selector list's first selector. */
function rule(selector: string): { color: string; background: string } {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const body = new RegExp(`(?:^|\\})\\s*(?:[^{}]*,\\s*)?${escaped}(?:\\s*,[^{}]*)?\\s*\\{([^}]*)\\}`, 'm').exec(css)?.[1];
  if (!body) throw new Error(`no rule for ${selector}`);
  return { color: /(?:^|;)\s*color:\s*([^;]+);/.exec(body)?.[1] ?? '', background: /background:\s*([^;]+);/.exec(body)?.[1] ?? '' };
}

const badge = rule('.rak-tool-state');
const pairs: Array<[string, string, string]> = [
  ['tool state badge (default)', badge.color, badge.background],
  ...["'running'", "'approval-requested'", "'output-available'", "'output-error'"].map((state): [string, string, string] => {
    const { color, background } = rule(`.rak-tool-state[data-state=${state}]`);
    return [`tool state badge ${state}`, color, background];
  }),
  ...["'added'", "'modified'", "'deleted'"].map((change): [string, string, string] => {
    const { color, background } = rule(`.rak-change-badge[data-change=${change}]`);
    return [`change badge ${change}`, color, background];
  }),
  ['change badge contains-changes', rule(".rak-change-badge[data-change='contains-changes']").color, 'var(--rak-bg)'],
  ['question header chip', rule('.rak-question-header').color, rule('.rak-question-header').background],
  ...['comment', 'keyword', 'string', 'number', 'function', 'type', 'property', 'tag', 'variable', 'inserted', 'deleted', 'punctuation'].map((token): [string, string, string] => [`code token ${token}`, `var(--rak-code-${token})`, 'var(--rak-code-bg)']),
  ['code text', 'var(--rak-code-fg)', 'var(--rak-code-bg)'],
  ['muted text', 'var(--rak-fg-muted)', 'var(--rak-bg)'],
];

describe('colour contrast (WCAG 2, from styles.css)', () => {
  for (const theme of ['light', 'dark'] as const) {
    it.each(pairs)(`${theme}: %s is at least 4.5:1`, (_, foreground, background) => {
      expect(contrast(foreground, background, theme)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('computes the ratios WCAG gives (black on white is 21:1, the old "Done" badge 4.27:1)', () => {
    expect(contrast('#000000', '#ffffff', 'light')).toBeCloseTo(21, 5);
    expect(contrast('#15803d', 'color-mix(in srgb, #15803d 12%, #ffffff)', 'light')).toBeCloseTo(4.27, 2);
  });
});
