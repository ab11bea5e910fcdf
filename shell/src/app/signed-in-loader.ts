import { useEffect } from 'react';
import { savesData, whenIdle } from './idle';

type SignedInModule = typeof import('./signed-in-root');

export const SIGNED_IN_APP_MARK = 'bahi:signed-in-app';

let loading: Promise<SignedInModule> | null = null;

/**
 * The signed-in part of the shell: antd, `@bahi/shared/ui`, the layout and the area registry. One download,
 * started by whoever needs it first (the router, an idle moment on a sign-in page, a page load on an inner page);
 * a failed attempt is forgotten so the next one tries again.
 */
export function loadSignedInApp(): Promise<SignedInModule> {
  loading ??= import('./signed-in-root').then(
    (module) => {
      // When the app behind the login is ready, for the benchmarks and the browser's performance panel.
      performance.mark?.(SIGNED_IN_APP_MARK);
      return module;
    },
    (e: unknown) => {
      loading = null;
      throw e;
    },
  );
  return loading;
}

export function prefetchSignedInApp(): void {
  loadSignedInApp().catch(() => undefined);
}

/**
 * On a sign-in page: fetches the signed-in app when the browser is idle, so that it is there when the code is
 * verified. Data-saver users fetch it once they have asked for a code (see useSendCode) instead.
 */
export function usePrefetchSignedInAppWhenIdle(): void {
  useEffect(() => {
    if (savesData()) return;
    let stopped = false;
    let next = whenIdle(() => {
      loadSignedInApp().then(
        (app) => {
          // Then, in another idle moment, antd's styles for the first page after sign-in.
          if (!stopped) next = whenIdle(app.warmUpStyles);
        },
        () => undefined,
      );
    });
    return () => {
      stopped = true;
      next.cancel();
    };
  }, []);
}
