import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { remoteRegistry, remoteRegistryHistory } from '../../db/schema';
import { HttpError } from '../../errors';
import { createHarness, get, SETUP_TIMEOUT_MS, type Harness } from '../../test/harness';
import { rolloutBucket } from './flags';
import { registerLocalRemote } from './local';
import {
  allowRemoteOverride,
  disableRemote,
  enableRemote,
  enableRemoteFor,
  listRemotes,
  publishRemote,
  remoteHistory,
  rollbackRemote,
  rolloutRemote,
  setOverrideOrigins,
} from './operations';
import { businessWithSession, descriptorOf, startRemoteServer, type RemoteServer } from './testing';

let h: Harness;
let cdn: RemoteServer;
beforeAll(async () => {
  h = await createHarness();
  cdn = await startRemoteServer();
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await cdn.close();
  await h.close();
});

const db = () => h.database.db;
const LOCAL_ITEMS = '/remotes/mf-items/mf-manifest.json';

/** Everything that an operator change may touch: the registry and its history. */
async function snapshot() {
  return {
    registry: await db().select().from(remoteRegistry).orderBy(asc(remoteRegistry.name)),
    history: await db().select().from(remoteRegistryHistory).orderBy(asc(remoteRegistryHistory.id)),
  };
}

async function lastHistory(name: string) {
  const [last] = await remoteHistory(db(), name);
  return last;
}

async function refused(change: Promise<unknown>, status: number, message: RegExp) {
  const before = await snapshot();
  const error = await change.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(status);
  expect((error as HttpError).message).toMatch(message);
  expect(await snapshot()).toEqual(before);
}

beforeEach(async () => {
  await db().delete(remoteRegistry);
  await db().delete(remoteRegistryHistory);
  await registerLocalRemote(db(), descriptorOf('mf-items', '1.0.0', 'Items'), LOCAL_ITEMS);
  await registerLocalRemote(db(), descriptorOf('mf-sales', '1.0.0', 'Sales'), '/remotes/mf-sales/mf-manifest.json');
});

describe('the automatic registration of local builds', () => {
  it('records one sync row per change, and none when the build is unchanged', async () => {
    let entries = await remoteHistory(db(), 'mf-items');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'sync', actor: 'server start (local build)', before: null });
    expect(entries[0].after).toMatchObject({ name: 'mf_items', version: '1.0.0', manifestUrl: LOCAL_ITEMS, flag: { mode: 'on' } });

    expect(await registerLocalRemote(db(), descriptorOf('mf-items', '1.0.0', 'Items'), LOCAL_ITEMS)).toBe('unchanged');
    expect(await remoteHistory(db(), 'mf-items')).toHaveLength(1);

    expect(await registerLocalRemote(db(), descriptorOf('mf-items', '1.1.0', 'Items'), LOCAL_ITEMS)).toBe('updated');
    entries = await remoteHistory(db(), 'mf-items');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ action: 'sync', before: { version: '1.0.0' }, after: { version: '1.1.0' } });
  });
});

describe('publish', () => {
  it('stores the new build with its descriptor, keeps the current one for rollback, and records it', async () => {
    const url = cdn.build('/items/1.4.0', descriptorOf('mf-items', '1.4.0', 'Items and stock'));
    const remote = await publishRemote(db(), 'mf-items', url, '1.4.0', 'asha@ops');
    expect(remote).toMatchObject({
      name: 'mf_items',
      manifestUrl: url,
      version: '1.4.0',
      title: 'Items and stock',
      previous: { manifestUrl: LOCAL_ITEMS, version: '1.0.0', title: 'Items' },
    });
    const last = await lastHistory('mf_items');
    expect(last).toMatchObject({ action: 'publish', actor: 'asha@ops', before: { version: '1.0.0', manifestUrl: LOCAL_ITEMS } });
    expect(last.after).toEqual(expect.objectContaining({ version: '1.4.0', manifestUrl: url, title: 'Items and stock' }));
    // A restart with a local build never undoes the deploy.
    expect(await registerLocalRemote(db(), descriptorOf('mf-items', '1.0.1'), LOCAL_ITEMS)).toBe('kept');
    expect((await listRemotes(db())).find((r) => r.name === 'mf_items')?.version).toBe('1.4.0');
  });

  it('registers a remote of this product that is not registered yet, switched on', async () => {
    const url = cdn.build('/branches/2.0.0', descriptorOf('mf-branches', '2.0.0'));
    const remote = await publishRemote(db(), 'mf_branches', url, '2.0.0', 'ops');
    expect(remote).toMatchObject({ name: 'mf_branches', folder: 'mf-branches', flag: { mode: 'on' }, previous: null });
    expect(await lastHistory('mf-branches')).toMatchObject({ action: 'publish', before: null });
  });

  it('publishing the same build again keeps what a rollback returns to', async () => {
    const url = cdn.build('/items/1.5.0', descriptorOf('mf-items', '1.5.0'));
    await publishRemote(db(), 'mf-items', url, '1.5.0', 'ops');
    const again = await publishRemote(db(), 'mf-items', url, '1.5.0', 'ops');
    expect(again.previous).toMatchObject({ manifestUrl: LOCAL_ITEMS, version: '1.0.0' });
  });

  it('refuses bad input and changes nothing', async () => {
    const good = cdn.build('/items/ok', descriptorOf('mf-items', '9.0.0'));
    await refused(publishRemote(db(), 'mf-nothing', good, '1.0.0', 'ops'), 404, /no remote named "mf-nothing".*Known remotes: .*mf_items/);
    await refused(publishRemote(db(), 'mf-items', 'not a url', '1.0.0', 'ops'), 400, /"not a url" is not a valid URL/);
    await refused(publishRemote(db(), 'mf-items', 'file:///etc/passwd', '1.0.0', 'ops'), 400, /must start with http/);
    await refused(publishRemote(db(), 'mf-items', good, '  ', 'ops'), 400, /version/);
    await refused(publishRemote(db(), 'mf-items', `${cdn.base}/gone/mf-manifest.json`, '1.0.0', 'ops'), 422, /manifest .* answered HTTP 404/);
    await refused(publishRemote(db(), 'mf-items', 'http://127.0.0.1:9/mf-manifest.json', '1.0.0', 'ops'), 422, /Could not fetch the manifest/);

    cdn.put('/html/mf-manifest.json', '<html>');
    await refused(publishRemote(db(), 'mf-items', `${cdn.base}/html/mf-manifest.json`, '1.0.0', 'ops'), 422, /is not JSON/);

    cdn.put('/nodesc/mf-manifest.json', {});
    await refused(publishRemote(db(), 'mf-items', `${cdn.base}/nodesc/mf-manifest.json`, '1.0.0', 'ops'), 422, /remote descriptor .*bahi-remote.json answered HTTP 404/);

    cdn.put('/baddesc/mf-manifest.json', {});
    cdn.put('/baddesc/bahi-remote.json', { name: 'mf_items', folder: 'mf-items', version: '1', title: 'Items', routes: [] });
    await refused(publishRemote(db(), 'mf-items', `${cdn.base}/baddesc/mf-manifest.json`, '1.0.0', 'ops'), 422, /not a valid remote descriptor/);

    const sales = cdn.build('/sales/1.0.0', descriptorOf('mf-sales'));
    await refused(publishRemote(db(), 'mf-items', sales, '1.0.0', 'ops'), 422, /describes the remote mf_sales, not mf_items/);
  });

  it("accepts the path of the build the server serves itself, checked on disk", async () => {
    const appsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-apps-'));
    try {
      const dist = path.join(appsRoot, 'mf-items', 'dist');
      fs.mkdirSync(dist, { recursive: true });
      fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
      fs.writeFileSync(path.join(dist, 'bahi-remote.json'), JSON.stringify(descriptorOf('mf-items', '1.0.0', 'Items')));
      await publishRemote(db(), 'mf-items', cdn.build('/items/3.0.0', descriptorOf('mf-items', '3.0.0')), '3.0.0', 'ops');

      const back = await publishRemote(db(), 'mf-items', LOCAL_ITEMS, '1.0.0', 'ops', { appsRoot });
      expect(back).toMatchObject({ manifestUrl: LOCAL_ITEMS, version: '1.0.0', title: 'Items', previous: { version: '3.0.0' } });

      await refused(publishRemote(db(), 'mf-items', LOCAL_ITEMS, '1.0.0', 'ops'), 400, /full http\(s\) URL/);
      await refused(publishRemote(db(), 'mf-items', '/remotes/mf-sales/mf-manifest.json', '1.0.0', 'ops', { appsRoot }), 400, /the only path accepted is \/remotes\/mf-items\/mf-manifest.json/);
      await refused(publishRemote(db(), 'mf-sales', '/remotes/mf-sales/mf-manifest.json', '1.0.0', 'ops', { appsRoot }), 422, /There is no manifest at .*build the remote first/);
    } finally {
      fs.rmSync(appsRoot, { recursive: true, force: true });
    }
  });

  it('gives up on a manifest server that does not answer', async () => {
    const hanging = await import('node:http').then(({ createServer }) => createServer(() => undefined));
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    const port = (hanging.address() as { port: number }).port;
    try {
      await refused(
        publishRemote(db(), 'mf-items', `http://127.0.0.1:${port}/mf-manifest.json`, '1.0.0', 'ops', { timeoutMs: 300 }),
        422,
        /no answer in time/,
      );
    } finally {
      hanging.closeAllConnections();
      hanging.close();
    }
  });
});

describe('rollback', () => {
  it('swaps back the URL, version and descriptor, and forward again', async () => {
    const url = cdn.build('/items/2.0.0', {
      ...descriptorOf('mf-items', '2.0.0', 'Inventory'),
      routes: ['/inventory'],
      nav: [{ path: '/inventory', label: 'Inventory', icon: 'AppstoreOutlined', order: 5 }],
    });
    await publishRemote(db(), 'mf-items', url, '2.0.0', 'ops');

    const back = await rollbackRemote(db(), 'mf_items', 'oncall');
    const original = descriptorOf('mf-items', '1.0.0', 'Items');
    expect(back).toMatchObject({
      manifestUrl: LOCAL_ITEMS,
      version: '1.0.0',
      title: 'Items',
      routes: original.routes,
      nav: original.nav,
      previous: { manifestUrl: url, version: '2.0.0', title: 'Inventory', routes: ['/inventory'] },
    });
    expect(await lastHistory('mf_items')).toMatchObject({
      action: 'rollback',
      actor: 'oncall',
      before: { version: '2.0.0', manifestUrl: url },
      after: { version: '1.0.0', manifestUrl: LOCAL_ITEMS },
    });
    // What the shell receives follows at once.
    const { cookie } = await businessWithSession(h);
    const shell = (await get(h.app, '/api/shell/remotes', cookie)).json().data.remotes;
    expect(shell.find((r: { name: string }) => r.name === 'mf_items')).toMatchObject({ version: '1.0.0', manifestUrl: LOCAL_ITEMS, title: 'Items' });

    expect(await rollbackRemote(db(), 'mf-items', 'oncall')).toMatchObject({ version: '2.0.0', title: 'Inventory', routes: ['/inventory'] });
  });

  it('refuses a remote with nothing to roll back to', async () => {
    await refused(rollbackRemote(db(), 'mf-sales', 'ops'), 409, /mf_sales has no previously published build/);
    await refused(rollbackRemote(db(), 'mf-unknown', 'ops'), 404, /no remote named/);
  });
});

describe('flags', () => {
  it('enable, disable, enable-for, rollout and allow-override change the flag and record who did it', async () => {
    const biz = await businessWithSession(h);

    expect((await disableRemote(db(), 'mf-items', 'a')).flag).toEqual({ mode: 'off', businesses: [], percentage: null });
    expect(await lastHistory('mf_items')).toMatchObject({ action: 'disable', actor: 'a', before: { flag: { mode: 'on' } }, after: { flag: { mode: 'off' } } });

    expect((await enableRemote(db(), 'mf_items', 'b')).flag).toEqual({ mode: 'on', businesses: [], percentage: null });
    expect(await lastHistory('mf_items')).toMatchObject({ action: 'enable', actor: 'b', after: { flag: { mode: 'on' } } });

    expect((await enableRemoteFor(db(), 'mf-items', [biz.id, biz.id.toUpperCase()], 'c')).flag).toEqual({
      mode: 'businesses',
      businesses: [biz.id],
      percentage: null,
    });
    expect(await lastHistory('mf_items')).toMatchObject({ action: 'enable-for', after: { flag: { businesses: [biz.id] } } });

    expect((await rolloutRemote(db(), 'mf-items', 30, 'd')).flag).toEqual({ mode: 'percentage', businesses: [], percentage: 30 });
    expect(await lastHistory('mf_items')).toMatchObject({ action: 'rollout', after: { flag: { mode: 'percentage', percentage: 30 } } });

    expect((await allowRemoteOverride(db(), 'mf-items', true, 'e')).overridable).toBe(true);
    expect(await lastHistory('mf_items')).toMatchObject({ action: 'allow-override', before: { overridable: false }, after: { overridable: true } });
    expect((await allowRemoteOverride(db(), 'mf-items', false, 'e')).overridable).toBe(false);

    const actions = (await remoteHistory(db(), 'mf-items')).map((e) => e.action);
    expect(actions).toEqual(['allow-override', 'allow-override', 'rollout', 'enable-for', 'enable', 'disable', 'sync']);
  });

  it('refuses bad input and changes nothing', async () => {
    await refused(enableRemote(db(), 'mf-nothing', 'ops'), 404, /no remote named "mf-nothing"/);
    await refused(disableRemote(db(), 'mf-parties', 'ops'), 404, /mf_parties is not registered yet/);
    await refused(rolloutRemote(db(), 'mf-items', 101, 'ops'), 400, /whole number from 0 to 100/);
    await refused(rolloutRemote(db(), 'mf-items', -1, 'ops'), 400, /whole number from 0 to 100/);
    await refused(rolloutRemote(db(), 'mf-items', 12.5, 'ops'), 400, /whole number from 0 to 100/);
    await refused(rolloutRemote(db(), 'mf-items', 'half', 'ops'), 400, /whole number from 0 to 100/);
    await refused(enableRemoteFor(db(), 'mf-items', [], 'ops'), 400, /at least one business/);
    await refused(enableRemoteFor(db(), 'mf-items', ['not-a-uuid'], 'ops'), 400, /Not a business id .*not-a-uuid/);
    const ghost = randomUUID();
    const real = await businessWithSession(h);
    await refused(enableRemoteFor(db(), 'mf-items', [real.id, ghost], 'ops'), 422, new RegExp(`No business has the id ${ghost}`));
    await expect(remoteHistory(db(), 'mf-nothing')).rejects.toThrow(/no remote named/);
  });
});

describe('override origins', () => {
  it('are set as a list of whole origins, recorded, and handed to the shell only while overrides are allowed', async () => {
    const biz = await businessWithSession(h);
    const set = await setOverrideOrigins(db(), 'mf-items', ['https://QA.example.com/', 'http://127.0.0.1:9301', 'https://qa.example.com'], 'ops');
    expect(set.overrideOrigins).toEqual(['http://127.0.0.1:9301', 'https://qa.example.com']);
    expect(await lastHistory('mf_items')).toMatchObject({
      action: 'override-origins',
      actor: 'ops',
      before: { overrideOrigins: [] },
      after: { overrideOrigins: ['http://127.0.0.1:9301', 'https://qa.example.com'] },
    });
    const shellEntry = async () =>
      ((await get(h.app, '/api/shell/remotes', biz.cookie)).json().data.remotes as { name: string; overrideOrigins: string[] }[]).find(
        (r) => r.name === 'mf_items',
      );
    expect((await shellEntry())?.overrideOrigins).toEqual([]);
    await allowRemoteOverride(db(), 'mf-items', true, 'ops');
    expect((await shellEntry())?.overrideOrigins).toEqual(['http://127.0.0.1:9301', 'https://qa.example.com']);
    expect((await get(h.app, '/api/shell/remotes', biz.cookie)).json().data.overrideHours).toBe(4);
    await allowRemoteOverride(db(), 'mf-items', false, 'ops');
    expect((await setOverrideOrigins(db(), 'mf-items', [], 'ops')).overrideOrigins).toEqual([]);
  });

  it('refuses anything but a plain http(s) origin, and changes nothing', async () => {
    for (const bad of ['qa.example.com', 'ftp://qa.example.com', 'https://qa.example.com/builds', 'https://qa.example.com?x=1', 'https://u:p@qa.example.com', 'https://*.example.com', 'javascript:alert(1)']) {
      await refused(setOverrideOrigins(db(), 'mf-items', [bad], 'ops'), 400, /origin/);
    }
    await refused(setOverrideOrigins(db(), 'mf-nothing', ['https://qa.example.com'], 'ops'), 404, /no remote named/);
  });
});

describe('GET /api/shell/remotes follows the flags per business at the next load', () => {
  const seen = async (cookie: string) => {
    const res = await get(h.app, '/api/shell/remotes', cookie);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { remotes: { name: string }[]; unavailable: { name: string }[] };
    return { on: data.remotes.map((r) => r.name), off: data.unavailable.map((r) => r.name) };
  };

  it('switches a remote off for one business only, and back on', async () => {
    const [a, b, c] = [await businessWithSession(h, 'A'), await businessWithSession(h, 'B'), await businessWithSession(h, 'C')];
    await enableRemoteFor(db(), 'mf-items', [b.id, c.id], 'ops');
    expect(await seen(a.cookie)).toEqual({ on: ['mf_sales'], off: ['mf_items'] });
    expect((await seen(b.cookie)).on).toContain('mf_items');
    expect((await seen(c.cookie)).on).toContain('mf_items');

    await disableRemote(db(), 'mf-sales', 'ops');
    expect((await seen(b.cookie)).off).toEqual(['mf_sales']);
    await enableRemote(db(), 'mf-items', 'ops');
    await enableRemote(db(), 'mf-sales', 'ops');
    expect((await seen(a.cookie)).on).toEqual(['mf_items', 'mf_sales']);
  });

  it('rolls out to about half of 200 businesses, the same half on every load', async () => {
    const many = [];
    for (let i = 0; i < 200; i++) many.push(await businessWithSession(h, `Shop ${i}`));
    await rolloutRemote(db(), 'mf-items', 50, 'ops');

    const firstLoad = new Map<string, boolean>();
    for (const biz of many) {
      const on = (await seen(biz.cookie)).on.includes('mf_items');
      expect(on).toBe(rolloutBucket(biz.id, 'mf_items') < 50);
      firstLoad.set(biz.id, on);
    }
    const share = [...firstLoad.values()].filter(Boolean).length;
    expect(share).toBeGreaterThan(70);
    expect(share).toBeLessThan(130);

    for (const biz of many.slice(0, 40)) expect((await seen(biz.cookie)).on.includes('mf_items')).toBe(firstLoad.get(biz.id));

    // Growing the rollout keeps every business that already had the remote.
    await rolloutRemote(db(), 'mf-items', 80, 'ops');
    for (const biz of many.slice(0, 60)) {
      if (firstLoad.get(biz.id)) expect((await seen(biz.cookie)).on).toContain('mf_items');
    }
  });
});

describe('names', () => {
  it('accepts the container name and the folder alike', async () => {
    await disableRemote(db(), 'mf-sales', 'ops');
    await enableRemote(db(), 'mf_sales', 'ops');
    const [row] = await db().select().from(remoteRegistry).where(eq(remoteRegistry.name, 'mf_sales'));
    expect(row.flagMode).toBe('on');
    expect((await remoteHistory(db(), 'mf-sales')).map((e) => e.action)).toEqual(['enable', 'disable', 'sync']);
  });
});
