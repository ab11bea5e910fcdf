import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { allowRemoteOverride, publishRemote, setOverrideOrigins } from '../services/registry';
import { descriptorOf, startRemoteServer, type RemoteServer } from '../services/registry/testing';
import { createHarness, get, JSON_WRITE, SETUP_TIMEOUT_MS, type Harness } from '../test/harness';

let h: Harness;
let root: string;
let apps: Harness['app'];
let cdn: RemoteServer;
beforeAll(async () => {
  h = await createHarness();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-headers-'));
  const put = (rel: string, body: string) => {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), body);
  };
  put('shell/dist/index.html', '<!doctype html><title>Bahi</title><script src="/main.1a2b3c4d.js"></script>');
  put('shell/dist/main.1a2b3c4d.js', 'console.log(1)\n//# sourceMappingURL=main.1a2b3c4d.js.map');
  put('shell/dist/main.1a2b3c4d.js.map', '{"version":3}');
  put('mf-branches/dist/remoteEntry.js', 'var mf_branches;');
  put('mf-branches/dist/remoteEntry.js.map', '{"version":3}');
  apps = await h.variant({ SERVE_APPS: '1', APPS_ROOT: root });
  cdn = await startRemoteServer();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await cdn.close();
  fs.rmSync(root, { recursive: true, force: true });
  await h.close();
});

/** The Content-Security-Policy of an answer, as directive -> sources. */
function policy(headers: Record<string, unknown>): Record<string, string[]> {
  const csp = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('are on every kind of answer: API JSON, a 404, the shell page, a static file, the API docs', async () => {
    const answers = await Promise.all([
      get(apps, '/api/health'),
      get(apps, '/api/no-such-thing'),
      get(apps, '/store-branch'),
      get(apps, '/main.1a2b3c4d.js'),
      get(apps, '/remotes/mf-branches/remoteEntry.js'),
      get(apps, '/api/docs/'),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 200, 200, 200, 200]);
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['strict-transport-security']).toBeUndefined();
      const csp = policy(res.headers);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['script-src-attr']).toEqual(["'none'"]);
      expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp['connect-src']).toEqual(["'self'"]);
      expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it("are on Fastify's own refusals too, which answer the app's JSON and never echo the path", async () => {
    const answers = await Promise.all([
      get(h.app, '/api/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd?x=<script>'),
      get(h.app, '/%E0%A4%A'),
      h.app.inject({ method: 'POST', url: '/api/auth/login', headers: JSON_WRITE, payload: '{"mobileNumber":' }),
      h.app.inject({ method: 'POST', url: '/api/auth/login', headers: JSON_WRITE, payload: JSON.stringify({ mobileNumber: 'x'.repeat(2_000_000) }) }),
      h.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...JSON_WRITE, 'content-type': 'text/plain' }, payload: 'hello' }),
      h.app.inject({ method: 'POST', url: '/api/auth/login', headers: { ...JSON_WRITE, 'content-type': 'application/xml' }, payload: '<a/>' }),
    ]);
    expect(answers.map((r) => [r.statusCode, r.json()])).toEqual([
      [400, { success: false, message: 'Malformed URL' }],
      [400, { success: false, message: 'Malformed URL' }],
      [400, { success: false, message: 'The request body is not valid JSON.' }],
      [413, { success: false, message: 'The request is too large.' }],
      [415, { success: false, message: expect.stringContaining('JSON') }],
      [415, { success: false, message: expect.stringContaining('JSON') }],
    ]);
    for (const res of answers) {
      expect(res.body).not.toMatch(/passwd|script|%/);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(policy(res.headers)['default-src']).toEqual(["'self'"]);
      expect(policy(res.headers)['frame-ancestors']).toEqual(["'none'"]);
    }
  });

  it("lets other origins load a remote's files, but not the shell's", async () => {
    expect((await get(apps, '/remotes/mf-branches/remoteEntry.js')).headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await get(apps, '/main.1a2b3c4d.js')).headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('add HSTS only when served over HTTPS', async () => {
    const proxied = await h.variant({ TRUST_PROXY: '1' });
    const tls = await get(proxied, '/api/health', undefined, { headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=15552000');
    const spoofed = await get(h.app, '/api/health', undefined, { headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it("follow the registry: a remote published elsewhere is allowed on the next page, overrides only from the allow-list while allowed", async () => {
    const manifestUrl = cdn.build('/mf-reports/2.0.0', descriptorOf('mf-reports', '2.0.0'));
    await publishRemote(h.database.db, 'mf-reports', manifestUrl, '2.0.0', 'test');
    const published = policy((await get(apps, '/reports')).headers);
    for (const directive of ['script-src', 'style-src', 'connect-src']) expect(published[directive]).toContain(cdn.base);

    await setOverrideOrigins(h.database.db, 'mf-reports', ['https://qa.example.com'], 'test');
    expect(policy((await get(apps, '/reports')).headers)['script-src']).not.toContain('https://qa.example.com');
    await allowRemoteOverride(h.database.db, 'mf-reports', true, 'test');
    const overridable = policy((await get(apps, '/reports')).headers);
    expect(overridable['script-src']).toEqual(["'self'", cdn.base, 'https://qa.example.com']);
    expect(overridable['connect-src']).toEqual(["'self'", cdn.base, 'https://qa.example.com']);
    await allowRemoteOverride(h.database.db, 'mf-reports', false, 'test');
    expect(policy((await get(apps, '/reports')).headers)['script-src']).toEqual(["'self'", cdn.base]);
  });
});

describe('source maps', () => {
  it('are not served unless an operator turns them on', async () => {
    expect((await get(apps, '/main.1a2b3c4d.js.map')).statusCode).toBe(404);
    expect((await get(apps, '/remotes/mf-branches/remoteEntry.js.map')).statusCode).toBe(404);
    expect((await get(apps, '/main.1a2b3c4d.js')).statusCode).toBe(200);
    const debugging = await h.variant({ SERVE_APPS: '1', APPS_ROOT: root, SERVE_SOURCE_MAPS: '1' });
    expect((await get(debugging, '/main.1a2b3c4d.js.map')).statusCode).toBe(200);
    expect((await get(debugging, '/remotes/mf-branches/remoteEntry.js.map')).statusCode).toBe(200);
  });
});
