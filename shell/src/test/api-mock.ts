/**
 * A fake of the API for component tests: `fetch` answers from a table of `'METHOD path'` handlers, and every
 * call is recorded. A handler returns `[status, body]`, or a promise of it (to hold an answer back).
 */
export type ApiAnswer = [number, unknown];
export type ApiHandler = (body: unknown, url: URL) => ApiAnswer | Promise<ApiAnswer>;

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

function fakeResponse([status, body]: ApiAnswer) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
    text: async () => text,
    json: async () => body,
    blob: async () => new Blob([text]),
  };
}

export function mockApi(handlers: Record<string, ApiHandler>) {
  const calls: ApiCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api\//, '');
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    const handler = handlers[`${method} ${path}`];
    if (!handler) return fakeResponse([404, { success: false, message: `No mock for ${method} ${path}` }]);
    return fakeResponse(await handler(body, url));
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return { calls, fetchMock, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}

export const ok = (data: unknown): ApiAnswer => [200, { success: true, data }];
export const fail = (status: number, message: string, extra: Record<string, unknown> = {}): ApiAnswer => [
  status,
  { success: false, message, ...extra },
];
