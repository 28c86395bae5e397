import type { ReactNode } from 'react';

/** One choice of a {@link SegmentedControl}. */
export interface SegmentedOption<T extends string> {
  value: T;
  label: ReactNode;
}

/** Props of {@link SegmentedControl}. */
export interface SegmentedControlProps<T extends string> {
  /** Accessible name of the group. */
  label: string;
  options: readonly SegmentedOption<T>[];
  value: T;
  onChange: (value: T) => void;
}

/**
 * A row of buttons of which exactly one is pressed (`aria-pressed`), in a labelled group: the
 * explorer's Files / Changes switch and the viewer's Content / Diff switch.
 *
 * @example
 * ```tsx
 * <SegmentedControl label="Show" value={mode} onChange={setMode} options={[{ value: 'content', label: 'Content' }, { value: 'diff', label: 'Diff' }]} />
 * ```
 */
export function SegmentedControl<T extends string>({ label, options, value, onChange }: SegmentedControlProps<T>) {
  return (
    <div className="rak-segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button key={option.value} type="button" className="rak-segmented-button" aria-pressed={option.value === value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  );
}
