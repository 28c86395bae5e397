/**
 * The React half of the render benchmark's page harness: `renderInto`, which the React variants
 * mount with. Everything else (the scenario, the measurement) is in `harness-core`, re-exported
 * here so the variants import one module.
 */
import { useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

export { settle, startBench, startMeasured, untilShown, type BenchRunResult, type MeasuredPage, type Variant } from './harness-core';

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

/** Renders `node` into `container`; resolves after React committed it (effects included). */
export function renderInto(container: HTMLElement, node: ReactNode): Promise<void> {
  return new Promise((resolve) => createRoot(container).render(<Committed onCommit={resolve}>{node}</Committed>));
}
