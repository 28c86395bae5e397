/**
 * Short unique ids for messages, parts, runs and tool calls. Uses `crypto.randomUUID` where
 * available (browsers, Node 19+, workers) and a counter otherwise; ids only need to be unique
 * within one agent, and the prefix makes logs readable.
 *
 * @example
 * ```ts
 * createId('msg'); // 'msg_5f0c2a9e1b7d4c33'
 * ```
 */
export function createId(prefix: string): string {
  const random = globalThis.crypto?.randomUUID?.().replace(/-/g, '').slice(0, 16) ?? fallbackId();
  return `${prefix}_${random}`;
}

let counter = 0;
function fallbackId(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter.toString(36).padStart(6, '0')}`;
}
