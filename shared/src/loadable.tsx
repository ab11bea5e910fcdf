import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

export type Loadable<P> = ComponentType<P> & {
  /** Starts the download now (a hover, an idle moment); the component renders at once once it is in. */
  preload(): Promise<void>;
};

/**
 * A component whose code loads on first use, without Suspense. React 19 reveals a Suspense boundary's content no
 * sooner than 300 ms after it showed its fallback (its FALLBACK_THROTTLE_MS), so code that arrives 20 ms after a
 * fallback still waits 300 ms, once per nested boundary: a cold load of an inner page (the signed-in app, then the
 * area's page) sat idle for 600 ms (bench/README.md). Here the placeholder is ordinary content, replaced in the next
 * commit once the code is in; afterwards every mount renders the component synchronously. A failed load is thrown
 * while rendering, to the nearest error boundary, and forgotten, so the next mount (a Retry) tries again.
 */
export function loadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>, placeholder: ReactNode): Loadable<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | null = null;
  const start = () =>
    (pending ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (e: unknown) => {
        pending = null;
        throw e;
      },
    ));

  function LoadableComponent(props: P) {
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    const [, setArrived] = useState(false);
    // Started while rendering, as React.lazy does: the download should not wait for the commit.
    if (!loaded && !failure) void start().catch(() => undefined);
    const showingPlaceholder = !loaded;
    useEffect(() => {
      if (!showingPlaceholder) return;
      // The code may have come in between this render and its commit: then the update below is immediate.
      let live = true;
      start().then(
        () => live && setArrived(true),
        (error: unknown) => live && setFailure({ error }),
      );
      return () => {
        live = false;
      };
    }, [showingPlaceholder]);
    if (failure) throw failure.error;
    return loaded ? createElement(loaded, props) : placeholder;
  }
  return Object.assign(LoadableComponent, { preload: () => start() });
}
