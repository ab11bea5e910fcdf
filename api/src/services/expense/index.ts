import { randomUUID } from 'node:crypto';
import {
  DEFAULT_EXPENSE_CATEGORIES,
  EXPENSE_PAGE_SIZE_DEFAULT,
  indiaToday,
  type CancelExpenseRequest,
  type CreateExpenseCategoryRequest,
  type CreateExpenseRequest,
  type Expense,
  type ExpenseCategory,
  type ExpenseListMeta,
  type ExpenseListQuery,
} from '@bahi/shared/contracts';
import { GstInputError, computeLine, supplierStateOf, supplyTypeOf, type SupplyType } from '@bahi/shared/gst';
import { fromPaise, moneyText, stateCodeFromGstin, toPaise } from '@bahi/shared/india';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { accounts, expenseCategories, expenses, parties, storeBranches } from '../../db/schema';
import { HttpError, UNIQUE_VIOLATION, badRequest, conflict, pgErrorCode } from '../../errors';
import { paymentAccount, recordTransaction, reverseDocumentTransactions } from '../accounts';
import { checkBooksOpenToChange, documentDate } from '../documents/dates';
import { EXPENSE_PREFIX, takeNumber } from '../documents/numbering';
import { documentBranch, type DocumentContext } from '../documents/prepare';
import { withIdempotency } from '../idempotency';
import { expenseCounterLines } from '../ledger/postings';
import { PARTY_NOT_FOUND } from '../party';
import { UUID } from '../../db/ids';
import { containing } from '../../db/lists';

export const EXPENSE_NOT_FOUND = 'Expense not found';
export const CATEGORY_NOT_FOUND = 'Expense category not found';

// ---------------------------------------------------------------------------------------------------------------
// Categories

/** Sign-up: the default categories, in the sign-up's transaction (the seed migration does the same for old businesses). */
export async function createDefaultExpenseCategories(tx: Tx, businessId: string, now: Date): Promise<void> {
  await tx
    .insert(expenseCategories)
    .values(DEFAULT_EXPENSE_CATEGORIES.map((name) => ({ businessId, name, isDefault: true, createdAt: now })))
    .onConflictDoNothing();
}

const toCategory = (row: typeof expenseCategories.$inferSelect): ExpenseCategory => ({
  id: row.id,
  name: row.name,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

/** The defaults first (in their order of creation), then the business's own by name. */
export async function listCategories(db: Db, businessId: string): Promise<ExpenseCategory[]> {
  const rows = await db
    .select()
    .from(expenseCategories)
    .where(eq(expenseCategories.businessId, businessId))
    .orderBy(desc(expenseCategories.isDefault), asc(sql`lower(${expenseCategories.name})`));
  return rows.map(toCategory);
}

/** expense/create-category: 409 when the business has one of that name in any case. */
export async function createCategory(db: Db, businessId: string, body: z.output<typeof CreateExpenseCategoryRequest>, now: Date) {
  const duplicate = () => conflict(`An expense category named ${body.name} already exists`, 'name');
  const [clash] = await db
    .select({ id: expenseCategories.id })
    .from(expenseCategories)
    .where(and(eq(expenseCategories.businessId, businessId), sql`lower(${expenseCategories.name}) = lower(${body.name})`));
  if (clash) throw duplicate();
  try {
    const [row] = await db.insert(expenseCategories).values({ businessId, name: body.name, createdAt: now }).returning();
    return toCategory(row);
  } catch (e) {
    if (pgErrorCode(e) === UNIQUE_VIOLATION) throw duplicate();
    throw e;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Creating and cancelling

interface TaxSplit {
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
  supplyType: SupplyType | null;
  rate: string | null;
}

/**
 * The GST in what was paid (tax included), by the shared engine as one line of quantity 1: CGST + SGST when the
 * supplier is in the branch's state (or gives no GSTIN), IGST when its GSTIN is of another state.
 */
function splitTax(amount: string, gst: z.output<typeof CreateExpenseRequest>['gst'], branchState: string | null): TaxSplit {
  const paise = toPaise(amount);
  if (!gst) return { taxable: paise, cgst: 0, sgst: 0, igst: 0, supplyType: null, rate: null };
  const supplierState = gst.supplierGstin ? stateCodeFromGstin(gst.supplierGstin) : branchState;
  let supplyType: SupplyType = 'INTRA';
  if (supplierState && branchState) {
    try {
      supplyType = supplyTypeOf({ supplierState, placeOfSupply: branchState });
    } catch (e) {
      if (!(e instanceof GstInputError)) throw e;
    }
  }
  try {
    const line = computeLine({ quantity: '1', unitPrice: amount, priceIncludesTax: true, gstRate: gst.rate }, supplyType);
    // The amount is what was paid, to the paisa: the taxable value is what the taxes leave of it (rounding each tax
    // head of an inclusive price can otherwise make taxable + taxes a paisa more or less than the money that left).
    const taxable = paise - line.cgst - line.sgst - line.igst;
    return { taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst, supplyType, rate: gst.rate };
  } catch (e) {
    if (e instanceof GstInputError) throw badRequest(e.message, e.field === 'gstRate' ? 'gst.rate' : 'amount');
    throw e;
  }
}

/**
 * expense/create-expense, in one transaction: its number, the expense, and one OUT transaction (EXPENSE) on the
 * account it was paid from. Cash in hand never goes below zero (409, recordTransaction).
 */
export async function createExpense(ctx: DocumentContext, body: z.output<typeof CreateExpenseRequest>, key: string | undefined): Promise<Expense> {
  const { db, auth, now } = ctx;
  const businessId = auth.businessId;
  const id = randomUUID();
  const result = await withIdempotency(db, { businessId, key, scope: 'expense.create', body, resourceId: id, now }, async (tx) => {
    const [category] = UUID.test(body.categoryId)
      ? await tx
          .select({ id: expenseCategories.id })
          .from(expenseCategories)
          .where(and(eq(expenseCategories.businessId, businessId), eq(expenseCategories.id, body.categoryId)))
      : [];
    if (!category) throw new HttpError(404, CATEGORY_NOT_FOUND, 'categoryId');
    let partyId: string | null = null;
    if (body.partyId !== undefined) {
      const [party] = UUID.test(body.partyId)
        ? await tx
            .select({ id: parties.id })
            .from(parties)
            .where(and(eq(parties.businessId, businessId), eq(parties.id, body.partyId)))
        : [];
      if (!party) throw new HttpError(404, PARTY_NOT_FOUND, 'partyId');
      partyId = party.id;
    }
    const branch = await documentBranch(tx, auth, body.branchId);
    const account = await paymentAccount(tx, businessId, body.payment.mode, body.payment.accountId, 'payment.accountId');
    const date = await documentDate(tx, businessId, now, body.date, 'date', 'Expense date');
    const tax = splitTax(body.amount, body.gst, supplierStateOf(branch, auth.business));
    // Every branch counts its own 'EXP/26-27/n' (the series is keyed by the branch, like purchases).
    const number = await takeNumber(tx, businessId, { kind: 'EXPENSE', prefix: EXPENSE_PREFIX, date, branchName: branch.name, branchId: branch.id });
    await tx.insert(expenses).values({
      businessId,
      id,
      branchId: branch.id,
      expenseNumber: number.number,
      financialYear: number.financialYear,
      seriesPrefix: number.seriesPrefix,
      seriesNo: number.seriesNo,
      date,
      categoryId: category.id,
      partyId,
      amount: body.amount,
      taxableValue: fromPaise(tax.taxable),
      gstRate: tax.rate,
      supplyType: tax.supplyType,
      cgst: fromPaise(tax.cgst),
      sgst: fromPaise(tax.sgst),
      igst: fromPaise(tax.igst),
      supplierGstin: body.gst?.supplierGstin ?? null,
      itcEligible: body.gst ? (body.gst.itcEligible ?? true) : false,
      accountId: account.id,
      mode: body.payment.mode,
      reference: body.payment.reference ?? null,
      notes: body.notes ?? null,
      status: 'ACTIVE',
      createdBy: auth.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await recordTransaction(tx, {
      businessId,
      accountId: account.id,
      date,
      type: 'EXPENSE',
      direction: 'OUT',
      amount: toPaise(body.amount),
      mode: body.payment.mode,
      partyId,
      document: { type: 'EXPENSE', id, number: number.number },
      reference: body.payment.reference ?? null,
      note: body.notes ?? null,
      createdBy: auth.user.id,
      now,
      branchId: branch.id,
      counter: expenseCounterLines({
        categoryId: category.id,
        ...tax,
        // Credit needs the supplier's GSTIN (as itcAmount reads it).
        itcEligible: Boolean(body.gst && (body.gst.itcEligible ?? true) && body.gst.supplierGstin),
      }),
    });
  });
  return getExpense(db, businessId, result.resourceId);
}

/** expense/cancel-expense/:id: it keeps its number; its payment comes back into the account (EXPENSE_REVERSAL). */
export async function cancelExpense(ctx: DocumentContext, id: string, body: z.output<typeof CancelExpenseRequest>): Promise<Expense> {
  const { db, auth, now } = ctx;
  await db.transaction(async (tx) => {
    const [row] = UUID.test(id)
      ? await tx
          .select()
          .from(expenses)
          .where(and(eq(expenses.businessId, auth.businessId), eq(expenses.id, id)))
          .for('update')
      : [];
    if (!row) throw new HttpError(404, EXPENSE_NOT_FOUND);
    if (row.status === 'CANCELLED') throw conflict(`Expense ${row.expenseNumber} is already cancelled`);
    await checkBooksOpenToChange(tx, auth.businessId, row.date, now);
    await reverseDocumentTransactions(tx, {
      businessId: auth.businessId,
      document: { type: 'EXPENSE', id },
      type: 'EXPENSE_REVERSAL',
      date: indiaToday(now),
      note: `Expense ${row.expenseNumber} cancelled${body.reason ? `: ${body.reason}` : ''}`,
      createdBy: auth.user.id,
      now,
    });
    await tx
      .update(expenses)
      .set({ status: 'CANCELLED', cancelledAt: now, cancelReason: body.reason ?? null, updatedAt: now })
      .where(and(eq(expenses.businessId, auth.businessId), eq(expenses.id, id)));
  });
  return getExpense(db, auth.businessId, id);
}

// ---------------------------------------------------------------------------------------------------------------
// Reading

const selection = {
  e: expenses,
  branchName: storeBranches.name,
  categoryName: expenseCategories.name,
  accountName: accounts.displayName,
  partyName: parties.name,
};

function expenseQuery(db: Db | Tx) {
  return db
    .select(selection)
    .from(expenses)
    .innerJoin(storeBranches, and(eq(storeBranches.businessId, expenses.businessId), eq(storeBranches.id, expenses.branchId)))
    .innerJoin(expenseCategories, and(eq(expenseCategories.businessId, expenses.businessId), eq(expenseCategories.id, expenses.categoryId)))
    .innerJoin(accounts, and(eq(accounts.businessId, expenses.businessId), eq(accounts.id, expenses.accountId)))
    .leftJoin(parties, and(eq(parties.businessId, expenses.businessId), eq(parties.id, expenses.partyId)));
}

type ExpenseRow = Awaited<ReturnType<ReturnType<typeof expenseQuery>['execute']>>[number];

function toExpense(r: ExpenseRow): Expense {
  const e = r.e;
  const totalTax = toPaise(moneyText(e.cgst)) + toPaise(moneyText(e.sgst)) + toPaise(moneyText(e.igst));
  return {
    id: e.id,
    expenseNumber: e.expenseNumber,
    financialYear: e.financialYear,
    date: e.date,
    status: e.status,
    branchId: e.branchId,
    branchName: r.branchName,
    categoryId: e.categoryId,
    categoryName: r.categoryName,
    amount: moneyText(e.amount),
    taxableValue: moneyText(e.taxableValue),
    gstRate: e.gstRate === null ? null : String(Number(e.gstRate)),
    supplyType: e.supplyType,
    cgst: moneyText(e.cgst),
    sgst: moneyText(e.sgst),
    igst: moneyText(e.igst),
    totalTax: fromPaise(totalTax),
    supplierGstin: e.supplierGstin,
    itcEligible: e.itcEligible,
    itcAmount: fromPaise(e.itcEligible && e.supplierGstin ? totalTax : 0),
    mode: e.mode as Expense['mode'],
    accountId: e.accountId,
    accountName: r.accountName,
    reference: e.reference,
    partyId: e.partyId,
    partyName: r.partyName,
    notes: e.notes,
    receipt:
      e.receiptFileId && e.receiptType
        ? { fileName: e.receiptName ?? e.receiptFile ?? 'receipt', mimeType: e.receiptType, size: e.receiptSize ?? 0, url: `/api/expense/receipt/${e.id}` }
        : null,
    cancelledAt: e.cancelledAt?.toISOString() ?? null,
    cancelReason: e.cancelReason,
    createdAt: e.createdAt.toISOString(),
  };
}

export async function getExpense(db: Db | Tx, businessId: string, id: string): Promise<Expense> {
  if (!UUID.test(id)) throw new HttpError(404, EXPENSE_NOT_FOUND);
  const [row] = await expenseQuery(db).where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)));
  if (!row) throw new HttpError(404, EXPENSE_NOT_FOUND);
  return toExpense(row);
}

/** `%text%` for ilike, its own % and _ taken literally. */

/**
 * expense/expenses: newest first, one page; meta.sums over every match (cancelled ones left out): the total, the
 * tax, the input tax credit and the amount per category, largest first.
 */
export async function listExpenses(db: Db, businessId: string, q: z.output<typeof ExpenseListQuery>): Promise<{ data: Expense[]; meta: ExpenseListMeta }> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? EXPENSE_PAGE_SIZE_DEFAULT;
  const byId = (column: AnyPgColumn, value: string | undefined) =>
    value === undefined ? undefined : UUID.test(value) ? eq(column, value) : sql`false`;
  const conditions: (SQL | undefined)[] = [
    eq(expenses.businessId, businessId),
    byId(expenses.categoryId, q.categoryId),
    byId(expenses.accountId, q.accountId),
    byId(expenses.branchId, q.branchId),
    byId(expenses.createdBy, q.createdBy),
    byId(expenses.partyId, q.partyId),
    q.from ? sql`${expenses.date} >= ${q.from}` : undefined,
    q.to ? sql`${expenses.date} <= ${q.to}` : undefined,
    q.status ? eq(expenses.status, q.status) : undefined,
    q.q ? sql`(${expenses.expenseNumber} ilike ${containing(q.q)} or coalesce(${expenses.notes}, '') ilike ${containing(q.q)})` : undefined,
  ];
  const where = and(...conditions);
  const rows = await expenseQuery(db)
    .where(where)
    // One date's documents by their number, newest first (concurrent saves commit in any order).
    .orderBy(desc(expenses.date), desc(expenses.seriesNo), desc(expenses.createdAt), desc(expenses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const active = sql`${expenses.status} = 'ACTIVE'`;
  const tax = sql`${expenses.cgst} + ${expenses.sgst} + ${expenses.igst}`;
  const [totals] = await db
    .select({
      total: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${expenses.amount}) filter (where ${active}), 0)::text`,
      tax: sql<string>`coalesce(sum(${tax}) filter (where ${active}), 0)::text`,
      itc: sql<string>`coalesce(sum(${tax}) filter (where ${active} and ${expenses.itcEligible} and ${expenses.supplierGstin} is not null), 0)::text`,
    })
    .from(expenses)
    .where(where);
  const perCategory = await db
    .select({
      categoryId: expenses.categoryId,
      categoryName: expenseCategories.name,
      count: sql<number>`count(*)::int`,
      amount: sql<string>`sum(${expenses.amount})::text`,
    })
    .from(expenses)
    .innerJoin(expenseCategories, and(eq(expenseCategories.businessId, expenses.businessId), eq(expenseCategories.id, expenses.categoryId)))
    .where(and(where, active))
    .groupBy(expenses.categoryId, expenseCategories.name)
    .orderBy(desc(sql`sum(${expenses.amount})`), asc(expenseCategories.name));
  return {
    data: rows.map(toExpense),
    meta: {
      total: Number(totals.total),
      page,
      pageSize,
      sums: {
        total: moneyText(totals.amount),
        totalTax: moneyText(totals.tax),
        itc: moneyText(totals.itc),
        byCategory: perCategory.map((c) => ({ categoryId: c.categoryId, categoryName: c.categoryName, count: Number(c.count), amount: moneyText(c.amount) })),
      },
    },
  };
}
