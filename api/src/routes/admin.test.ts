import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { remoteRegistry, remoteRegistryHistory } from '../db/schema';
import { registerLocalRemote } from '../services/registry/local';
import { businessWithSession, descriptorOf, startRemoteServer, type RemoteServer } from '../services/registry/testing';
import { JSON_WRITE, createHarness, get, testConfig, SETUP_TIMEOUT_MS, type Harness } from '../test/harness';
import { OPERATOR_TOKEN_MESSAGES } from './admin';

const TOKEN = 'test-operator-token-0123456789abcdef';
const AUTH = { authorization: `Bearer ${TOKEN}` };

let h: Harness;
let cdn: RemoteServer;
beforeAll(async () => {
  h = await createHarness({ OPERATOR_TOKEN: TOKEN });
  cdn = await startRemoteServer();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await cdn.close();
  await h.close();
});

beforeEach(async () => {
  await h.database.db.delete(remoteRegistry);
  await h.database.db.delete(remoteRegistryHistory);
  await registerLocalRemote(h.database.db, descriptorOf('mf-items', '1.0.0', 'Items'), '/remotes/mf-items/mf-manifest.json');
});

const post = (path: string, body: unknown, headers: Record<string, string> = AUTH, app: FastifyInstance = h.app) =>
  app.inject({ method: 'POST', url: `/api/admin/remotes${path}`, headers: { ...JSON_WRITE, ...headers }, payload: JSON.stringify(body) });
const list = async () => (await get(h.app, '/api/admin/remotes', undefined, { headers: AUTH })).json().data as { name: string; version: string; flag: { mode: string } }[];

describe('the operator token', () => {
  it('is required on every admin route, reads and writes', async () => {
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong' }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const read = await get(h.app, '/api/admin/remotes', undefined, { headers });
      expect(read.statusCode).toBe(401);
      expect(read.json()).toEqual({ success: false, message: expect.any(String) });
      expect((await get(h.app, '/api/admin/remotes/mf-items/history', undefined, { headers })).statusCode).toBe(401);
      expect((await post('/mf-items/disable', {}, headers)).statusCode).toBe(401);
      // Even an invalid body learns nothing without the token.
      expect((await post('/mf-items/rollout', { percent: 'x' }, headers)).statusCode).toBe(401);
    }
    expect((await get(h.app, '/api/admin/remotes')).json().message).toBe(OPERATOR_TOKEN_MESSAGES.missing);
    expect((await list())[0].flag.mode).toBe('on');
  });

  it('a signed-in user of a business is not an operator', async () => {
    const biz = await businessWithSession(h);
    expect((await get(h.app, '/api/admin/remotes', biz.cookie)).statusCode).toBe(401);
  });

  it('writes still need the CSRF header', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/admin/remotes/mf-items/disable',
      headers: { ...AUTH, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(403);
  });

  it('without a configured token the admin API is off', async () => {
    const app = await buildApp({ config: testConfig(), db: h.database.db, logger: false });
    try {
      const res = await get(app, '/api/admin/remotes', undefined, { headers: { authorization: 'Bearer anything' } });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(OPERATOR_TOKEN_MESSAGES.unconfigured);
    } finally {
      await app.close();
    }
  });
});

describe('/api/admin/remotes', () => {
  it('lists, changes and shows the history of a remote', async () => {
    expect(await list()).toEqual([
      expect.objectContaining({ name: 'mf_items', version: '1.0.0', overridable: false, previous: null, updatedAt: expect.any(String) }),
    ]);

    const url = cdn.build('/items/1.1.0', descriptorOf('mf-items', '1.1.0', 'Items'));
    const published = await post('/mf-items/publish', { manifestUrl: url, version: '1.1.0', by: 'ci' });
    expect(published.statusCode).toBe(200);
    expect(published.json()).toEqual({ success: true, data: expect.objectContaining({ name: 'mf_items', manifestUrl: url, version: '1.1.0' }) });

    const biz = await businessWithSession(h);
    const changes: [string, unknown, object][] = [
      ['/mf_items/disable', {}, { flag: { mode: 'off', businesses: [], percentage: null } }],
      ['/mf_items/enable', {}, { flag: { mode: 'on', businesses: [], percentage: null } }],
      ['/mf_items/enable-for', { businessIds: [biz.id] }, { flag: { mode: 'businesses', businesses: [biz.id], percentage: null } }],
      ['/mf_items/rollout', { percent: 25 }, { flag: { mode: 'percentage', businesses: [], percentage: 25 } }],
      ['/mf_items/allow-override', { allowed: true }, { overridable: true }],
      ['/mf_items/override-origins', { origins: ['https://qa.example.com'] }, { overrideOrigins: ['https://qa.example.com'] }],
      ['/mf_items/rollback', {}, { version: '1.0.0', manifestUrl: '/remotes/mf-items/mf-manifest.json' }],
    ];
    for (const [path, body, expected] of changes) {
      const res = await post(path, body);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject(expected);
    }

    const history = await get(h.app, '/api/admin/remotes/mf-items/history', undefined, { headers: AUTH });
    expect(history.statusCode).toBe(200);
    const entries = history.json().data as { action: string; actor: string }[];
    expect(entries.map((e) => e.action)).toEqual(['rollback', 'override-origins', 'allow-override', 'rollout', 'enable-for', 'enable', 'disable', 'publish', 'sync']);
    expect(entries.find((e) => e.action === 'publish')?.actor).toBe('ci');
    expect(entries[0].actor).toBe('operator (admin API)');
  });

  it('refuses bad input with 400, 404, 409 or 422 and a clear message, changing nothing', async () => {
    const before = await list();
    const cases: [string, unknown, number, RegExp][] = [
      ['/mf-nothing/disable', {}, 404, /no remote named "mf-nothing"/],
      ['/mf-items/rollout', { percent: 101 }, 400, /whole number from 0 to 100/],
      ['/mf-items/rollout', { percent: 2.5 }, 400, /whole number from 0 to 100/],
      ['/mf-items/rollout', {}, 400, /whole number from 0 to 100/],
      ['/mf-items/publish', { manifestUrl: 'nope', version: '1' }, 400, /not a valid URL/],
      ['/mf-items/publish', { manifestUrl: `${cdn.base}/missing/mf-manifest.json`, version: '1' }, 422, /answered HTTP 404/],
      ['/mf-items/publish', { version: '1' }, 400, /Manifest URL is required/],
      ['/mf-items/enable-for', { businessIds: [] }, 400, /at least one business/],
      ['/mf-items/enable-for', { businessIds: ['00000000-0000-4000-8000-000000000000'] }, 422, /No business has the id/],
      ['/mf-items/allow-override', { allowed: 'yes' }, 400, /true or false/],
      ['/mf-items/override-origins', { origins: ['https://qa.example.com/path'] }, 400, /is not an origin/],
      ['/mf-items/override-origins', { origins: 'https://qa.example.com' }, 400, /list of origins/],
      ['/mf-items/rollback', {}, 409, /no previously published build/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await post(path, body);
      expect({ path, status: res.statusCode }).toEqual({ path, status });
      expect(res.json()).toMatchObject({ success: false, message: expect.stringMatching(message) });
    }
    expect(await list()).toEqual(before);
    expect((await get(h.app, '/api/admin/remotes/mf-nothing/history', undefined, { headers: AUTH })).statusCode).toBe(404);
  });

  it('is described in the OpenAPI document under the tag admin, with the bearer scheme', async () => {
    const doc = (await get(h.app, '/api/openapi.json')).json();
    expect(doc.components.securitySchemes.operatorToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const admin = Object.entries(doc.paths as Record<string, Record<string, { tags: string[]; security: unknown }>>).filter(([p]) =>
      p.startsWith('/api/admin/'),
    );
    expect(admin.map(([p, ops]) => `${Object.keys(ops).join(',')} ${p}`).sort()).toEqual([
      'get /api/admin/audit/verify',
      'get /api/admin/remotes',
      'get /api/admin/remotes/{name}/history',
      'post /api/admin/remotes/{name}/allow-override',
      'post /api/admin/remotes/{name}/disable',
      'post /api/admin/remotes/{name}/enable',
      'post /api/admin/remotes/{name}/enable-for',
      'post /api/admin/remotes/{name}/override-origins',
      'post /api/admin/remotes/{name}/publish',
      'post /api/admin/remotes/{name}/rollback',
      'post /api/admin/remotes/{name}/rollout',
    ]);
    for (const [, ops] of admin) {
      for (const op of Object.values(ops)) expect(op).toMatchObject({ tags: ['admin'], security: [{ operatorToken: [] }] });
    }
  });
});
