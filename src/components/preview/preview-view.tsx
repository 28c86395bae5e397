import { useCallback, useEffect, useRef, useState } from 'react';
import type { PreviewLogEntry, SandboxEvent } from '../../core/sandbox/index';
import type { KitStrings } from '../strings/kit-strings';
import { buildPreview } from './build-preview';
import { loadPreviewPackages } from './preview-packages';
import type { PreviewProps } from './preview-props';
import { readFrameReport } from './frame-report';

type Shown = { html: string; channel: string; build: number };
type Status = { kind: 'loading' | 'ready' | 'failed'; message: string | null; problems: number; latest: string | null };

let channels = 0;

/**
 * The preview's implementation (loaded on first show; `Preview` is its door): builds the page
 * from the sandbox, shows it in a frame with an opaque origin, rebuilds at most once a frame when
 * a file it uses changes, and passes on what the page reports.
 */
export function PreviewView({ sandbox, entry = 'index.html', importMap, allowedOrigins, onLog, jsxImportSource, className, words }: PreviewProps & { words: KitStrings['preview'] }) {
  const entryPath = `/${entry.replace(/^\/+/, '')}`;
  const name = entryPath.slice(1);
  const frame = useRef<HTMLIFrameElement>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'loading', message: null, problems: 0, latest: null });
  const [builds, setBuilds] = useState(0);
  const report = useRef(onLog);
  report.current = onLog;
  // Props an app may write inline (a new object each render) count by their content: only a change rebuilds.
  const optionsKey = JSON.stringify([importMap ?? null, allowedOrigins ?? null, jsxImportSource ?? null]);
  const latest = useRef({ importMap, allowedOrigins, jsxImportSource, words });
  latest.current = { importMap, allowedOrigins, jsxImportSource, words };
  // What the current build read, whether it failed, its channel, and the newest sandbox version it stands for.
  const current = useRef({ files: new Set<string>(), failed: false, channel: '', version: 0, loaded: false, loads: 0 });

  const emit = useCallback((entry: PreviewLogEntry) => report.current?.(entry), []);
  const emitStatus = useCallback(
    (kind: 'loading' | 'ready' | 'failed' | 'closed') => emit({ kind: 'status', status: kind, entry: entryPath, version: current.current.version, time: Date.now() }),
    [emit, entryPath],
  );

  const rebuild = useCallback(async () => {
    const channel = `rak-preview-${++channels}`;
    const state = current.current;
    Object.assign(state, { channel, version: sandbox.version, loaded: false, loads: 0 });
    setStatus({ kind: 'loading', message: null, problems: 0, latest: null });
    emitStatus('loading');
    const { importMap, allowedOrigins, jsxImportSource, words } = latest.current;
    let packages: Record<string, string> = {};
    let packageError: Error | null = null;
    try {
      packages = await loadPreviewPackages(importMap);
    } catch (error) {
      packageError = error instanceof Error ? error : new Error(String(error));
    }
    const build = await buildPreview(sandbox, entryPath, { channel, packages, allowedOrigins, jsxImportSource });
    // A newer build started meanwhile: it is the one to show.
    if (state.channel !== channel) return;
    state.files = build.files;
    const error = build.error ?? (packageError ? Object.assign(packageError, { file: entryPath }) : null);
    state.failed = error !== null;
    if (error) {
      const missing = build.error !== null && build.error.message.startsWith(`There is no ${name} `);
      const place = 'line' in error && typeof error.line === 'number' ? `${error.file}:${error.line}` : (error as { file: string }).file;
      setShown(null);
      setStatus({ kind: 'failed', message: missing ? words.missing(name) : words.buildFailed(place, error.message), problems: 0, latest: null });
      emit({ kind: 'build-error', text: error.message, source: { file: (error as { file: string }).file, ...('line' in error && typeof error.line === 'number' ? { line: error.line } : {}), ...('column' in error && typeof error.column === 'number' ? { column: error.column } : {}) }, time: Date.now() });
      emitStatus('failed');
      return;
    }
    setBuilds((count) => count + 1);
    setShown((before) => ({ html: build.html!, channel, build: (before?.build ?? 0) + 1 }));
    // optionsKey stands for the props read through `latest`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sandbox, entryPath, name, optionsKey, emit, emitStatus]);

  // Build now, and again at most once a frame when a file the page uses changes (or anything, after a failure).
  useEffect(() => {
    let frameRequest: number | null = null;
    let touched = false;
    const state = current.current;
    const uses = (event: SandboxEvent) =>
      event.type === 'restore' || state.failed || [event.path, event.from].some((path) => path !== undefined && (state.files.has(path) || [...state.files].some((file) => file.startsWith(`${path}/`))));
    const unsubscribe = sandbox.subscribe((event) => {
      touched ||= uses(event);
      frameRequest ??= requestAnimationFrame(() => {
        frameRequest = null;
        if (touched) {
          touched = false;
          void rebuild();
        } else {
          // Nothing it shows changed: it stands for this version too (the agent's preview_logs waits for that).
          state.version = sandbox.version;
          if (state.loaded) emitStatus('ready');
        }
      });
    });
    void rebuild();
    return () => {
      unsubscribe();
      if (frameRequest !== null) cancelAnimationFrame(frameRequest);
      // Messages of this build are not wanted any more.
      state.channel = '';
    };
  }, [sandbox, rebuild, emitStatus]);

  useEffect(() => () => emitStatus('closed'), [emitStatus]);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      const state = current.current;
      // Only this frame's window, and only the document of the current build.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const entry = readFrameReport(event.data, state.channel);
      if (entry === null) return;
      if (entry === 'loaded') {
        state.loaded = true;
        setStatus((before) => ({ ...before, kind: 'ready' }));
        emitStatus('ready');
        return;
      }
      if (entry.kind === 'error' || entry.kind === 'rejection' || (entry.kind === 'console' && entry.level === 'error')) {
        const place = 'source' in entry && entry.source ? ` (${entry.source.file}${entry.source.line ? `:${entry.source.line}` : ''})` : '';
        setStatus((before) => ({ ...before, problems: before.problems + 1, latest: `${entry.text}${place}` }));
      }
      emit(entry);
    };
    window.addEventListener('message', receive);
    return () => window.removeEventListener('message', receive);
  }, [emit, emitStatus]);

  const statusText =
    status.kind === 'failed'
      ? status.message
      : status.kind === 'loading'
        ? words.loading(name)
        : status.problems > 0
          ? words.problems(name, status.problems, status.latest ?? '')
          : words.ready(name);

  return (
    <section className={['rak-preview', className].filter(Boolean).join(' ')} aria-label={words.label} data-status={status.kind} data-builds={builds}>
      <div className="rak-preview-bar">
        <p className="rak-preview-status" role="status" aria-live="polite" data-problems={status.problems}>
          {statusText}
        </p>
        <button type="button" className="rak-button rak-preview-reload" aria-label={words.reloadName(name)} onClick={() => void rebuild()}>
          {words.reload}
        </button>
      </div>
      {shown !== null ? (
        <iframe
          key={shown.build}
          ref={frame}
          className="rak-preview-frame"
          title={words.frameTitle(name)}
          // An opaque origin: never allow-same-origin (with allow-scripts the page could lift its own sandbox).
          sandbox="allow-scripts"
          referrerPolicy="no-referrer"
          srcDoc={shown.html}
          onLoad={() => {
            const state = current.current;
            state.loads += 1;
            // A second load in the same frame is the page navigating itself away: not the page the agent built.
            if (state.loads > 1) {
              state.channel = '';
              setShown(null);
              setStatus({ kind: 'failed', message: words.navigatedAway, problems: 0, latest: null });
              emitStatus('failed');
            }
          }}
        />
      ) : (
        <div className="rak-preview-empty" />
      )}
    </section>
  );
}
