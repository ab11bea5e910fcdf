import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

type LoadEntryErrorArgs = Parameters<NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>>[0];
type RemoteEntryExports = NonNullable<LoadEntryErrorArgs['remoteEntryExports']>;

/**
 * Layer 1 of remote failure handling: a remote's manifest and entry script are retried a few times with
 * back-off when the network fails or the server answers 5xx. A hanging server is not retried (each try is cut
 * off by a time-out instead), so the route boundary can show its fallback within its own 5 s deadline.
 */
export const RETRY_DELAYS_MS = [300, 900];
/** Per try; the runtime's default is 20 s. */
export const MANIFEST_TIMEOUT_MS = 4_000;
export const SCRIPT_TIMEOUT_MS = 4_500;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

class HttpStatusError extends Error {
  constructor(
    readonly status: number,
    url: string,
  ) {
    super(`${url} answered HTTP ${status}`);
    this.name = 'HttpStatusError';
  }
}

const isTimeout = (e: unknown) => e instanceof Error && (e.name === 'TimeoutError' || /timed out/i.test(e.message));
const retryable = (e: unknown) =>
  !isTimeout(e) && (!(e instanceof HttpStatusError) || e.status >= 500 || e.status === 408 || e.status === 429);

async function fetchOnce(url: string, init: RequestInit): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`${url} timed out`, 'TimeoutError')), MANIFEST_TIMEOUT_MS);
  try {
    const res = await fetch(url, { ...init, signal: controller.signal });
    // The runtime would parse an error page as a manifest and fail later with a confusing message.
    if (!res.ok) throw new HttpStatusError(res.status, url);
    return res;
  } finally {
    clearTimeout(timer);
  }
}

export async function fetchWithRetry(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fetchOnce(url, attempt === 0 ? init : { ...init, cache: 'reload' });
    } catch (e) {
      if (attempt >= RETRY_DELAYS_MS.length || !retryable(e)) throw e;
      await sleep(RETRY_DELAYS_MS[attempt]);
    }
  }
}

/** Loads the entry script again after a failure, a few times with back-off. */
async function retryEntry({ getRemoteEntry, origin, remoteInfo, remoteEntryExports, globalLoading, uniqueKey }: LoadEntryErrorArgs) {
  let lastError: unknown;
  for (const delay of RETRY_DELAYS_MS) {
    await sleep(delay);
    // The failed load is still registered under this key; without removing it the retry would reuse it.
    delete globalLoading[uniqueKey];
    try {
      const entry = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
      if (entry) return entry;
    } catch (e) {
      lastError = e;
      if (!retryable(e)) break;
    }
  }
  if (lastError) console.warn(`[bahi] ${remoteInfo.name}: entry script still failing after retries`);
  return undefined;
}

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'bahi-retry',
    fetch(url, init, _remoteInfo, resourceContext) {
      const isManifest = resourceContext?.resourceType === 'manifest' || /\.json(?:$|[?#])/.test(url);
      return isManifest ? fetchWithRetry(url, init) : undefined;
    },
    createScript({ attrs }) {
      // Only for plain entry scripts: returning an object makes the runtime skip the attributes it was given.
      if (attrs && Object.keys(attrs).length > 0) return undefined;
      return { timeout: SCRIPT_TIMEOUT_MS };
    },
    loadEntryError(args) {
      // The hook's declared type nests a promise in a promise; the runtime simply awaits what it gets.
      return retryEntry(args) as unknown as Promise<Promise<RemoteEntryExports | undefined> | undefined>;
    },
  };
}
