export type { Id, Item } from './types.ts';
export { version } from './types.ts';
import type { Item } from './types.ts';
export function total(items: Item[]): number {
  return items.reduce((sum, item) => sum + item.count, 0);
}
