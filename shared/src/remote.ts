import type { ComponentType } from 'react';

/** What a remote's exposed `./routes` module exports: one component per route path declared in its area. */
export interface RemoteRoutesModule {
  /** Keys are exactly the paths of the remote's area (`src/area.ts`), e.g. 'parties', '/party/:id'. */
  routes: Record<string, ComponentType>;
}

/** Injected at build time by the rspack config: the package version (or BAHI_VERSION). */
declare global {
  const __BAHI_VERSION__: string;
  const __BAHI_BUILT_AT__: string;
}
