import { memo, useState } from 'react';
import { childRanges, childrenOf, kindOf, longString, previewOf, type ChildRange } from './tree-model';

/**
 * A read-only, collapsible view of a value (the agent's state). Only opened nodes render their
 * children, at most a hundred per level (more are grouped in ranges that open the same way), so a
 * state with 10,000 messages renders a handful of nodes until someone opens them. A node remembers
 * whether it is open while the value changes under it (another event selected), and nodes whose value
 * did not change skip rendering (the reducer keeps unchanged parts as the same objects).
 *
 * @example
 * <StateTree label="State" value={agent.getState()} />
 */
export function StateTree({ label, value, className }: { label: string; value: unknown; className?: string }) {
  return (
    <ul className={['pg-tree', className].filter(Boolean).join(' ')} aria-label={label}>
      <TreeNode name={label} value={value} initiallyOpen />
    </ul>
  );
}

const TreeNode = memo(function TreeNode({ name, value, initiallyOpen = false }: { name: string; value: unknown; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  const kind = kindOf(value);
  const opens = kind === 'object' || kind === 'array' || (kind === 'string' && (value as string).length > longString);
  if (!opens) {
    return (
      <li className="pg-tree-item">
        <span className="pg-tree-leaf">
          <span className="pg-tree-key">{name}</span>: <span className="pg-tree-value" data-kind={kind}>{previewOf(value)}</span>
        </span>
      </li>
    );
  }
  return (
    <li className="pg-tree-item">
      <button type="button" className="pg-tree-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Arrow open={open} />
        <span className="pg-tree-key">{name}</span>: <span className="pg-tree-value" data-kind={kind}>{open && kind === 'string' ? `"… (${(value as string).length.toLocaleString('en-US')} characters)` : previewOf(value)}</span>
      </button>
      {open && (kind === 'string' ? <pre className="pg-tree-text">{value as string}</pre> : <Children value={value} />)}
    </li>
  );
});

/** The children of an open object or array, or of an open range of them. */
function Children({ value, range }: { value: unknown; range?: ChildRange }) {
  const { count, keyAt } = childrenOf(value);
  const start = range?.start ?? 0;
  const end = range?.end ?? count;
  const ranges = childRanges(end - start, start);
  if (end === start) return <p className="pg-tree-empty">empty</p>;
  return (
    <ul className="pg-tree-children">
      {ranges
        ? ranges.map((child) => <RangeNode key={child.start} value={value} range={child} keyAt={keyAt} />)
        : Array.from({ length: end - start }, (_, offset) => {
            const key = keyAt(start + offset);
            return <TreeNode key={key} name={key} value={(value as Record<string, unknown>)[key]} />;
          })}
    </ul>
  );
}

function RangeNode({ value, range, keyAt }: { value: unknown; range: ChildRange; keyAt: (index: number) => string }) {
  const [open, setOpen] = useState(false);
  const label = Array.isArray(value) ? `[${range.start} … ${range.end - 1}]` : `${keyAt(range.start)} … ${keyAt(range.end - 1)}`;
  return (
    <li className="pg-tree-item">
      <button type="button" className="pg-tree-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        <Arrow open={open} />
        <span className="pg-tree-key">{label}</span>
      </button>
      {open && <Children value={value} range={range} />}
    </li>
  );
}

/** Open or closed, for the eye; `aria-expanded` says it to assistive technology. */
function Arrow({ open }: { open: boolean }) {
  return (
    <span className="pg-tree-arrow" aria-hidden="true">
      {open ? '▾' : '▸'}
    </span>
  );
}
