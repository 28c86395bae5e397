import { Suspense } from 'react';
import { lazyPart } from '../lazy-part';
import { useWords } from '../strings/strings-context';
import type { PreviewProps } from './preview-props';
import { previewText } from './preview-text';

// The preview's code (the builder, the frame) loads when a preview is first shown; sucrase only when a page has TypeScript or JSX.
const previewPart = lazyPart(() => import('./preview-view').then((module) => module.PreviewView));

/**
 * A live preview of a web page the agent built in its sandbox: the entry HTML with its
 * stylesheets, scripts and ES modules (TypeScript, TSX and JSX transpiled with the optional
 * `sucrase`), in a frame with an opaque origin (`sandbox="allow-scripts"`) and a policy that
 * allows no network unless `allowedOrigins` lists some. It reloads, at most once a frame, when a
 * file the page uses changes. What the page logs and throws goes to `onLog`: give it to the agent
 * with `createPreviewLog()` and the `preview_logs` tool from `react-agent-kit/sandbox`.
 *
 * @example
 * ```tsx
 * const log = createPreviewLog();
 * const agent = createAgent({ model, sandbox, tools: [previewLogsTool(log, sandbox)] });
 * <Preview sandbox={sandbox} entry="index.html" onLog={log.record} importMap={{ imports: { react: '/vendor/react.js' } }} />
 * ```
 */
export function Preview(props: PreviewProps) {
  const words = useWords('preview', previewText);
  const name = (props.entry ?? 'index.html').replace(/^\/+/, '');
  return (
    <Suspense
      fallback={
        <section className={['rak-preview', props.className].filter(Boolean).join(' ')} aria-label={words.label} data-status="loading">
          <div className="rak-preview-bar">
            <p className="rak-preview-status" role="status" aria-live="polite">
              {words.loading(name)}
            </p>
          </div>
        </section>
      }
    >
      <previewPart.Component {...props} words={words} />
    </Suspense>
  );
}
