import { randomUUID } from 'node:crypto';
import { createHarness, get, JSON_WRITE, SETUP_TIMEOUT_MS, type Harness } from '../test/harness';

/** The routes anyone may call: signing up or in, and logging out (which ends whatever session there is). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'POST /api/auth/signup',
  'POST /api/auth/verify-signup',
  'POST /api/auth/login',
  'POST /api/auth/verify-login',
  'POST /api/auth/resend-otp',
  'POST /api/auth/logout',
]);

let h: Harness;
let operations: { method: string; url: string }[];
beforeAll(async () => {
  h = await createHarness();
  const doc = (await get(h.app, '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), url: path.replace(/\{[^}]+\}/g, randomUUID()) })),
  );
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

describe('a request without a session', () => {
  it('is answered 401 on every route but the public ones, before its body or query is validated', async () => {
    // Every route of /api/openapi.json, so a route added later is covered too.
    const writes = operations.filter((op) => op.method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    const answers: string[] = [];
    for (const { method, url } of operations) {
      // The public pages of share links answer without a session by design (routes/share.test.ts).
      if (PUBLIC.has(`${method} ${url}`) || url.startsWith('/share/')) continue;
      const res = await h.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' ? { query: { page: 'x', limit: '-1', from: 'never' } } : { headers: JSON_WRITE, payload: '{}' }),
      });
      answers.push(`${method} ${url.replace(/[0-9a-f-]{36}/g, ':id')} ${res.statusCode} ${res.json().message}`);
    }
    expect(answers.filter((a) => !/ 401 /.test(a))).toEqual([]);
  });
});
