import { DATE_MIN } from '@bahi/shared/contracts';
import { toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { booksOpened } from '../../db/schema';
import { reverseDocumentEntries } from '../ledger/journal';
import { expenseCounterLines, postOpeningBalance, postPartyOpenings, postPurchase, postSale, postStockChange, postTransaction } from '../ledger/postings';
import { milliOf, unitCostWithoutTax } from '../ledger/stock-cost';
import { documentPartyBalances } from '../party/balances';
import { selectRows } from '../../db/rows';

/*
 * The data migration that opens the books of a business that existed before them (run at start, after the SQL
 * migrations): its history is posted in date order — opening balances, then stock, purchases, sales and cancels as
 * they happened (so the cost of each sale is the moving average it would have been), then every movement of cash and
 * bank. It then checks that the trial balance balances and that every party and every account has the balance the
 * documents gave it, and fails loudly (the start fails, the transaction rolls back) if not. The one place that reads
 * documents for the books: the ledger itself never does.
 */

export class BooksDisagreeError extends Error {}

/** Opens the books of every business that has none yet; answers how many it opened. */
export async function openBooks(db: Db): Promise<number> {
  const pending = await selectRows<{ id: string }>(
    db,
    sql`select b.id from businesses b where not exists (select 1 from books_opened o where o.business_id = b.id) order by b.created_at`,
  );
  let opened = 0;
  for (const b of pending) if (await db.transaction((tx) => backfillBusiness(tx, b.id))) opened += 1;
  return opened;
}

interface Event {
  date: string;
  at: string;
  order: number;
  run: () => Promise<void>;
}

/** Posts one business's history and checks it; false when another instance opened its books meanwhile. */
export async function backfillBusiness(tx: Tx, businessId: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`books:${businessId}`}))`);
  const [done] = await selectRows<{ n: number }>(tx, sql`select count(*)::int as n from books_opened where business_id = ${businessId}`);
  if (done.n > 0) return false;
  const now = new Date();
  const base = { createdBy: null, now };

  // Opening balances of parties (before every document) and of accounts (on their as-of date).
  const parties = await selectRows<{ id: string; party_type: 'CUSTOMER' | 'SUPPLIER' | 'BOTH'; name: string; opening: string }>(
    tx,
    sql`select id, party_type, name, opening_balance::text as opening from parties where business_id = ${businessId} and coalesce(opening_balance, 0) <> 0`,
  );
  await postPartyOpenings(tx, businessId, parties.map((p) => ({ id: p.id, partyType: p.party_type, name: p.name, amount: toPaise(p.opening) })), { ...base, date: DATE_MIN });
  const accounts = await selectRows<{ id: string; name: string; opening: string; date: string }>(
    tx,
    sql`select id, display_name as name, opening_balance::text as opening, to_char(as_of_date, 'YYYY-MM-DD') as date
        from accounts where business_id = ${businessId}`,
  );
  for (const a of accounts) {
    await postOpeningBalance(tx, {
      businessId,
      ledger: { cashAccountId: a.id },
      amount: toPaise(a.opening),
      date: a.date,
      document: { type: 'ACCOUNT', id: a.id, number: null },
      narration: `Opening balance of ${a.name}`,
      ...base,
    });
  }

  const events: Event[] = [...(await stockEvents(tx, businessId, base)), ...(await saleEvents(tx, businessId, base)), ...(await purchaseEvents(tx, businessId, base))];
  events.sort((x, y) => (x.date !== y.date ? (x.date < y.date ? -1 : 1) : x.at !== y.at ? (x.at < y.at ? -1 : 1) : x.order - y.order));
  for (const e of events) await e.run();
  await postMoneyMovements(tx, businessId, now);

  await checkBooks(tx, businessId);
  await tx.insert(booksOpened).values({ businessId, openedAt: now });
  return true;
}

type Base = { createdBy: null; now: Date };

/** Opening stock and stock added or reduced by hand, as the stock movements recorded them. */
async function stockEvents(tx: Tx, businessId: string, base: Base): Promise<Event[]> {
  const rows = await selectRows<{
    item_id: string;
    branch_id: string;
    kind: string;
    quantity: string;
    date: string;
    at: string;
    name: string;
    purchase_price: string | null;
    with_tax: boolean;
    rate: string | null;
  }>(
    tx,
    sql`select m.item_id, m.branch_id, m.kind, m.quantity::text as quantity, to_char(m.date, 'YYYY-MM-DD') as date,
               m.created_at::text as at, i.name, i.purchase_price::text as purchase_price, i.is_purchase_tax_applicable as with_tax, r.value::text as rate
        from stock_movements m
        join items i on i.business_id = m.business_id and i.id = m.item_id
        left join tax_rates r on r.id = i.gst_rate_id
        where m.business_id = ${businessId} and m.kind in ('OPENING', 'OPENING_EDIT', 'ADD', 'REDUCE')`,
  );
  return rows.map((m) => {
    const opening = m.kind === 'OPENING' || m.kind === 'OPENING_EDIT';
    const unitCost = !opening || m.purchase_price === null ? null : unitCostWithoutTax(m.purchase_price, m.with_tax, m.rate);
    return {
      // Opening stock is where the books of stock start, whatever day it was entered on.
      date: opening ? '' : m.date,
      at: m.at,
      order: 0,
      run: () =>
        postStockChange(tx, {
          businessId,
          branchId: m.branch_id,
          itemId: m.item_id,
          deltaMilli: milliOf(m.quantity),
          unitCost,
          counter: opening ? 'OPENING_EQUITY' : 'STOCK_ADJUSTMENTS',
          date: m.date,
          voucherType: opening ? 'OPENING_STOCK' : 'STOCK_ADJUSTMENT',
          document: { type: 'ITEM', id: m.item_id, number: null },
          narration: opening ? `Opening stock of ${m.name}` : `${m.name}: stock ${m.kind === 'ADD' ? 'added' : 'reduced'}`,
          ...base,
        }),
    };
  });
}

interface HeaderRow extends Record<string, unknown> {
  id: string;
  branch_id: string;
  number: string;
  date: string;
  at: string;
  party_id: string | null;
  taxable_value: string;
  cgst: string;
  sgst: string;
  igst: string;
  cess: string;
  round_off_amount: string;
  grand_total: string;
  cancelled_on: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
}

const totalsOf = (h: HeaderRow) => ({
  taxableValue: toPaise(h.taxable_value),
  cgst: toPaise(h.cgst),
  sgst: toPaise(h.sgst),
  igst: toPaise(h.igst),
  cess: toPaise(h.cess),
  roundOff: toPaise(h.round_off_amount),
  grandTotal: toPaise(h.grand_total),
});

const headerColumns = (number: string, date: string) =>
  sql.raw(`id, branch_id, ${number} as number, to_char(${date}, 'YYYY-MM-DD') as date, created_at::text as at, party_id,
           taxable_value::text as taxable_value, cgst::text as cgst, sgst::text as sgst, igst::text as igst, cess::text as cess,
           round_off_amount::text as round_off_amount, grand_total::text as grand_total,
           to_char((cancelled_at at time zone 'Asia/Kolkata')::date, 'YYYY-MM-DD') as cancelled_on, cancelled_at::text as cancelled_at, cancel_reason`);

/** A cancelled document's reversal, on the day it was cancelled. */
const cancelEvent = (tx: Tx, businessId: string, type: string, h: HeaderRow, what: string, base: Base): Event[] =>
  h.cancelled_on && h.cancelled_at
    ? [
        {
          date: h.cancelled_on,
          at: h.cancelled_at,
          order: 1,
          run: async () => {
            await reverseDocumentEntries(tx, businessId, { type, id: h.id }, { ...base, date: h.cancelled_on!, narration: `${what} ${h.number} cancelled: ${h.cancel_reason ?? ''}` });
          },
        },
      ]
    : [];

async function saleEvents(tx: Tx, businessId: string, base: Base): Promise<Event[]> {
  const heads = await selectRows<HeaderRow>(tx, sql`select ${headerColumns('invoice_number', 'invoice_date')} from sale_invoices where business_id = ${businessId}`);
  const lines = await selectRows<{ document_id: string; item_id: string; item_type: 'PRODUCT' | 'SERVICE'; quantity: string; taxable_value: string }>(
    tx,
    sql`select document_id, item_id, item_type, quantity::text as quantity, taxable_value::text as taxable_value
        from sale_invoice_lines where business_id = ${businessId} order by document_id, line_no`,
  );
  return heads.flatMap((h) => [
    {
      date: h.date,
      at: h.at,
      order: 0,
      run: () =>
        postSale(tx, {
          businessId,
          branchId: h.branch_id,
          date: h.date,
          document: { type: 'SALE', id: h.id, number: h.number },
          partyId: h.party_id,
          totals: totalsOf(h),
          lines: lines
            .filter((l) => l.document_id === h.id)
            .map((l) => ({ itemId: l.item_id, itemType: l.item_type, quantity: l.quantity, taxableValue: toPaise(l.taxable_value) })),
          ...base,
        }),
    },
    ...cancelEvent(tx, businessId, 'SALE', h, 'Invoice', base),
  ]);
}

async function purchaseEvents(tx: Tx, businessId: string, base: Base): Promise<Event[]> {
  const heads = await selectRows<HeaderRow & { reverse_charge: boolean; reverse_charge_tax: string; itc_cgst: string; itc_sgst: string; itc_igst: string; itc_cess: string; itc_amount: string }>(
    tx,
    sql`select ${headerColumns('reference_number', 'bill_date')}, reverse_charge, reverse_charge_tax::text as reverse_charge_tax,
               itc_cgst::text as itc_cgst, itc_sgst::text as itc_sgst, itc_igst::text as itc_igst, itc_cess::text as itc_cess, itc_amount::text as itc_amount
        from purchase_invoices where business_id = ${businessId}`,
  );
  const lines = await selectRows<{ document_id: string; item_id: string; item_type: 'PRODUCT' | 'SERVICE'; quantity: string; taxable_value: string; tax: string; itc: string }>(
    tx,
    sql`select document_id, item_id, item_type, quantity::text as quantity, taxable_value::text as taxable_value,
               (cgst + sgst + igst + cess)::text as tax, itc_amount::text as itc
        from purchase_invoice_lines where business_id = ${businessId} order by document_id, line_no`,
  );
  return heads.flatMap((h) => [
    {
      date: h.date,
      at: h.at,
      order: 0,
      run: () =>
        postPurchase(tx, {
          businessId,
          branchId: h.branch_id,
          date: h.date,
          document: { type: 'PURCHASE', id: h.id, number: h.number },
          partyId: h.party_id,
          totals: totalsOf(h),
          lines: lines
            .filter((l) => l.document_id === h.id)
            .map((l) => ({ itemId: l.item_id, itemType: l.item_type, quantity: l.quantity, taxableValue: toPaise(l.taxable_value), tax: toPaise(l.tax), itc: toPaise(l.itc) })),
          reverseCharge: h.reverse_charge,
          reverseChargeTax: toPaise(h.reverse_charge_tax),
          itc: { cgst: toPaise(h.itc_cgst), sgst: toPaise(h.itc_sgst), igst: toPaise(h.itc_igst), cess: toPaise(h.itc_cess), total: toPaise(h.itc_amount) },
          ...base,
        }),
    },
    ...cancelEvent(tx, businessId, 'PURCHASE', h, 'Purchase', base),
  ]);
}

/** Every movement of cash and bank in the order it was written: payments, expenses, transfers, adjustments, reversals. */
async function postMoneyMovements(tx: Tx, businessId: string, now: Date) {
  const rows = await selectRows<{
    id: string;
    account_id: string;
    date: string;
    type: string;
    direction: 'IN' | 'OUT';
    amount: string;
    party_id: string | null;
    document_type: string | null;
    document_id: string | null;
    document_number: string | null;
    group_id: string | null;
    reverses_id: string | null;
    note: string | null;
    expense_branch: string | null;
    category_id: string | null;
    taxable: string | null;
    cgst: string | null;
    sgst: string | null;
    igst: string | null;
    itc: boolean | null;
    other_account: string | null;
  }>(
    tx,
    sql`select t.id, t.account_id, to_char(t.date, 'YYYY-MM-DD') as date, t.type, t.direction, t.amount::text as amount, t.party_id,
               t.document_type, t.document_id, t.document_number, t.group_id, t.reverses_id, t.note,
               e.branch_id as expense_branch, e.category_id, e.taxable_value::text as taxable, e.cgst::text as cgst, e.sgst::text as sgst,
               e.igst::text as igst, (e.itc_eligible and e.supplier_gstin is not null) as itc,
               (select o.account_id from account_transactions o
                where o.business_id = t.business_id and o.group_id = t.group_id and o.id <> t.id limit 1) as other_account
        from account_transactions t
        left join expenses e on e.business_id = t.business_id and t.document_type = 'EXPENSE' and e.id = t.document_id
        where t.business_id = ${businessId}
        order by t.date, t.seq`,
  );
  const transfer = new Set(['TRANSFER', 'DEPOSIT', 'WITHDRAWAL']);
  for (const t of rows) {
    const amount = toPaise(t.amount);
    let counter: Parameters<typeof postTransaction>[1]['counter'];
    if (transfer.has(t.type)) {
      // The OUT half posts both accounts; the IN half nothing.
      counter = t.direction === 'OUT' && t.other_account ? [{ ledger: { cashAccountId: t.other_account }, amount }] : 'NONE';
    } else if (t.type === 'EXPENSE' && t.category_id && !t.reverses_id) {
      counter = expenseCounterLines({
        categoryId: t.category_id,
        taxable: toPaise(t.taxable ?? '0'),
        cgst: toPaise(t.cgst ?? '0'),
        sgst: toPaise(t.sgst ?? '0'),
        igst: toPaise(t.igst ?? '0'),
        itcEligible: Boolean(t.itc),
      });
    }
    await postTransaction(tx, {
      id: t.id,
      businessId,
      accountId: t.account_id,
      branchId: t.expense_branch,
      date: t.date,
      type: t.type,
      direction: t.direction,
      amount,
      partyId: t.party_id,
      document: t.document_type && t.document_id ? { type: t.document_type, id: t.document_id, number: t.document_number ?? '' } : null,
      reversesId: t.reverses_id,
      note: t.note,
      createdBy: null,
      now,
      counter,
    });
  }
}

/** The journal against what the documents say: every party and account balance, and the trial balance. */
async function checkBooks(tx: Tx, businessId: string) {
  const problems: string[] = [];
  const [tb] = await selectRows<{ debit: string; credit: string }>(
    tx,
    sql`select coalesce(sum(debit), 0)::text as debit, coalesce(sum(credit), 0)::text as credit from journal_lines where business_id = ${businessId}`,
  );
  if (toPaise(tb.debit) !== toPaise(tb.credit)) problems.push(`trial balance: debits ${tb.debit}, credits ${tb.credit}`);

  const journalParties = new Map(
    (
      await selectRows<{ party_id: string; balance: string }>(
        tx,
        sql`select party_id, sum(debit - credit)::text as balance from journal_lines where business_id = ${businessId} and party_id is not null group by party_id`,
      )
    ).map((r) => [r.party_id, toPaise(r.balance)]),
  );
  for (const [id, balance] of await documentPartyBalances(tx, businessId)) {
    if (toPaise(balance) !== (journalParties.get(id) ?? 0)) problems.push(`party ${id}: documents say ${balance}, the journal ${journalParties.get(id) ?? 0} paise`);
  }

  const ledgers = new Map(
    (
      await selectRows<{ cash_account_id: string; balance: string }>(
        tx,
        sql`select a.cash_account_id, coalesce(sum(l.debit - l.credit), 0)::text as balance
            from ledger_accounts a left join journal_lines l on l.business_id = a.business_id and l.account_id = a.id
            where a.business_id = ${businessId} and a.cash_account_id is not null group by a.cash_account_id`,
      )
    ).map((r) => [r.cash_account_id, toPaise(r.balance)]),
  );
  const documented = await selectRows<{ id: string; name: string; balance: string }>(
    tx,
    sql`select a.id, a.display_name as name,
               (a.opening_balance + coalesce((select sum(case when t.direction = 'IN' then t.amount else -t.amount end)
                                              from account_transactions t where t.business_id = a.business_id and t.account_id = a.id), 0))::text as balance
        from accounts a where a.business_id = ${businessId}`,
  );
  for (const account of documented) {
    if (toPaise(account.balance) !== (ledgers.get(account.id) ?? 0)) {
      problems.push(`account ${account.name}: documents say ${account.balance}, the journal ${ledgers.get(account.id) ?? 0} paise`);
    }
  }
  if (problems.length) throw new BooksDisagreeError(`The books of business ${businessId} do not agree with its documents: ${problems.join('; ')}`);
}
