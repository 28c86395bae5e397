import { afterEach, expect } from 'vitest';

/**
 * Vitest setup file: a React test (`*.test.tsx`) that makes React (or anything else) write to `console.error` or
 * `console.warn` fails, so a dev-mode warning (an unknown prop, a missing key, an update outside
 * act) cannot slip in on React 18 or 19. The message is still printed. A test that expects a
 * message spies on the console itself (`vi.spyOn(console, 'error').mockImplementation(...)`),
 * which replaces this recorder for that test.
 *
 * Failing in `afterEach` rather than throwing at the call: a throw inside React's own logging
 * would turn into a render error and hide the message.
 */
const recorded: string[] = [];

for (const level of ['error', 'warn'] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    recorded.push(`console.${level}: ${args.map(describe).join(' ')}`);
    original(...args);
  };
}

afterEach(() => {
  if (recorded.length === 0) return;
  const messages = recorded.splice(0);
  // Other tests (core, server) may log on purpose; they keep their own checks.
  if (!(expect.getState().testPath ?? '').endsWith('.tsx')) return;
  throw new Error(`The test wrote to the console (fail-on-console.ts):\n${messages.join('\n')}`);
});

function describe(value: unknown): string {
  if (value instanceof Error) return value.stack ?? value.message;
  return typeof value === 'string' ? value : String(value);
}
