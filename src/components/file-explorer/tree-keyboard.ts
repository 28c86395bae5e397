import type { KeyboardEvent } from 'react';
import type { ExplorerStore } from './explorer-state';

/**
 * The tree items on screen, in order. Closed folders render no children, so the DOM order is the
 * visible order: the keyboard walks what the person sees, whichever folder component rendered it.
 *
 * @example
 * ```ts
 * const paths = visibleItems(tree).map((item) => item.dataset.path);
 * ```
 */
export function visibleItems(tree: HTMLElement | null): HTMLElement[] {
  return tree ? [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')] : [];
}

/**
 * The keys of the WAI-ARIA tree pattern, over the rendered items: Up/Down, Home/End,
 * Right (open, then into the folder), Left (close, then up to the parent), Enter/Space (open the
 * file in the viewer, or toggle the folder). The active item is scrolled into view.
 *
 * @example
 * ```tsx
 * <ul role="tree" tabIndex={0} onKeyDown={(event) => onTreeKeyDown(event, ref.current, store)} />
 * ```
 */
export function onTreeKeyDown(event: KeyboardEvent, tree: HTMLElement | null, store: ExplorerStore): void {
  const items = visibleItems(tree);
  if (items.length === 0) return;
  const { active, expanded } = store.get();
  const index = Math.max(0, items.findIndex((item) => item.dataset.path === active));
  const current = items[index]!;
  const path = current.dataset.path!;
  const folder = current.dataset.kind === 'directory';
  const open = folder && expanded.has(path);
  let next: HTMLElement | undefined;
  switch (event.key) {
    case 'ArrowDown':
      next = items[index + 1];
      break;
    case 'ArrowUp':
      next = items[index - 1];
      break;
    case 'Home':
      next = items[0];
      break;
    case 'End':
      next = items.at(-1);
      break;
    case 'ArrowRight':
      if (folder && !open) store.toggle(path, true);
      else if (open) next = items[index + 1]?.parentElement?.closest('[role="treeitem"]') === current ? items[index + 1] : undefined;
      break;
    case 'ArrowLeft':
      if (open) store.toggle(path, false);
      else next = current.parentElement?.closest<HTMLElement>('[role="treeitem"]') ?? undefined;
      break;
    case 'Enter':
    case ' ':
      if (folder) store.toggle(path);
      else store.set({ selected: path, mode: 'content' });
      break;
    default:
      return;
  }
  event.preventDefault();
  const target = next ?? current;
  if (target.dataset.path !== active) store.set({ active: target.dataset.path! });
  target.scrollIntoView?.({ block: 'nearest' });
}
