import { Preview } from 'react-agent-kit/components';
import type { Sandbox } from 'react-agent-kit/sandbox';
import { playgroundPreview, usePreviewEntry } from './playground-preview';

/**
 * The Preview panel: the kit's `Preview` of the workspace's page (the entry the agent opened,
 * `index.html` by default), its console and errors going to the agent's `preview_logs`.
 */
export function PreviewPanel({ sandbox }: { sandbox: Sandbox }) {
  const entry = usePreviewEntry(sandbox);
  return <Preview className="pg-preview" sandbox={sandbox} entry={entry} onLog={playgroundPreview(sandbox).log.record} />;
}
