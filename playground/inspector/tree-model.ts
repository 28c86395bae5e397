/** What a value in the state tree is, for how it shows and whether it opens. */
export type ValueKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'undefined' | 'other';

export function kindOf(value: unknown): ValueKind {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'object':
      return 'object';
    case 'string':
      return 'string';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'undefined':
      return 'undefined';
    default:
      return 'other';
  }
}

/** Strings longer than this show clipped, and open to show all of them. */
export const longString = 80;

/** Fields that say what an object is, shown first in its preview. */
const namingKeys = ['type', 'role', 'name', 'state', 'status', 'text'];

/** One line for a leaf, or for a closed object or array. */
export function previewOf(value: unknown, room = longString): string {
  switch (kindOf(value)) {
    case 'string': {
      const text = value as string;
      const oneLine = text.replace(/\n/g, '⏎');
      return oneLine.length > room ? `"${oneLine.slice(0, room - 1)}…"` : `"${oneLine}"`;
    }
    case 'array':
      return `Array(${(value as unknown[]).length.toLocaleString('en-US')})`;
    case 'object': {
      // Up to three short fields name the object better than its key count; what kind of thing it
      // is (a message's role, a call's state) before its id.
      const entries = Object.entries(value as Record<string, unknown>);
      const rank = (key: string) => (namingKeys.includes(key) ? namingKeys.indexOf(key) : namingKeys.length);
      const shown = entries
        .filter(([, field]) => ['string', 'number', 'boolean'].includes(kindOf(field)))
        .sort(([a], [b]) => rank(a) - rank(b))
        .slice(0, 3)
        .map(([key, field]) => `${key}: ${previewOf(field, 16)}`);
      const more = entries.length > shown.length ? ', …' : '';
      return shown.length > 0 ? `{ ${shown.join(', ')}${more} }` : entries.length > 0 ? `{ ${entries.length} fields }` : '{}';
    }
    case 'undefined':
      return 'undefined';
    default:
      return String(value);
  }
}

/** How many children a node shows at once; more are grouped in ranges (which open the same way). */
export const pageSize = 100;

/** A run of children, `[start, end)`: a whole range shows as one closed node until opened. */
export interface ChildRange {
  start: number;
  end: number;
}

/**
 * The children of a node with `count` children, as ranges of at most `pageSize` entries each
 * (`null`: few enough to show them all). A range of more than `pageSize` is split again when it
 * opens, so 10,000 messages show as 100 ranges of 100, and at most `pageSize` nodes render per level.
 *
 * @example
 * childRanges(250); // [{ start: 0, end: 100 }, { start: 100, end: 200 }, { start: 200, end: 250 }]
 */
export function childRanges(count: number, start = 0): ChildRange[] | null {
  if (count <= pageSize) return null;
  let span = pageSize;
  while (span * pageSize < count) span *= pageSize;
  const ranges: ChildRange[] = [];
  for (let from = 0; from < count; from += span) ranges.push({ start: start + from, end: start + Math.min(count, from + span) });
  return ranges;
}

/** The children of an object or array: how many, and the key of each (objects' keys are read once, when the node opens). */
export function childrenOf(value: unknown): { count: number; keyAt: (index: number) => string } {
  if (Array.isArray(value)) return { count: value.length, keyAt: String };
  const keys = value !== null && typeof value === 'object' ? Object.keys(value) : [];
  return { count: keys.length, keyAt: (index) => keys[index]! };
}
