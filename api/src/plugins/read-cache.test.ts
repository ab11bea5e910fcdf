import { sql } from 'drizzle-orm';
import { CHANGE_CHANNEL } from '../services/read-cache';
import { hashToken } from '../services/auth/sessions';
import { createHarness, eventually, get, signUp, write, SETUP_TIMEOUT_MS, type Harness, type SignedUp } from '../test/harness';
import { documentFixtures } from '../test/documents';
import { instancesOf, type Instances } from '../test/instances';
import { selectRows } from '../db/rows';

/**
 * The read cache (services/read-cache.ts) on a real database: repeated list reads come from memory, and nothing
 * a committed write changed is served after it: at once for writes this process answered, as soon as the
 * change feed's notification arrives for writes made elsewhere (another instance, psql).
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
let h: Harness;
let a: SignedUp;
let b: SignedUp;

beforeAll(async () => {
  h = await createHarness();
  a = await signUp(h, { businessName: 'Cached Alpha' });
  b = await signUp(h, { businessName: 'Cached Beta' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const businessOf = (who: SignedUp) => who.profile.user.business.id;
const PARTIES = '/api/party/parties?page=1&pageSize=50';
const partyNames = async (who: SignedUp, app = h.app) => {
  const res = await get(app, PARTIES, who.cookie);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { name: string }[]).map((p) => p.name);
};
const createParty = async (who: SignedUp, name: string) => {
  const res = await write(h.app, 'POST', '/api/party/create', { name, partyType: 'CUSTOMER' }, { cookie: who.cookie });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as string;
};

describe('the read cache on a real database', () => {
  it('answers a repeated list read from memory, and no write that bypasses the change feed reaches it', async () => {
    const id = await createParty(a, 'Mehta Traders');
    expect(await partyNames(a)).toEqual(['Mehta Traders']);
    expect(h.app.readCache.enabled).toBe(true);
    // A change with the triggers switched off (as only a superuser can) sends no notification: the answer kept
    // in memory is what the next read gets, which proves it came from there...
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update parties set name = 'Renamed quietly' where id = ${id}`);
    });
    expect(await partyNames(a)).toEqual(['Mehta Traders']);
    // ... and any write that goes through the change feed drops it.
    await h.database.db.execute(sql`update parties set name = 'Renamed by psql' where id = ${id}`);
    await eventually(async () => expect(await partyNames(a)).toEqual(['Renamed by psql']));
  });

  it('answers from memory with the same body and headers as from the database', async () => {
    const url = '/api/store-branch/branches';
    h.app.readCache.wrote(businessOf(a));
    const fresh = await get(h.app, url, a.cookie);
    const kept = await get(h.app, url, a.cookie);
    expect(kept.body).toBe(fresh.body);
    for (const header of ['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy']) {
      expect([header, kept.headers[header]]).toEqual([header, fresh.headers[header]]);
    }
    expect(kept.headers['content-type']).toMatch(/^application\/json/);
  });

  it('shows a write this process answered in the very next read', async () => {
    expect(await partyNames(a)).toContain('Renamed by psql');
    await createParty(a, 'Kaveri Suppliers');
    expect(await partyNames(a)).toEqual(['Kaveri Suppliers', 'Renamed by psql']);
    const [party] = await selectRows<{ id: string }>(h.database.db, sql`select id from parties where name = 'Kaveri Suppliers'`);
    const renamed = await write(h.app, 'PUT', `/api/party/update-party/${party.id}`, { name: 'Kaveri Agencies', partyType: 'CUSTOMER' }, { cookie: a.cookie });
    expect([renamed.statusCode, renamed.body]).toEqual([200, expect.any(String)]);
    expect(await partyNames(a)).toEqual(['Kaveri Agencies', 'Renamed by psql']);
  });

  it('keeps each business’s answer to itself, for the same URL', async () => {
    await createParty(b, 'Only Beta');
    expect(await partyNames(b)).toEqual(['Only Beta']);
    expect(await partyNames(a)).toEqual(['Kaveri Agencies', 'Renamed by psql']);
    expect(await partyNames(b)).toEqual(['Only Beta']);
  });

  it('refuses a session at once after its logout, and soon after it is deleted elsewhere', async () => {
    const other = await signUp(h, { businessName: 'Cached Gamma' });
    expect((await get(h.app, PARTIES, other.cookie)).statusCode).toBe(200);
    const logout = await write(h.app, 'POST', '/api/auth/logout', {}, { cookie: other.cookie });
    expect(logout.statusCode).toBe(200);
    expect((await get(h.app, PARTIES, other.cookie)).statusCode).toBe(401);

    const again = await signUp(h, { businessName: 'Cached Delta' });
    expect((await get(h.app, PARTIES, again.cookie)).statusCode).toBe(200);
    const token = decodeURIComponent(again.cookie.split('=')[1]);
    await h.database.db.execute(sql`delete from sessions where id = ${hashToken(token)}`);
    await eventually(async () => expect((await get(h.app, PARTIES, again.cookie)).statusCode).toBe(401));
  });

  it('keeps the document lists too: a sale recorded shows in the next read, a change bypassing the feed does not', async () => {
    const c = await signUp(h, { businessName: 'Cached Gamma', stateCode: '27' });
    const documents = documentFixtures(h, h.app);
    const visit = await documents.item(c, { type: 'SERVICE', price: '100' });
    const numbers = async () => {
      const res = await documents.invoices(c, '?page=1');
      expect(res.statusCode).toBe(200);
      return (res.json().data as { invoiceNumber: string }[]).map((i) => i.invoiceNumber);
    };
    expect(await numbers()).toEqual([]);
    const sale = await documents.invoice(c, { lines: [{ itemId: visit.id, quantity: 1 }] });
    expect(await numbers()).toEqual([sale.invoiceNumber]);
    await h.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update sale_invoices set invoice_number = 'QUIET/1' where id = ${sale.id}`);
    });
    expect(await numbers()).toEqual([sale.invoiceNumber]);
    await h.database.db.execute(sql`update sale_invoices set invoice_number = 'FEED/1' where id = ${sale.id}`);
    await eventually(async () => expect(await numbers()).toEqual(['FEED/1']));
    // The other document lists are kept as well: each read stores one answer.
    for (const url of ['/api/purchase/purchase-invoices?page=1', '/api/quotation/quotation-estimation-invoices?page=1', '/api/payment/payments?direction=IN', '/api/expense/expenses?page=1']) {
      const before = h.app.readCache.stats.responses;
      expect((await get(h.app, url, c.cookie)).statusCode).toBe(200);
      expect([url, h.app.readCache.stats.responses]).toEqual([url, before + 1]);
    }
  });

  it('has every table with a business_id send its changes (a new table must add the triggers of migration 0023)', async () => {
    const missing = await selectRows<{ table_name: string; event: string }>(
      h.database.db,
      sql`select c.table_name, e.event
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          cross join (values ('insert'), ('update'), ('delete'), ('truncate')) as e(event)
          -- list_counts and audit_events are written only by triggers of tables that notify already.
          where c.table_schema = 'public' and c.column_name = 'business_id' and c.table_name not in ('list_counts', 'audit_events')
            and not exists (select 1 from pg_trigger g where g.tgrelid = ('public.' || c.table_name)::regclass
                            and g.tgname = c.table_name || '_notify_' || e.event)
          order by 1, 2`,
    );
    expect(missing).toEqual([]);
  });

  it('notifies once per business and transaction, when it commits, and never for one rolled back', async () => {
    const heard: string[] = [];
    const stop = await h.database.listen(CHANGE_CHANNEL, (payload) => heard.push(payload), () => undefined);
    try {
      await h.database.db.transaction(async (tx) => {
        await tx.execute(sql`update parties set name = name where business_id = ${businessOf(a)}`);
        await tx.execute(sql`update parties set name = name where business_id = ${businessOf(a)}`);
      });
      await h.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`update parties set name = name where business_id = ${businessOf(b)}`);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      await h.database.db.execute(sql`update units set name = name where false`);
      // TRUNCATE names no rows: everything cached goes. (An empty table of this test's own database.)
      await h.database.db.execute(sql`truncate automated_bill_runs`);
      await h.database.db.execute(sql`update store_branches set name = name where business_id = ${businessOf(b)}`);
      // Notifications arrive in commit order: once Beta's branch change is heard, all before it have been.
      await eventually(async () => expect(heard).toContain(`data:${businessOf(b)}`));
      expect(heard).toEqual([`data:${businessOf(a)}`, 'data:*', 'data:*', `data:${businessOf(b)}`]);
    } finally {
      await stop();
    }
  });
});

(onPostgres ? describe : describe.skip)('the read cache across API instances (PostgreSQL)', () => {
  let instances: Instances;
  beforeAll(() => {
    instances = instancesOf(h);
  });
  afterAll(() => instances.close());

  it('shows a write answered by one instance in the other’s next read once notified', async () => {
    const [one, two] = [await instances.open(), await instances.open()];
    await Promise.all([one.ready(), two.ready()]);
    await eventually(async () => expect(one.readCache.enabled && two.readCache.enabled).toBe(true));
    const before = await partyNames(a, two);
    const created = await write(one, 'POST', '/api/party/create', { name: 'Across Instances', partyType: 'SUPPLIER' }, { cookie: a.cookie });
    expect(created.statusCode).toBe(201);
    expect(await partyNames(a, one)).toContain('Across Instances');
    await eventually(async () => expect(await partyNames(a, two)).toEqual([...before, 'Across Instances'].sort((x, y) => x.localeCompare(y))));
  });

  it('serves nothing from memory while the change feed is lost, and caches again once it listens again', async () => {
    const app = await instances.open();
    await app.ready();
    await eventually(async () => expect(app.readCache.enabled).toBe(true));
    await partyNames(a, app);
    expect(app.readCache.stats.responses).toBeGreaterThan(0);
    const [{ name }] = await selectRows<{ name: string }>(h.database.db, sql`select current_database() as name`);
    // Every LISTEN connection on this database: the other instances' ones come back the same way.
    await h.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name} and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
    );
    // Lost, then listening again: either way everything kept before is gone.
    await eventually(async () => expect(app.readCache.stats.responses).toBe(0));
    await eventually(async () => expect(app.readCache.enabled).toBe(true));
    const id = await createParty(b, 'After The Loss');
    expect(id).toBeTruthy();
    await eventually(async () => expect(await partyNames(b, app)).toContain('After The Loss'));
  });
});
