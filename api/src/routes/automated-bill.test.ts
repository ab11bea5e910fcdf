import { addDays, indiaToday, type Schedule, type ScheduleRun, type SaleInvoice } from '@bahi/shared/contracts';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, signUp, write, type Harness, type SignedUp } from '../test/harness';
import { selectRows } from '../db/rows';

/*
 * Automated bills through the API, with the scheduler of a second app on the same database (the harness's own app
 * runs none). Dates are India's; the test clock moves forward day by day.
 */
const DAY = 86_400_000;

let h: Harness;
let f: ReturnType<typeof documentFixtures>;
let a: SignedUp;
let b: SignedUp;
let scheduler: FastifyInstance;

beforeAll(async () => {
  // Sessions outlive the days the clock moves forward.
  h = await createHarness({ SESSION_IDLE_MINUTES: '5256000', SESSION_ABSOLUTE_DAYS: '3650' });
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Rent Collectors', stateCode: '27' });
  b = await signUp(h, { businessName: 'Other Shop', stateCode: '27' });
  scheduler = await h.variant({ AUTOMATED_BILLS_INTERVAL_SECONDS: '3600' });
}, SETUP_TIMEOUT_MS);
afterAll(() => h?.close());

const today = () => indiaToday(h.clock.now());
const tick = () => scheduler.automatedBills!.tick();

const create = (who: SignedUp, body: object, key?: string) =>
  write(h.app, 'POST', '/api/automated-bill/create-schedule', body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
const action = (who: SignedUp, name: string, id: string, body: object = {}, key?: string) =>
  write(h.app, 'POST', `/api/automated-bill/${name}/${id}`, body, { cookie: who.cookie, headers: key ? { 'idempotency-key': key } : {} });
/** Issue now as the screen sends it: a new Idempotency-Key per click unless one is given. */
const runNow = (who: SignedUp, id: string, body: object = {}, key: string = randomUUID()) => action(who, 'run-now', id, body, key);
const detail = async (who: SignedUp, id: string): Promise<Schedule> => {
  const res = await get(h.app, `/api/automated-bill/schedule/${id}`, who.cookie);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const invoiceOf = async (who: SignedUp, run: ScheduleRun): Promise<SaleInvoice> => (await f.getInvoice(who, run.invoiceId!)).json().data;

async function schedule(who: SignedUp, body: Record<string, unknown>): Promise<Schedule> {
  const res = await create(who, body);
  if (res.statusCode !== 201) throw new Error(`create-schedule answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

/** A customer and a rent service, billed daily from `start` unless the body says otherwise. */
async function rent(who: SignedUp, body: Record<string, unknown> = {}) {
  const party = await f.party(who, { state: '27' });
  const item = await f.item(who, { type: 'SERVICE', price: '1000', rate: 'gst-18' });
  return schedule(who, { partyId: party.id, lines: [{ itemId: item.id, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: addDays(today(), 1), ...body });
}

describe('automated bills', () => {
  it('issues a bill on its date as a normal sale invoice, and not before', async () => {
    const s = await rent(a, { dueInDays: 7, notes: 'Monthly rent' });
    expect(s).toMatchObject({ status: 'ACTIVE', nextRunDate: addDays(today(), 1), billsIssued: 0, totalBilled: '0.00', lastRun: null, runs: [] });

    await tick();
    expect((await detail(a, s.id)).runs).toEqual([]);

    h.clock.advance(DAY);
    await tick();
    const after = await detail(a, s.id);
    expect(after.runs).toHaveLength(1);
    expect(after.runs[0]).toMatchObject({ period: today(), runDate: today(), status: 'ISSUED', reason: null, grandTotal: '1180.00' });
    expect(after).toMatchObject({ billsIssued: 1, totalBilled: '1180.00', nextRunDate: addDays(today(), 1) });
    const invoice = await invoiceOf(a, after.runs[0]);
    expect(invoice).toMatchObject({ invoiceDate: today(), dueDate: addDays(today(), 7), notes: 'Monthly rent', status: 'UNPAID' });
    expect(invoice.invoiceNumber).toBe(after.runs[0].invoiceNumber);
    expect(invoice.totals).toMatchObject({ taxableValue: '1000.00', cgst: '90.00', sgst: '90.00', grandTotal: '1180.00' });

    // A second pass (another instance, a restart) issues nothing more for the same day.
    await tick();
    expect((await detail(a, s.id)).runs).toHaveLength(1);
  });

  it('catches up three missed periods oldest first, each dated its own period', async () => {
    const s = await rent(a);
    const first = addDays(today(), 1);
    h.clock.advance(3 * DAY);
    await tick();
    const after = await detail(a, s.id);
    expect(after.runs.map((r) => [r.period, r.runDate, r.status])).toEqual([
      [addDays(first, 2), addDays(first, 2), 'ISSUED'],
      [addDays(first, 1), addDays(first, 1), 'ISSUED'],
      [first, first, 'ISSUED'],
    ]);
    const invoices = await Promise.all(after.runs.map((r) => invoiceOf(a, r)));
    expect(invoices.map((i) => i.invoiceDate)).toEqual([addDays(first, 2), addDays(first, 1), first]);
    const numbers = invoices.map((i) => Number(i.invoiceNumber.split('/').at(-1)));
    expect(numbers[0]).toBeGreaterThan(numbers[1]);
    expect(numbers[1]).toBeGreaterThan(numbers[2]);
    expect(after.nextRunDate).toBe(addDays(today(), 1));
  });

  it('stops after N bills and ends the schedule', async () => {
    const s = await rent(a, { maxBills: 2 });
    h.clock.advance(3 * DAY);
    await tick();
    const after = await detail(a, s.id);
    expect(after.runs).toHaveLength(2);
    expect(after).toMatchObject({ status: 'ENDED', nextRunDate: null, billsIssued: 2, totalBilled: '2360.00' });
  });

  it('issues nothing while paused, and resumes from today without billing the paused days', async () => {
    const s = await rent(a);
    expect((await action(a, 'pause', s.id)).json().data.status).toBe('PAUSED');
    expect((await action(a, 'pause', s.id)).statusCode).toBe(409);
    h.clock.advance(2 * DAY);
    await tick();
    expect((await detail(a, s.id)).runs).toEqual([]);

    const resumed = (await action(a, 'resume', s.id)).json().data as Schedule;
    expect(resumed).toMatchObject({ status: 'ACTIVE', nextRunDate: today() });
    await tick();
    expect((await detail(a, s.id)).runs.map((r) => r.period)).toEqual([today()]);

    expect((await action(a, 'end', s.id)).json().data).toMatchObject({ status: 'ENDED', nextRunDate: null });
    expect((await action(a, 'resume', s.id)).statusCode).toBe(409);
    expect((await runNow(a, s.id)).statusCode).toBe(409);
  });

  it('records a bill that cannot be issued as a failed run with the reason, and issues it on retry', async () => {
    const party = await f.party(a, { state: '27' });
    const gas = await f.item(a, { name: 'Gas Cylinder', price: '900', rate: 'gst-5', stock: 1 });
    const s = await schedule(a, { partyId: party.id, lines: [{ itemId: gas.id, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: addDays(today(), 1) });
    h.clock.advance(2 * DAY);
    const result = await tick();
    // Other daily schedules of this file issue too; only this one fails.
    expect(result.failed).toBe(1);
    const after = await detail(a, s.id);
    const [failed, issued] = after.runs;
    expect(issued.status).toBe('ISSUED');
    expect(failed).toMatchObject({ period: today(), status: 'FAILED', invoiceId: null, attempts: 1 });
    expect(failed.reason).toMatch(/Not enough stock of Gas Cylinder/);
    expect(after).toMatchObject({ billsIssued: 1, failedRuns: 1, nextRunDate: addDays(today(), 1) });
    expect(await f.stockOf(a, gas.id)).toBe(0);

    // Retrying without stock fails again, visibly; with stock it issues the bill dated its own period.
    const again = await runNow(a, s.id, { period: failed.period });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.run).toMatchObject({ status: 'FAILED', attempts: 2 });
    const stocked = await write(h.app, 'PUT', '/api/item/update-item-stock', { itemId: gas.id, type: 'ADD', quantity: 1, date: today(), reason: 'Refill' }, { cookie: a.cookie });
    expect(stocked.statusCode).toBe(200);
    const retried = await runNow(a, s.id, { period: failed.period });
    expect(retried.json().data.run).toMatchObject({ period: failed.period, status: 'ISSUED', reason: null, attempts: 3 });
    expect((await invoiceOf(a, retried.json().data.run)).invoiceDate).toBe(failed.period);
    expect(await f.stockOf(a, gas.id)).toBe(0);
    expect((await runNow(a, s.id, { period: failed.period })).statusCode).toBe(409);
    expect((await runNow(a, s.id, { period: '2020-01-01' })).statusCode).toBe(404);
  });

  it('leaves a schedule that fails unexpectedly for the next pass without holding up the others', async () => {
    const broken = await rent(a);
    const healthy = await rent(a);
    // A frequency no code writes: working out its next date fails inside the transaction.
    await h.database.db.execute(
      sql`update automated_bill_schedules set frequency = '{"type":"HOURLY"}'::jsonb where id = ${broken.id}`,
    );
    h.clock.advance(DAY);
    const result = await tick();
    expect(result.errors).toBe(1);
    expect((await detail(a, healthy.id)).runs.map((r) => r.status)).toEqual(['ISSUED']);
    // Nothing of the failed transaction stayed: no run, no invoice, the same next date.
    const [row] = await selectRows<{ runs: number; next: string }>(
      h.database.db,
      sql`select (select count(*)::int from automated_bill_runs where schedule_id = ${broken.id}) as runs, next_run_date::text as next
          from automated_bill_schedules where id = ${broken.id}`,
    );
    expect([Number(row.runs), row.next]).toEqual([0, broken.nextRunDate]);
    await h.database.db.execute(sql`update automated_bill_schedules set frequency = '{"type":"DAILY"}'::jsonb, status = 'ENDED' where id = ${broken.id}`);
  });

  it('issues the bill that is due now, dated its own date, and moves the schedule on', async () => {
    const s = await rent(a, { startDate: addDays(today(), -2) });
    expect(s.nextRunDate).toBe(addDays(today(), -2));
    const res = await runNow(a, s.id);
    expect(res.statusCode).toBe(200);
    const { run, nextRunDate } = res.json().data;
    expect(run).toMatchObject({ period: addDays(today(), -2), runDate: addDays(today(), -2), status: 'ISSUED' });
    expect((await invoiceOf(a, run)).invoiceDate).toBe(addDays(today(), -2));
    expect(nextRunDate).toBe(addDays(today(), -1));

    // Each click issues the oldest due period, up to today's, and nothing ahead of its date.
    expect((await runNow(a, s.id)).json().data.run).toMatchObject({ period: addDays(today(), -1), runDate: addDays(today(), -1) });
    expect((await runNow(a, s.id)).json().data.run).toMatchObject({ period: today(), runDate: today() });
    expect((await runNow(a, s.id)).statusCode).toBe(409);
    expect((await detail(a, s.id)).runs.map((r) => r.period)).toEqual([today(), addDays(today(), -1), addDays(today(), -2)]);
  });

  it('never bills ahead: Issue now with nothing due answers 409 naming the next due date, however often it is clicked', async () => {
    const s = await rent(a, { startDate: addDays(today(), 30) });
    const [y, m, d] = addDays(today(), 30).split('-');
    for (let i = 0; i < 30; i++) {
      const res = await runNow(a, s.id);
      expect([res.statusCode, res.json().message]).toEqual([409, `Nothing is due yet: the next bill is due on ${d}/${m}/${y}`]);
    }
    expect(await detail(a, s.id)).toMatchObject({ runs: [], billsIssued: 0, totalBilled: '0.00', nextRunDate: addDays(today(), 30) });
    const [invoices] = await selectRows<{ n: number }>(h.database.db, sql`select count(*)::int as n from sale_invoices where party_id = ${s.partyId}`);
    expect(Number(invoices.n)).toBe(0);
  });

  it('refuses Issue now without an Idempotency-Key (400 naming it), issuing nothing', async () => {
    const s = await rent(a, { startDate: today() });
    const res = await action(a, 'run-now', s.id);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'idempotency-key', message: expect.stringContaining('Idempotency-Key is required') });
    expect((await detail(a, s.id)).runs).toEqual([]);
  });

  it('issues one bill for one Idempotency-Key of run-now sent twice, answering the same run; 422 for another body', async () => {
    const s = await rent(a, { startDate: addDays(today(), -3) });
    const first = await action(a, 'run-now', s.id, {}, 'issue-now-once');
    const second = await action(a, 'run-now', s.id, {}, 'issue-now-once');
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const run: ScheduleRun = first.json().data.run;
    expect(run).toMatchObject({ period: addDays(today(), -3), runDate: addDays(today(), -3), status: 'ISSUED' });
    expect(second.json().data.run).toEqual(run);
    let after = await detail(a, s.id);
    expect(after.runs).toEqual([run]);
    expect(after.nextRunDate).toBe(addDays(today(), -2));

    // A new click (a new key) issues the next due bill.
    const next = await action(a, 'run-now', s.id, {}, 'issue-now-twice');
    expect(next.json().data.run).toMatchObject({ period: addDays(today(), -2), status: 'ISSUED' });
    expect(next.json().data.run.invoiceId).not.toBe(run.invoiceId);

    // The key again with another body (a retry of a period, another schedule) issues nothing: 422.
    const other = await rent(a, { startDate: addDays(today(), -3) });
    for (const res of [await action(a, 'run-now', s.id, { period: run.period }, 'issue-now-once'), await action(a, 'run-now', other.id, {}, 'issue-now-once')]) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ success: false, message: expect.stringContaining('Idempotency-Key was already used') });
    }
    after = await detail(a, s.id);
    expect(after.runs).toHaveLength(2);
    expect((await detail(a, other.id)).runs).toEqual([]);
  });

  it('changes future bills only when edited', async () => {
    const s = await rent(a, { startDate: today() });
    await tick();
    const issued = (await detail(a, s.id)).runs[0];
    const chair = await f.item(a, { type: 'SERVICE', name: 'Chair rent', price: '50', rate: 'gst-0' });
    const res = await write(
      h.app,
      'PUT',
      `/api/automated-bill/update-schedule/${s.id}`,
      { partyId: s.partyId, lines: [{ itemId: chair.id, quantity: 2 }], frequency: { type: 'WEEKLY', weekday: 1 }, startDate: s.startDate },
      { cookie: a.cookie },
    );
    expect(res.statusCode).toBe(200);
    const updated = res.json().data as Schedule;
    expect(updated.lines).toEqual([expect.objectContaining({ itemId: chair.id, itemName: 'Chair rent', quantity: '2.000' })]);
    expect(updated.nextRunDate! > today()).toBe(true);
    expect(updated.runs).toEqual([issued]);
    expect((await invoiceOf(a, issued)).totals.grandTotal).toBe('1180.00');
  });

  it('makes one schedule of one Idempotency-Key sent twice', async () => {
    const party = await f.party(a, { state: '27' });
    const item = await f.item(a, { type: 'SERVICE' });
    const body = { partyId: party.id, lines: [{ itemId: item.id, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: addDays(today(), 5) };
    const first = await create(a, body, 'schedule-once');
    const second = await create(a, body, 'schedule-once');
    expect(second.json().data.id).toBe(first.json().data.id);
  });

  it('answers 400 with the field for an invalid schedule, 404 for an unknown party or item', async () => {
    const party = await f.party(a, { state: '27' });
    const item = await f.item(a, { type: 'SERVICE' });
    const ok = { partyId: party.id, lines: [{ itemId: item.id, quantity: 1 }], frequency: { type: 'MONTHLY', dayOfMonth: 1 }, startDate: today() };
    const cases: [object, number, string][] = [
      [{ ...ok, partyId: undefined }, 400, 'Choose the customer'],
      [{ ...ok, lines: [] }, 400, 'Add at least one line'],
      [{ ...ok, frequency: { type: 'HOURLY' } }, 400, 'Frequency must be one of DAILY, WEEKLY, MONTHLY, QUARTERLY, YEARLY'],
      [{ ...ok, frequency: { type: 'WEEKLY' } }, 400, 'Choose the weekday of a weekly bill'],
      [{ ...ok, frequency: { type: 'MONTHLY', dayOfMonth: 0 } }, 400, 'Day of month must be a whole number from 1 to 31'],
      [{ ...ok, startDate: '2026-02-30' }, 400, 'Start date must be a real date (YYYY-MM-DD)'],
      [{ ...ok, endDate: '2000-01-01' }, 400, 'End date cannot be before the start date'],
      [{ ...ok, maxBills: 0 }, 400, 'Number of bills must be a whole number from 1 to 1000'],
      [{ ...ok, startDate: addDays(today(), 2), endDate: addDays(today(), 3) }, 400, 'No bill falls between the start date and the end date'],
      [{ ...ok, frequency: { type: 'DAILY' }, startDate: addDays(today(), -12) }, 400, 'The start date is too far back: at most 12 past bills can be issued at once'],
      [{ ...ok, partyId: '00000000-0000-4000-8000-000000000000' }, 404, 'Party not found'],
      [{ ...ok, lines: [{ itemId: '00000000-0000-4000-8000-000000000000', quantity: 1 }] }, 404, 'Item not found'],
    ];
    for (const [body, status, message] of cases) {
      const res = await create(a, body);
      expect([res.statusCode, res.json().message]).toEqual([status, message]);
    }
  });

  it('refuses a supplier as a sale would, and fails the run of a schedule whose party became a supplier, with that reason', async () => {
    const supplier = await f.party(a, { state: '27', name: 'Only Supplies', partyType: 'SUPPLIER' });
    const item = await f.item(a, { type: 'SERVICE', price: '100', rate: 'gst-18' });
    const body = { partyId: supplier.id, lines: [{ itemId: item.id, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: today() };
    const refused = await create(a, body);
    const asSale = await f.sale(a, { partyId: supplier.id, lines: [{ itemId: item.id, quantity: 1 }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(asSale.json());
    expect(refused.json()).toMatchObject({ field: 'partyId', message: expect.stringContaining('Only Supplies is a supplier') });

    const s = await rent(a, { startDate: today() });
    const party = (await get(h.app, `/api/party/get-party/${s.partyId}`, a.cookie)).json().data;
    const changed = await write(h.app, 'PUT', `/api/party/update-party/${party.id}`, { name: party.name, partyType: 'SUPPLIER' }, { cookie: a.cookie });
    expect(changed.statusCode).toBe(200);
    const run = (await runNow(a, s.id)).json().data.run as ScheduleRun;
    expect(run).toMatchObject({ period: today(), status: 'FAILED', invoiceId: null });
    expect(run.reason).toBe(asSale.json().message.replaceAll('Only Supplies', party.name));
  });

  it('takes whole numbers only as JSON integers: a string, array, boolean or fraction is 400 naming the field, nothing stored', async () => {
    const party = await f.party(a, { state: '27' });
    const item = await f.item(a, { type: 'SERVICE' });
    const ok = { partyId: party.id, lines: [{ itemId: item.id, quantity: 1 }], frequency: { type: 'MONTHLY', dayOfMonth: 1 }, startDate: addDays(today(), 1) };
    const fields: [string, (v: unknown) => object][] = [
      ['dueInDays', (v) => ({ ...ok, dueInDays: v })],
      ['maxBills', (v) => ({ ...ok, maxBills: v })],
      ['frequency.dayOfMonth', (v) => ({ ...ok, frequency: { type: 'MONTHLY', dayOfMonth: v } })],
      ['frequency.weekday', (v) => ({ ...ok, frequency: { type: 'WEEKLY', weekday: v } })],
    ];
    const before = (await get(h.app, '/api/automated-bill/schedules', a.cookie)).json().meta.total;
    for (const [field, body] of fields) {
      for (const value of ['0x10', [], true, '1e3', 1.5, '2']) {
        const res = await create(a, body(value));
        expect([field, value, res.statusCode, res.json().field]).toEqual([field, value, 400, field]);
      }
    }
    expect((await get(h.app, '/api/automated-bill/schedules', a.cookie)).json().meta.total).toBe(before);
    // A party's credit period is a whole number too.
    for (const value of ['0x10', [], true, '1e3', 1.5]) {
      const res = await write(h.app, 'POST', '/api/party/create', { name: `Loose ${String(value)}`, partyType: 'CUSTOMER', creditPeriod: value }, { cookie: a.cookie });
      expect([value, res.statusCode, res.json().field]).toEqual([value, 400, 'creditPeriod']);
    }
    // A query string is text: plain digits are a number there, and nothing else is.
    expect((await get(h.app, '/api/automated-bill/schedules?page=1&pageSize=10', a.cookie)).statusCode).toBe(200);
    for (const q of ['page=0x10', 'pageSize=1e1', 'page=1.5', 'page=true']) {
      const res = await get(h.app, `/api/automated-bill/schedules?${q}`, a.cookie);
      expect([q, res.statusCode, res.json().field]).toEqual([q, 400, q.split('=')[0]]);
    }
  });

  it('answers 404 to another business for every call on a schedule, and lists only its own', async () => {
    const s = await rent(a);
    expect((await get(h.app, `/api/automated-bill/schedule/${s.id}`, b.cookie)).statusCode).toBe(404);
    for (const name of ['pause', 'resume', 'end', 'run-now']) {
      const res = await action(b, name, s.id, {}, randomUUID());
      expect([name, res.statusCode, res.json().message]).toEqual([name, 404, 'Automated bill not found']);
    }
    const put = await write(h.app, 'PUT', `/api/automated-bill/update-schedule/${s.id}`, { partyId: s.partyId, lines: [{ itemId: s.lines[0].itemId, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: today() }, { cookie: b.cookie });
    expect(put.statusCode).toBe(404);
    expect((await get(h.app, '/api/automated-bill/schedule/not-an-id', a.cookie)).statusCode).toBe(404);
    const theirs = await get(h.app, '/api/automated-bill/schedules', b.cookie);
    expect(theirs.json()).toMatchObject({ success: true, data: [], meta: { total: 0, totalBilled: '0.00' } });
    // A's party and item in B's schedule are not found either.
    const res = await create(b, { partyId: s.partyId, lines: [{ itemId: s.lines[0].itemId, quantity: 1 }], frequency: { type: 'DAILY' }, startDate: today() });
    expect(res.statusCode).toBe(404);
  });

  it('lists schedules with next run, last result and the total billed', async () => {
    const res = await get(h.app, '/api/automated-bill/schedules?pageSize=100', a.cookie);
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json() as { data: Schedule[]; meta: { total: number; totalBilled: string } };
    expect(meta.total).toBe(data.length);
    const statuses = data.map((s) => s.status);
    expect(statuses.indexOf('ENDED')).toBeGreaterThan(statuses.lastIndexOf('ACTIVE'));
    const sum = data.reduce((acc, s) => acc + Math.round(Number(s.totalBilled) * 100), 0);
    expect(Math.round(Number(meta.totalBilled) * 100)).toBe(sum);
    expect(data.some((s) => s.lastRun?.status === 'ISSUED')).toBe(true);
    expect((await get(h.app, '/api/automated-bill/schedules?status=PAUSED', a.cookie)).json().data).toEqual([]);
    expect((await get(h.app, '/api/automated-bill/schedules?status=SOMETIMES', a.cookie)).statusCode).toBe(400);
  });
});
