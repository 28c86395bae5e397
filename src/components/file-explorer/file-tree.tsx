import { memo, useId, useRef, type CSSProperties } from 'react';
import type { SandboxEntry } from '../../core/index';
import { useFileChange, useFiles } from '../../react/index';
import { ChangeBadge } from './change-badge';
import { useExplorer, useExplorerStore, type ExplorerStore } from './explorer-state';
import { onTreeKeyDown, visibleItems } from './tree-keyboard';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/**
 * The workspace as a tree (`role="tree"`; folders are `treeitem`s with `aria-expanded` and a
 * `group` of children). The tree itself takes focus and points at the current item with
 * `aria-activedescendant`, so there is always exactly one Tab stop, even when the item under
 * the keyboard is deleted by the agent. Keys: Up/Down, Home/End, Right opens a folder (or moves
 * into it), Left closes it (or moves to the parent), Enter/Space opens a file or toggles a folder.
 * Each folder subscribes to its own listing and each row to its own change mark: a write
 * re-renders the row of that file (and its folder's list), not the tree. Invisible characters in
 * names show as `U+XXXX` marks (`[U+202E]` in accessible names).
 *
 * @example
 * ```tsx
 * <ExplorerContext.Provider value={createExplorerStore()}><FileTree /></ExplorerContext.Provider>
 * ```
 */
export function FileTree({ label }: { label?: string }) {
  const strings = useStrings();
  const store = useExplorerStore();
  const treeRef = useRef<HTMLUListElement>(null);
  const idPrefix = useId();
  const entries = useFiles('/');
  const active = useExplorer((state) => state.active);
  if (entries.length === 0) return <p className="rak-explorer-empty">{strings.files.noFiles}</p>;
  return (
    <ul
      ref={treeRef}
      className="rak-tree"
      role="tree"
      aria-label={label ?? strings.files.tree}
      tabIndex={0}
      aria-activedescendant={active ? itemId(idPrefix, active) : undefined}
      onKeyDown={(event) => onTreeKeyDown(event, treeRef.current, store)}
      onFocus={() => ensureActive(treeRef.current, store)}
    >
      {entries.map((entry, index) => (
        <TreeItem key={entry.path} entry={entry} level={1} position={index + 1} count={entries.length} idPrefix={idPrefix} />
      ))}
    </ul>
  );
}

/** A stable element id for a path (ids may hold any character but spaces; paths may have them). */
export function itemId(prefix: string, path: string): string {
  return `${prefix}${encodeURIComponent(path)}`;
}

/** On focus, point at an existing item: the active one if it is still there, else the first. */
function ensureActive(tree: HTMLUListElement | null, store: ExplorerStore): void {
  const { active } = store.get();
  const items = visibleItems(tree);
  if (items.some((item) => item.dataset.path === active)) return;
  const first = items[0]?.dataset.path;
  if (first) store.set({ active: first });
}

interface TreeItemProps {
  entry: SandboxEntry;
  level: number;
  position: number;
  count: number;
  idPrefix: string;
}

const TreeItem = /* @__PURE__ */ memo(function TreeItem({ entry, level, position, count, idPrefix }: TreeItemProps) {
  const store = useExplorerStore();
  const folder = entry.kind === 'directory';
  const expanded = useExplorer((state) => folder && state.expanded.has(entry.path));
  const selected = useExplorer((state) => state.selected === entry.path);
  const active = useExplorer((state) => state.active === entry.path);
  const mark = useFileChange(entry.path);
  const activate = () => {
    store.set(folder ? { active: entry.path } : { active: entry.path, selected: entry.path, mode: 'content' });
    if (folder) store.toggle(entry.path);
  };
  return (
    <li
      id={itemId(idPrefix, entry.path)}
      className="rak-tree-item"
      role="treeitem"
      aria-level={level}
      aria-setsize={count}
      aria-posinset={position}
      aria-expanded={folder ? expanded : undefined}
      aria-selected={selected}
      // A file is named by its row's content: the name as displayed and the change in words (the
      // letter is hidden). Named through aria-labelledby, its visible "M" was not in its name
      // (axe's label-content-name-mismatch, WCAG 2.5.3). A folder's content holds its children, so
      // it is named by its name and its mark alone.
      aria-labelledby={folder ? (mark ? `${itemId(idPrefix, entry.path)}-name ${itemId(idPrefix, entry.path)}-change` : `${itemId(idPrefix, entry.path)}-name`) : undefined}
      data-path={entry.path}
      data-kind={entry.kind}
      data-active={active || undefined}
      data-change={mark}
    >
      <div className="rak-tree-row" style={{ '--rak-tree-level': level } as CSSProperties} onClick={activate}>
        {folder ? (
          <span className="rak-tree-icon" data-kind="directory" aria-hidden="true" />
        ) : (
          // A page with a folded corner: reads as "file" at a glance, unlike a plain square (a checkbox).
          <svg className="rak-tree-icon" data-kind="file" viewBox="0 0 12 14" aria-hidden="true">
            <path d="M2.5 1.5h4.5l2.5 2.5v8.5h-7z M7 1.5v2.5h2.5" />
          </svg>
        )}
        <span id={`${itemId(idPrefix, entry.path)}-name`} className="rak-tree-name">
          <VisibleText text={entry.name} />
        </span>
        {/* The space keeps the name and the change apart when read ("a.ts (modified)"); a flex row does not show it. */}
        {mark && ' '}
        {mark && <ChangeBadge mark={mark} id={`${itemId(idPrefix, entry.path)}-change`} />}
      </div>
      {folder && expanded && <TreeGroup path={entry.path} level={level + 1} idPrefix={idPrefix} />}
    </li>
  );
}, sameRow);

/** A row shows an entry's name and kind, not its size or time: a write inside a folder must not re-render the folder's row. */
function sameRow(a: TreeItemProps, b: TreeItemProps): boolean {
  return (
    a.entry.path === b.entry.path &&
    a.entry.name === b.entry.name &&
    a.entry.kind === b.entry.kind &&
    a.level === b.level &&
    a.position === b.position &&
    a.count === b.count &&
    a.idPrefix === b.idPrefix
  );
}

const TreeGroup = /* @__PURE__ */ memo(function TreeGroup({ path, level, idPrefix }: { path: string; level: number; idPrefix: string }) {
  const entries = useFiles(path);
  return (
    <ul className="rak-tree-group" role="group">
      {entries.map((entry, index) => (
        <TreeItem key={entry.path} entry={entry} level={level} position={index + 1} count={entries.length} idPrefix={idPrefix} />
      ))}
    </ul>
  );
});
