import type { AuditEvent, AuditVerification } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import { runAsActor } from '../db/actor';
import { selectRows } from '../db/rows';
import { pgErrorCode } from '../errors';
import { OPERATOR_AUDIT_CHAIN } from '../services/audit';
import { csvOf, uploadFile } from '../services/import/testing';
import { registerLocalRemote } from '../services/registry/local';
import { descriptorOf } from '../services/registry/testing';
import { PARTY_IMPORT_COLUMNS } from '../services/party/import';
import { documentFixtures } from '../test/documents';
import { JSON_WRITE, SETUP_TIMEOUT_MS, TestBrowser, createHarness, get, newPhone, signUp, write, type Harness, type SignedUp } from '../test/harness';

/*
 * The audit trail as an owner reads it: every write leaves an event (who, when, from where, what, the changed
 * fields) in the writing transaction, the events cannot be changed through the application's connection, and a
 * change made behind its back shows in audit/verify.
 */
let h: Harness;
let a: SignedUp;
let b: SignedUp;
let f: ReturnType<typeof documentFixtures>;

beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Audit Alpha', stateCode: '27' });
  b = await signUp(h, { businessName: 'Audit Beta', stateCode: '27' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const businessOf = (who: SignedUp) => who.profile.user.business.id;

async function events(who: { cookie: string }, query = ''): Promise<AuditEvent[]> {
  const res = await get(h.app, `/api/audit/events${query}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function verify(who: SignedUp, query = ''): Promise<AuditVerification> {
  const res = await get(h.app, `/api/audit/verify${query}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

const eventCount = async (businessId: string) =>
  Number((await selectRows<{ n: string }>(h.database.db, sql`select count(*)::text as n from audit_events where business_id = ${businessId}`))[0].n);

describe('what is recorded', () => {
  it('records a sale’s create and cancel with the user, role, address, browser and changed fields', async () => {
    const item = await f.item(a, { stock: 10 });
    const party = await f.party(a, { state: '27' });
    const create = await write(
      h.app,
      'POST',
      '/api/sale/create-sale',
      { partyId: party.id, lines: [{ itemId: item.id, quantity: 2 }] },
      { cookie: a.cookie, headers: { 'user-agent': 'Counter PC (Chrome)' } },
    );
    expect(create.statusCode).toBe(201);
    const sale = create.json().data;
    expect((await f.cancel(a, sale.id, 'Billed twice')).statusCode).toBe(200);

    const history = await events(a, `?entity=sale_invoice&entityId=${sale.id}`);
    expect(history.map((e) => e.action)).toEqual(['cancel', 'create']);
    const [cancel, created] = history;
    expect(created.user).toEqual({ id: a.profile.user.id, name: 'Asha Rao', role: 'OWNER' });
    expect(created.ip).toBe('127.0.0.1');
    expect(created.userAgent).toBe('Counter PC (Chrome)');
    expect(created.entityId).toBe(sale.id);
    expect(created.before).toBeNull();
    expect(created.after).toMatchObject({ invoice_number: sale.invoiceNumber, status: 'UNPAID', party_id: party.id });
    expect(cancel.before).toMatchObject({ status: 'UNPAID' });
    expect(cancel.after).toMatchObject({ status: 'CANCELLED' });
    // Only what changed is listed: the party and the number stay out of the cancel.
    expect(cancel.after).not.toHaveProperty('party_id');
    expect(cancel.user?.id).toBe(a.profile.user.id);
  });

  it('records a party’s edit with only the changed fields, before and after', async () => {
    const party = await f.party(a, { name: 'Mehta Traders', state: '27' });
    const res = await write(h.app, 'PUT', `/api/party/update-party/${party.id}`, { name: 'Mehta Traders Pvt Ltd', partyType: 'CUSTOMER' }, { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    const [edit, create] = await events(a, `?entity=party&entityId=${party.id}`);
    expect(create.action).toBe('create');
    expect(create.after).toMatchObject({ name: 'Mehta Traders' });
    expect(edit.action).toBe('edit');
    expect(edit.entity).toBe('party');
    expect(edit.before).toMatchObject({ name: 'Mehta Traders' });
    expect(edit.after).toMatchObject({ name: 'Mehta Traders Pvt Ltd' });
    expect(Object.keys(edit.after ?? {})).not.toContain('updated_at');
  });

  it('records a login with the user, the address and the browser', async () => {
    const browser = new TestBrowser(h.app, { 'user-agent': 'Mozilla/5.0 (Android 14) Bahi-Test' }, '203.0.113.9');
    expect((await browser.post('/api/auth/login', { mobileNumber: a.phone })).statusCode).toBe(200);
    expect((await browser.post('/api/auth/verify-login', { mobileNumber: a.phone, otp: h.otp.lastCode(a.phone) })).statusCode).toBe(200);
    const [login] = await events(a, `?entity=user&entityId=${a.profile.user.id}`);
    expect(login).toMatchObject({
      action: 'login',
      entity: 'user',
      entityId: a.profile.user.id,
      ip: '203.0.113.9',
      userAgent: 'Mozilla/5.0 (Android 14) Bahi-Test',
      user: { id: a.profile.user.id, role: 'OWNER' },
    });
    // The session's id (the hash of its cookie's token) is never written into the trail.
    expect(JSON.stringify(login)).not.toMatch(/[0-9a-f]{64}/);
  });

  it('records an item made through the multipart form, and parties imported from a spreadsheet as imports', async () => {
    const item = await f.item(a, { name: 'Audit Phone', stock: 3 });
    const [created] = await events(a, `?entity=item&entityId=${item.id}`);
    expect(created).toMatchObject({ action: 'create', user: { id: a.profile.user.id, role: 'OWNER' } });
    expect(created.after).toMatchObject({ name: 'Audit Phone' });

    const header = PARTY_IMPORT_COLUMNS.map((c) => c.header);
    const row = PARTY_IMPORT_COLUMNS.map((c) => (c.key === 'name' ? 'Imported Traders' : c.key === 'partyType' ? 'Customer' : null));
    const res = await uploadFile(h.app, '/api/party/bulk-create', csvOf([header, row]), { cookie: a.cookie, filename: 'parties.csv' });
    expect(res.statusCode).toBe(201);
    const imported = (await events(a, '?entity=party&pageSize=100')).filter((e) => e.after?.name === 'Imported Traders');
    expect(imported).toMatchObject([{ action: 'import', user: { id: a.profile.user.id } }]);
  });

  it('filters by user and by India dates', async () => {
    const mine = await events(a, `?userId=${a.profile.user.id}&pageSize=100`);
    expect(mine.length).toBeGreaterThan(3);
    expect(mine.every((e) => e.user?.id === a.profile.user.id)).toBe(true);
    expect(await events(a, '?from=2001-01-01&to=2001-01-31')).toEqual([]);
    expect(await events(a, '?userId=not-a-user')).toEqual([]);
    expect((await get(h.app, '/api/audit/events?from=2026-02-10&to=2026-02-01', a.cookie)).statusCode).toBe(400);
  });
});

describe('the chain', () => {
  it('verifies, and a head exported earlier still matches', async () => {
    const first = await verify(a);
    expect(first).toMatchObject({ ok: true, firstBroken: null, anchor: null });
    expect(first.events).toBeGreaterThan(3);
    await f.party(a, { name: 'After the anchor' });
    const later = await verify(a, `?anchorSeq=${first.head!.seq}&anchorHash=${first.head!.hash}`);
    expect(later).toMatchObject({ ok: true, anchor: 'matches' });
    expect(later.head!.seq).toBeGreaterThan(first.head!.seq);
    const wrong = await verify(a, `?anchorSeq=${first.head!.seq}&anchorHash=${'a'.repeat(64)}`);
    expect(wrong).toMatchObject({ ok: false, anchor: 'differs' });
  });

  it('reports the first event changed behind the application’s back', async () => {
    await f.party(b, { name: 'Tampered Party' });
    await f.party(b, { name: 'Untouched Party' });
    const before = await verify(b);
    expect(before.ok).toBe(true);
    const [target] = await selectRows<{ seq: string }>(
      h.database.db,
      sql`select seq::text from audit_events where business_id = ${businessOf(b)} and after->>'name' = 'Tampered Party'`,
    );
    // What only the database's owner can do: switch the guard off, rewrite an event, switch it on again.
    await h.database.db.execute(sql`alter table audit_events disable trigger audit_events_append_only`);
    try {
      await h.database.db.execute(
        sql`update audit_events set after = jsonb_set(after, '{name}', '"Someone Else"') where business_id = ${businessOf(b)} and seq = ${Number(target.seq)}`,
      );
    } finally {
      await h.database.db.execute(sql`alter table audit_events enable trigger audit_events_append_only`);
    }
    const after = await verify(b);
    expect(after.ok).toBe(false);
    expect(after.firstBroken).toMatchObject({ seq: Number(target.seq), reason: 'hash' });
    // Another business's chain is untouched.
    expect((await verify(a)).ok).toBe(true);
  });

  it('numbers each business’s events 1, 2, 3 … with each naming the hash of the one before', async () => {
    const rows = await selectRows<{ seq: string; prev_hash: string; hash: string }>(
      h.database.db,
      sql`select e.seq::text as seq, e.prev_hash, e.hash from audit_events e where e.business_id = ${businessOf(a)} order by e.seq`,
    );
    expect(rows[0]).toMatchObject({ seq: '1', prev_hash: '0'.repeat(64) });
    rows.slice(1).forEach((row, i) => {
      expect(Number(row.seq)).toBe(i + 2);
      expect(row.prev_hash).toBe(rows[i].hash);
    });
  });
});

describe('the operator’s chain', () => {
  it('records a registry and flag change in a chain of its own, which the admin API verifies and no business sees', async () => {
    const token = 'audit-operator-token-0123456789abcdef';
    const admin = await h.variant({ OPERATOR_TOKEN: token });
    const auth = { authorization: `Bearer ${token}` };
    await registerLocalRemote(h.database.db, descriptorOf('mf-items', '1.0.0', 'Items'), '/remotes/mf-items/mf-manifest.json');
    const off = await admin.inject({ method: 'POST', url: '/api/admin/remotes/mf_items/disable', headers: { ...JSON_WRITE, ...auth }, payload: '{}' });
    expect(off.statusCode).toBe(200);
    const [flag] = await selectRows<{ action: string; actor_role: string | null; before: unknown; after: unknown }>(
      h.database.db,
      sql`select e.action, e.actor_role, e.before, e.after from audit_events e
          where e.business_id = ${OPERATOR_AUDIT_CHAIN} and e.entity = 'remote' and e.entity_id = 'mf_items' order by e.seq desc limit 1`,
    );
    expect(flag).toEqual({ action: 'flag-change', actor_role: 'OPERATOR', before: { flag_mode: 'on' }, after: { flag_mode: 'off' } });
    const verified = await admin.inject({ method: 'GET', url: '/api/admin/audit/verify', headers: auth });
    expect(verified.json().data).toMatchObject({ ok: true, firstBroken: null });
    expect((await admin.inject({ method: 'GET', url: '/api/admin/audit/verify' })).statusCode).toBe(401);
    expect((await events(a, '?pageSize=100')).some((e) => e.entity === 'remote')).toBe(false);
  });
});

describe('append-only', () => {
  it('refuses an UPDATE, a DELETE or a TRUNCATE through the application’s connection', async () => {
    const attempt = async (statement: ReturnType<typeof sql>) => {
      try {
        await h.database.db.execute(statement);
        return 'no error';
      } catch (e) {
        return pgErrorCode(e);
      }
    };
    const id = businessOf(a);
    expect(await attempt(sql`update audit_events set action = 'edit' where business_id = ${id} and seq = 1`)).toBe('42501');
    expect(await attempt(sql`delete from audit_events where business_id = ${id}`)).toBe('42501');
    expect(await attempt(sql`truncate audit_events`)).toBe('42501');
    expect(await eventCount(id)).toBeGreaterThan(0);
  });

  it('keeps no event of a write that was rolled back', async () => {
    const party = await f.party(a, { name: 'Rollback Party' });
    const before = await eventCount(businessOf(a));
    await expect(
      runAsActor({ userId: a.profile.user.id, role: 'OWNER', ip: '127.0.0.1', userAgent: null }, () =>
        h.database.db.transaction(async (tx) => {
          await tx.execute(sql`update parties set name = 'Renamed then undone' where business_id = ${businessOf(a)} and id = ${party.id}`);
          throw new Error('the write fails after the change');
        }),
      ),
    ).rejects.toThrow('the write fails');
    expect(await eventCount(businessOf(a))).toBe(before);
    // A refused request (stock too low) leaves none either.
    const item = await f.item(a, { stock: 1 });
    const countBefore = await eventCount(businessOf(a));
    expect((await f.sale(a, { lines: [{ itemId: item.id, quantity: 5 }] })).statusCode).toBeGreaterThanOrEqual(400);
    expect(await eventCount(businessOf(a))).toBe(countBefore);
  });

  it('records a write made outside any request as the system’s', async () => {
    await h.database.db.execute(sql`update businesses set future_dated_days = 3 where id = ${businessOf(b)}`);
    const [settings] = await events(b, `?entity=business`);
    expect(settings).toMatchObject({ action: 'settings-change', user: null, before: { future_dated_days: 0 }, after: { future_dated_days: 3 } });
  });
});

describe('who may read it', () => {
  it('shows a business only its own events', async () => {
    const party = await f.party(a, { name: 'Alpha Only' });
    expect(await events(b, `?entityId=${party.id}`)).toEqual([]);
    const all = await events(b, '?pageSize=100');
    expect(all.length).toBeGreaterThan(0);
    expect(all.some((e) => e.entityId === party.id || e.user?.id === a.profile.user.id)).toBe(false);
  });

  it('answers 403 to a role that may not read it, and 401 without a session', async () => {
    const phone = newPhone();
    await h.database.db.execute(sql`insert into users (business_id, name, mobile, role) values (${businessOf(a)}, 'Ravi Biller', ${phone}, 'BILLER')`);
    const browser = new TestBrowser(h.app);
    await browser.post('/api/auth/login', { mobileNumber: phone });
    expect((await browser.post('/api/auth/verify-login', { mobileNumber: phone, otp: h.otp.lastCode(phone) })).statusCode).toBe(200);
    for (const path of ['/api/audit/events', '/api/audit/verify']) {
      const res = await browser.get(path);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You do not have permission: audit.view');
      expect((await get(h.app, path)).statusCode).toBe(401);
    }
  });
});

/**
 * Business tables whose changes are not events of their own, each with why. A new business table fails the test
 * below until it has an audit trigger (drizzle/0040_audit_trail.sql) or is listed here.
 */
const NOT_AUDITED: Record<string, string> = {
  audit_events: 'the trail itself',
  stored_files: 'the bytes of a file; the item image, bill or receipt that names it is audited',
  list_counts: 'counters kept by triggers',
  idempotency_keys: 'a retry key of a create that is audited',
  document_series: 'the number counter every document moves',
  sale_invoice_lines: 'lines come with their document’s event',
  quotation_lines: 'lines come with their document’s event',
  purchase_invoice_lines: 'lines come with their document’s event',
  sale_note_lines: 'lines come with their document’s event',
  purchase_debit_note_lines: 'lines come with their document’s event',
  journal_lines: 'lines come with their entry (a manual journal is audited; a document’s posting is the document’s event)',
  sale_note_adjustments: 'part of the note’s event',
  purchase_debit_note_allocations: 'part of the note’s event',
  payment_allocations: 'part of the payment’s event',
  payment_vouchers: 'issued and cancelled with its payment, which is audited',
  item_stock: 'a balance derived from stock movements',
  stock_costs: 'derived from purchases and sales',
  journal_day_totals: 'sums derived from the journal',
  books_opened: 'a marker of the ledger backfill',
  item_serial_numbers: 'marked sold by the sale, whose event it is',
  automated_bill_runs: 'the invoice a run issues is audited (as the system)',
  business_images: 'saved with the business profile, whose change is audited (the bytes are too large to repeat)',
};

describe('coverage', () => {
  it('audits every business table, or says here why not', async () => {
    const rows = await selectRows<{ table_name: string; audited: boolean }>(
      h.database.db,
      sql`select c.table_name, exists (select 1 from pg_trigger g where g.tgrelid = ('public.' || c.table_name)::regclass and g.tgname = c.table_name || '_audit') as audited
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
          where c.table_schema = 'public' and c.column_name = 'business_id'
          order by 1`,
    );
    expect(rows.filter((r) => !r.audited && !(r.table_name in NOT_AUDITED)).map((r) => r.table_name)).toEqual([]);
    // A listed table that is audited now (or is gone) is listed wrongly.
    const present = new Map(rows.map((r) => [r.table_name, r.audited]));
    expect(Object.keys(NOT_AUDITED).filter((t) => present.get(t) !== false)).toEqual([]);
  });
});
