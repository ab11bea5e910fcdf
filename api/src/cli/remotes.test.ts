import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import { buildApp } from '../app';
import { REPO_ROOT } from '../config';
import { LOCK_FILE } from '../db/lock';
import { remoteRegistry, remoteRegistryHistory } from '../db/schema';
import { ensureOperatorTokenFile } from '../services/registry';
import { registerLocalRemote } from '../services/registry/local';
import { businessWithSession, descriptorOf, startRemoteServer, type RemoteServer } from '../services/registry/testing';
import { createHarness, get, testConfig, SETUP_TIMEOUT_MS, type Harness } from '../test/harness';
import { runRemotesCli } from './remotes';

const TOKEN = 'cli-test-operator-token-0123456789abcdef';

let h: Harness;
let cdn: RemoteServer;
let tmp: string;
beforeAll(async () => {
  h = await createHarness({ OPERATOR_TOKEN: TOKEN });
  cdn = await startRemoteServer();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-remotes-cli-'));
}, SETUP_TIMEOUT_MS);
afterAll(async () => {
  await cdn.close();
  await h.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

interface CliRun {
  code: number;
  out: string;
  err: string;
}

async function cli(env: Record<string, string>, ...argv: string[]): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await runRemotesCli(argv, { env, out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}

async function listening(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

const freshDir = (name: string) => fs.mkdtempSync(path.join(tmp, `${name}-`));

describe('against a running server', () => {
  let port: number;
  let env: Record<string, string>;
  beforeAll(async () => {
    port = await listening(h.app);
    env = { PORT: String(port), OPERATOR_TOKEN: TOKEN, DATA_DIR: freshDir('server'), USER: 'asha' };
  });
  beforeEach(async () => {
    await h.database.db.delete(remoteRegistry);
    await h.database.db.delete(remoteRegistryHistory);
    await registerLocalRemote(h.database.db, descriptorOf('mf-items', '1.0.0', 'Items'), '/remotes/mf-items/mf-manifest.json');
    await registerLocalRemote(h.database.db, descriptorOf('mf-sales', '1.0.0', 'Sales'), '/remotes/mf-sales/mf-manifest.json');
  });

  it('lists the remotes as an aligned table', async () => {
    const run = await cli(env, 'list');
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out.split('\n')).toEqual([
      'NAME      VERSION  FLAG  OVERRIDABLE  URL',
      'mf_items  1.0.0    on    no           /remotes/mf-items/mf-manifest.json',
      'mf_sales  1.0.0    on    no           /remotes/mf-sales/mf-manifest.json',
      '',
    ]);
    const json = await cli(env, 'list', '--json');
    expect(JSON.parse(json.out).map((r: { name: string }) => r.name)).toEqual(['mf_items', 'mf_sales']);
  });

  it('applies every command through the admin API, records who did it, and the shell sees it at once', async () => {
    const biz = await businessWithSession(h);
    const other = await businessWithSession(h);
    const url = cdn.build('/items/2.0.0-rc', descriptorOf('mf-items', '2.0.0-rc', 'Items'));
    const shellSees = async (cookie: string) => {
      const data = (await get(h.app, '/api/shell/remotes', cookie)).json().data as { remotes: { name: string; version: string }[] };
      return Object.fromEntries(data.remotes.map((r) => [r.name, r.version]));
    };

    const publish = await cli(env, 'publish', 'mf-items', url, '2.0.0-rc', '--by', 'release-bot');
    expect({ code: publish.code, err: publish.code ? publish.err : '' }).toEqual({ code: 0, err: '' });
    expect(publish.out).toMatch(/^Published mf_items 2\.0\.0-rc .*rollback returns to 1\.0\.0\. Takes effect at the next shell load\./);
    expect(publish.out).toContain(`mf_items  2.0.0-rc  on    no           ${url}`);
    expect(await shellSees(biz.cookie)).toEqual({ mf_items: '2.0.0-rc', mf_sales: '1.0.0' });

    expect((await cli(env, 'enable-for', 'mf-items', biz.id)).out).toContain(`mf_items is on only for 1 business: ${biz.id}.`);
    expect(await shellSees(biz.cookie)).toHaveProperty('mf_items');
    expect(await shellSees(other.cookie)).not.toHaveProperty('mf_items');

    expect((await cli(env, 'rollout', 'mf_items', '100')).out).toContain('mf_items is on for 100% of businesses');
    expect(await shellSees(other.cookie)).toHaveProperty('mf_items');
    expect((await cli(env, 'disable', 'mf-sales')).out).toContain('mf_sales is off for every business.');
    expect(await shellSees(other.cookie)).not.toHaveProperty('mf_sales');
    expect((await cli(env, 'enable', 'mf-sales')).code).toBe(0);
    expect((await cli(env, 'allow-override', 'mf-items', 'on')).out).toContain(
      'Per-browser overrides of mf_items are allowed, but no origin is allowed yet (remotes override-origins).',
    );
    expect((await cli(env, 'override-origins', 'mf-items', 'http://127.0.0.1:9301', 'https://qa.example.com')).out).toContain(
      'Overrides of mf_items may load only from http://127.0.0.1:9301, https://qa.example.com.',
    );
    const badOrigin = await cli(env, 'override-origins', 'mf-items', 'https://qa.example.com/builds');
    expect(badOrigin.code).toBe(1);
    expect(badOrigin.err).toMatch(/^remotes: "https:\/\/qa\.example\.com\/builds" is not an origin/);

    const rollback = await cli(env, 'rollback', 'mf-items', '--json');
    expect(JSON.parse(rollback.out)).toMatchObject({ name: 'mf_items', version: '1.0.0', previous: { version: '2.0.0-rc', manifestUrl: url } });
    expect(await shellSees(biz.cookie)).toEqual({ mf_items: '1.0.0', mf_sales: '1.0.0' });

    const history = await cli(env, 'history', 'mf-items');
    expect(history.code).toBe(0);
    const lines = history.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^AT +ACTOR +ACTION +CHANGE$/);
    expect(lines.slice(1).map((l) => l.split(/ {2,}/).slice(1, 3))).toEqual([
      ['asha@' + os.hostname(), 'rollback'],
      ['asha@' + os.hostname(), 'override-origins'],
      ['asha@' + os.hostname(), 'allow-override'],
      ['asha@' + os.hostname(), 'rollout'],
      ['asha@' + os.hostname(), 'enable-for'],
      ['release-bot', 'publish'],
      ['server start (local build)', 'sync'],
    ]);
    expect(lines[1]).toContain(`version 2.0.0-rc -> 1.0.0; url ${url} -> /remotes/mf-items/mf-manifest.json`);
    expect(lines[2]).toContain("override origins none -> http://127.0.0.1:9301, https://qa.example.com");
    expect(lines[4]).toContain(`flag on for ${biz.id} -> 100%`);

    const json = JSON.parse((await cli(env, 'history', 'mf_items', '--json')).out);
    expect(json[0]).toMatchObject({ action: 'rollback', before: { version: '2.0.0-rc' }, after: { version: '1.0.0' } });
  });

  it('refuses bad input with exit code 1 and the reason on stderr, changing nothing', async () => {
    const before = (await cli(env, 'list', '--json')).out;
    const cases: [string[], RegExp][] = [
      [['rollout', 'mf-items', '150'], /whole number from 0 to 100 \(got "150"\)/],
      [['rollout', 'mf-items', '-5'], /whole number from 0 to 100/],
      [['enable', 'mf-nothing'], /no remote named "mf-nothing"/],
      [['publish', 'mf-items', 'not-a-url', '1.0.0'], /"not-a-url" is not a valid URL/],
      [['publish', 'mf-items', `${cdn.base}/missing/mf-manifest.json`, '1.0.0'], /answered HTTP 404/],
      [['enable-for', 'mf-items', '00000000-0000-4000-8000-000000000000'], /No business has the id/],
      [['allow-override', 'mf-items', 'maybe'], /takes on or off/],
      [['rollback', 'mf-sales'], /no previously published build/],
      [['publish', 'mf-items'], /Usage: remotes publish <name> <manifestUrl> <version>/],
      [['fly', 'mf-items'], /Unknown command "fly"/],
      [['list', '--verbose'], /Unknown option --verbose/],
      [[], /Name a command/],
    ];
    for (const [argv, message] of cases) {
      const run = await cli(env, ...argv);
      expect({ argv, code: run.code, out: run.out }).toEqual({ argv, code: 1, out: '' });
      expect(run.err).toMatch(/^remotes: /);
      expect(run.err).toMatch(message);
    }
    expect((await cli(env, 'list', '--json')).out).toBe(before);
  });

  it('prints its usage with --help', async () => {
    const run = await cli(env, '--help');
    expect(run.code).toBe(0);
    for (const command of ['list', 'publish', 'rollback', 'enable', 'disable', 'enable-for', 'rollout', 'allow-override', 'history']) {
      expect(run.out).toContain(`  ${command} `);
    }
  });

  it('takes --api and --by, and reads the token from <DATA_DIR>/operator-token', async () => {
    const dataDir = freshDir('token');
    const { token } = ensureOperatorTokenFile(dataDir);
    expect(fs.statSync(path.join(dataDir, 'operator-token')).mode & 0o777).toBe(0o600);
    expect(ensureOperatorTokenFile(dataDir).token).toBe(token);
    const app = await buildApp({ config: testConfig(), db: h.database.db, operatorToken: token, logger: false });
    try {
      const appPort = await listening(app);
      const run = await cli({ DATA_DIR: dataDir, PORT: '1' }, 'disable', 'mf-items', '--api', `http://127.0.0.1:${appPort}`, '--by=ops-team');
      expect(run).toMatchObject({ code: 0, err: '' });
      const [last] = JSON.parse((await cli(env, 'history', 'mf-items', '--json')).out);
      expect(last).toMatchObject({ action: 'disable', actor: 'ops-team' });

      const wrong = await cli({ DATA_DIR: dataDir, PORT: String(port) }, 'enable', 'mf-items');
      expect(wrong.code).toBe(1);
      expect(wrong.err).toContain(`The operator token is not valid. The CLI sent the token from ${path.join(dataDir, 'operator-token')}.`);

      const none = await cli({ DATA_DIR: freshDir('none'), PORT: String(port) }, 'list');
      expect(none.code).toBe(1);
      expect(none.err).toMatch(/no operator token: set OPERATOR_TOKEN/);
    } finally {
      await app.close();
    }
  });

  it('runs as a command, the way operators and the e2e suite call it', async () => {
    const url = cdn.build('/branches/0.2.0-candidate', descriptorOf('mf-branches', '0.2.0-candidate'));
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'),
        ['api/src/cli/remotes.ts', 'publish', 'mf-branches', url, '0.2.0-candidate', '--by', 'e2e'],
        { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
      );
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Published mf_branches 0.2.0-candidate');
    const [last] = JSON.parse((await cli(env, 'history', 'mf-branches', '--json')).out);
    expect(last).toMatchObject({ action: 'publish', actor: 'e2e', after: { version: '0.2.0-candidate', manifestUrl: url } });
  }, 60_000);
});

describe('without a server: straight on the database', () => {
  it('opens PGlite in DATA_DIR, applies the same commands, and releases the directory', async () => {
    const dataDir = freshDir('direct');
    const env = { DATA_DIR: dataDir, PORT: String(await closedPort()), USER: 'night-ops' };
    const url = cdn.build('/parties/3.0.0', descriptorOf('mf-parties', '3.0.0', 'Parties'));

    const publish = await cli(env, 'publish', 'mf-parties', url, '3.0.0');
    expect({ code: publish.code, err: publish.code ? publish.err : '' }).toEqual({ code: 0, err: '' });
    expect(publish.err).toContain(`No Bahi API answers at http://localhost:${env.PORT}; working on PGlite in ${path.join(dataDir, 'pgdata')} directly.`);
    expect(publish.out).toContain('Published mf_parties 3.0.0');

    expect((await cli(env, 'rollout', 'mf-parties', '50')).code).toBe(0);
    expect((await cli(env, 'rollout', 'mf-parties', '500')).code).toBe(1);
    const list = JSON.parse((await cli(env, 'list', '--json')).out);
    expect(list).toEqual([expect.objectContaining({ name: 'mf_parties', version: '3.0.0', flag: { mode: 'percentage', businesses: [], percentage: 50 } })]);
    const history = JSON.parse((await cli(env, 'history', 'mf-parties', '--json')).out);
    expect(history.map((e: { action: string; actor: string }) => `${e.action} by ${e.actor}`)).toEqual([
      `rollout by night-ops@${os.hostname()}`,
      `publish by night-ops@${os.hostname()}`,
    ]);
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  }, 60_000);

  it('refuses clearly when another process holds the data directory', async () => {
    const dataDir = freshDir('locked');
    // The parent of this test process is alive and is not this process: the lock is someone else's.
    fs.writeFileSync(path.join(dataDir, LOCK_FILE), `${process.ppid}\n`);
    const env = { DATA_DIR: dataDir, PORT: String(await closedPort()) };
    const run = await cli(env, 'disable', 'mf-items');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(new RegExp(`No Bahi API answers at http://localhost:${env.PORT} .*another process \\(pid ${process.ppid}\\) holds the data directory`));
    expect(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('does not fall back to a local database when a remote --api is down', async () => {
    const run = await cli({ DATA_DIR: freshDir('remote') }, 'list', '--api', 'http://bahi.invalid:8080');
    expect(run.code).toBe(1);
    expect(run.err).toMatch(/No Bahi API answers at http:\/\/bahi\.invalid:8080/);
  });

  const pgUrl = process.env.DATABASE_URL;
  (pgUrl ? it : it.skip)('uses PostgreSQL when DATABASE_URL is set', async () => {
    const name = `bahi_test_cli_${randomBytes(5).toString('hex')}`;
    const admin = new Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(pgUrl!);
      url.pathname = `/${name}`;
      const env = { DATABASE_URL: url.toString(), DATA_DIR: freshDir('pg'), PORT: String(await closedPort()) };
      const manifest = cdn.build('/reports/1.2.0', descriptorOf('mf-reports', '1.2.0'));
      const run = await cli(env, 'publish', 'mf-reports', manifest, '1.2.0');
      expect(run.code).toBe(0);
      expect(run.err).toContain('working on PostgreSQL');
      expect((await cli(env, 'disable', 'mf-reports')).code).toBe(0);
      expect(JSON.parse((await cli(env, 'list', '--json')).out)).toEqual([expect.objectContaining({ name: 'mf_reports', flag: expect.objectContaining({ mode: 'off' }) })]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 60_000);
});
