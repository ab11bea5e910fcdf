import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { remoteRegistry } from '../../db/schema';
import { createHarness, get, signUp, SETUP_TIMEOUT_MS, type Harness, type SignedUp } from '../../test/harness';
import { rolloutBucket } from './flags';
import { remoteHistory } from './operations';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
beforeAll(async () => {
  h = await createHarness();
  a = await signUp(h, { businessName: 'Alpha' });
  b = await signUp(h, { businessName: 'Beta' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const descriptor = (folder: string, version = '1.0.0') => ({
  name: folder.replace('-', '_'),
  folder,
  version,
  title: folder.slice(3),
  routes: [`/${folder.slice(3)}`],
  nav: [{ path: `/${folder.slice(3)}`, label: folder.slice(3), icon: 'AppstoreOutlined', order: 10 }],
});

async function putRemote(folder: string, flag: Partial<typeof remoteRegistry.$inferInsert>) {
  const d = descriptor(folder);
  const row = { ...d, manifestUrl: `https://cdn.example/${folder}/mf-manifest.json`, ...flag };
  await h.database.db.insert(remoteRegistry).values(row).onConflictDoUpdate({ target: remoteRegistry.name, set: row });
}

async function remotesOf(who: SignedUp) {
  const res = await get(h.app, '/api/shell/remotes', who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data as { remotes: { name: string; manifestUrl: string }[]; unavailable: { name: string; title: string; routes: string[] }[] };
}

describe('GET /api/shell/remotes', () => {
  afterEach(async () => {
    await h.database.db.delete(remoteRegistry);
  });

  it('needs a session', async () => {
    expect((await get(h.app, '/api/shell/remotes')).statusCode).toBe(401);
  });

  it('answers the remotes that are on for the business, and the others as unavailable', async () => {
    await putRemote('mf-items', { flagMode: 'on', overridable: true, overrideOrigins: ['https://qa.example'] });
    await putRemote('mf-sales', { flagMode: 'off' });
    await putRemote('mf-parties', { flagMode: 'businesses', flagBusinesses: [a.profile.user.business.id] });

    const forA = await remotesOf(a);
    expect(forA.remotes.map((r) => r.name)).toEqual(['mf_items', 'mf_parties']);
    expect(forA.remotes[0]).toEqual({
      ...descriptor('mf-items'),
      manifestUrl: 'https://cdn.example/mf-items/mf-manifest.json',
      overridable: true,
      overrideOrigins: ['https://qa.example'],
    });
    expect(forA.unavailable).toEqual([{ name: 'mf_sales', title: 'sales', routes: ['/sales'] }]);

    const forB = await remotesOf(b);
    expect(forB.remotes.map((r) => r.name)).toEqual(['mf_items']);
    expect(forB.unavailable.map((r) => r.name)).toEqual(['mf_parties', 'mf_sales']);
  });

  it('rolls out to a stable share of businesses by percentage', async () => {
    const idA = a.profile.user.business.id;
    const idB = b.profile.user.business.id;
    await putRemote('mf-reports', { flagMode: 'percentage', flagPercentage: rolloutBucket(idA, 'mf_reports') + 1 });
    const seesIt = async (who: SignedUp) => (await remotesOf(who)).remotes.some((r) => r.name === 'mf_reports');
    expect(await seesIt(a)).toBe(true);
    const bExpected = rolloutBucket(idB, 'mf_reports') < rolloutBucket(idA, 'mf_reports') + 1;
    for (let i = 0; i < 3; i++) {
      expect(await seesIt(a)).toBe(true);
      expect(await seesIt(b)).toBe(bExpected);
    }
    await putRemote('mf-reports', { flagMode: 'percentage', flagPercentage: 0 });
    expect(await seesIt(a)).toBe(false);
    await putRemote('mf-reports', { flagMode: 'percentage', flagPercentage: 100 });
    expect((await seesIt(a)) && (await seesIt(b))).toBe(true);
  });

  it('spreads a 50 % rollout over about half of the businesses', () => {
    const on = Array.from({ length: 2000 }, () => randomUUID()).filter((id) => rolloutBucket(id, 'mf_sales') < 50).length;
    expect(on).toBeGreaterThan(850);
    expect(on).toBeLessThan(1150);
  });
});

describe('registering local builds at start', () => {
  let appsRoot: string;
  const writeBuild = (folder: string, version: string) => {
    const dist = path.join(appsRoot, folder, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'bahi-remote.json'), JSON.stringify(descriptor(folder, version)));
    fs.writeFileSync(path.join(dist, 'mf-manifest.json'), '{}');
  };
  const row = async (name: string) => (await h.database.db.select().from(remoteRegistry).where(eq(remoteRegistry.name, name)))[0];

  beforeAll(() => {
    appsRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-apps-'));
  });
  afterAll(() => fs.rmSync(appsRoot, { recursive: true, force: true }));

  it('registers each built remote at its local path, never over an operator-published URL', async () => {
    writeBuild('mf-items', '1.0.0');
    writeBuild('mf-sales', '1.0.0');
    await putRemote('mf-sales', { flagMode: 'off', version: '2.0.0' });

    await h.variant({ SERVE_APPS: '1', APPS_ROOT: appsRoot });
    expect(await row('mf_items')).toMatchObject({ manifestUrl: '/remotes/mf-items/mf-manifest.json', version: '1.0.0', flagMode: 'on' });
    expect(await row('mf_sales')).toMatchObject({ manifestUrl: 'https://cdn.example/mf-sales/mf-manifest.json', version: '2.0.0', flagMode: 'off' });
    expect(await row('mf_parties')).toBeUndefined();
    // Each registration is in the history; the kept row is not.
    expect((await remoteHistory(h.database.db, 'mf_items')).map((e) => [e.action, e.actor, e.after.version])).toEqual([
      ['sync', 'server start (local build)', '1.0.0'],
    ]);
    expect(await remoteHistory(h.database.db, 'mf_sales')).toEqual([]);

    // A rebuild is picked up at the next start; the flag an operator set stays.
    await h.database.db.update(remoteRegistry).set({ flagMode: 'off' }).where(eq(remoteRegistry.name, 'mf_items'));
    writeBuild('mf-items', '1.1.0');
    await h.variant({ SERVE_APPS: '1', APPS_ROOT: appsRoot });
    expect(await row('mf_items')).toMatchObject({ version: '1.1.0', flagMode: 'off' });
  });
});
