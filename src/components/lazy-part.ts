import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react';

/**
 * A part of the UI whose code loads when it is first shown (the approval dialog, the question
 * picker, the file explorer, the long-thread virtualizer), so that an empty chat and its composer
 * paint without it. `preload()` fetches it earlier (when the page is idle, or when a run starts)
 * so that it is ready before anyone could click; showing it and preloading it share one load.
 */
export interface LazyPart<Props> {
  /**
   * Render inside `<Suspense>`: it suspends while the code loads; once loaded (preloaded, or
   * shown before) it renders at once, like any component.
   */
  readonly Component: (props: Props) => ReactElement;
  /** Starts loading the code (at most once; again after a failure). */
  preload(): Promise<void>;
  /** Whether the code has loaded (the component then renders without suspending). */
  readonly loaded: boolean;
}

/**
 * @example
 * ```tsx
 * const dialogPart = lazyPart(() => import('my-dialog').then((module) => module.Dialog));
 * <Suspense fallback={null}><dialogPart.Component open /></Suspense>
 * ```
 */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>): LazyPart<Props> {
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  const start = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A chunk that failed to load (a flaky network, a deploy in between) is asked for again next time.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(async () => ({ default: await start() }));
  // Chosen once per mounted instance: switching from the lazy wrapper to the loaded component
  // later would remount it and lose its state (a half-edited approval, say).
  function Component(props: Props): ReactElement {
    const [Chosen] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return createElement(Chosen, props);
  }
  return {
    Component,
    preload: () => start().then(() => undefined),
    get loaded() {
      return loaded !== undefined;
    },
  };
}

/**
 * Runs `task` when the browser is idle (or soon, where `requestIdleCallback` does not exist);
 * returns a function that cancels it.
 *
 * @example
 * ```ts
 * useEffect(() => whenIdle(() => void approvalPart.preload()), []);
 * ```
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}
