import { type DocumentType, type PaymentMode, type SalePayment, type SaleStatus } from '@bahi/shared/contracts';
import { fromPaise, moneyText, toPaise } from '@bahi/shared/india';
import { sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { purchaseInvoiceLines, purchaseInvoices, saleInvoiceLines, saleInvoices } from '../../db/schema';
import { badRequest, conflict } from '../../errors';
import { documentTransactions, paymentAccount, recordTransaction, type AccountRef } from '../accounts';
import { allocationsTo, type AllocatableKind, type OpenDocument } from '../payments/allocation';
import { checkPaymentDate, documentDate } from './dates';
import type { DocumentContext } from './prepare';

/** A document that is paid: a sale invoice (paid in) or a purchase bill (paid out). */
export type PaidDocumentType = Extract<DocumentType, 'SALE' | 'PURCHASE'>;

/** Where a paid document is stored. */
export interface PaidDocumentTables {
  type: PaidDocumentType;
  table: typeof saleInvoices | typeof purchaseInvoices;
  lineTable: typeof saleInvoiceLines | typeof purchaseInvoiceLines;
  /** The column of what has been paid so far: `received` of a sale invoice, `paid` of a purchase bill. */
  paid: 'received' | 'paid';
}

/** The transaction a payment against the document records, and which way its moneyText goes. */
const PAYMENT_OF = {
  SALE: { type: 'SALE_PAYMENT', direction: 'IN' },
  PURCHASE: { type: 'PURCHASE_PAYMENT', direction: 'OUT' },
} as const;

/** Paid in full (a zero document too), part paid, or nothing yet: sale invoices and purchase bills alike. */
export const paymentStatus = (paid: number, grandTotal: number): Exclude<SaleStatus, 'CANCELLED'> =>
  paid >= grandTotal ? 'PAID' : paid > 0 ? 'PARTIAL' : 'UNPAID';

/** Not fully paid after its due date (never a cancelled document). */
export const isOverdue = (row: { status: string; dueDate: string }, today: string) =>
  (row.status === 'UNPAID' || row.status === 'PARTIAL') && row.dueDate < today;

/**
 * The payments of a document: its own transactions of `paymentType` (each marked once reversed), and its share of
 * payments not tied to one bill (payment/payment-in, payment/payment-out), marked reversed once the document is
 * cancelled (the moneyText then stays with the party as an advance). Oldest first.
 */
export async function documentPayments(
  db: Db | Tx,
  businessId: string,
  documentType: DocumentType,
  id: string,
  paymentType: string,
  cancelled = false,
): Promise<SalePayment[]> {
  const moves = await documentTransactions(db, businessId, documentType, [id]);
  const reversed = new Set(moves.map((m) => m.t.reversesId).filter((r): r is string => r !== null));
  const payments: SalePayment[] = moves
    .filter((m) => m.t.type === paymentType)
    .map((m) => ({
      id: m.t.id,
      date: m.t.date,
      amount: moneyText(m.t.amount),
      mode: m.t.mode as SalePayment['mode'],
      accountId: m.t.accountId,
      accountName: m.accountName,
      reference: m.t.reference,
      reversed: reversed.has(m.t.id),
      createdAt: m.t.createdAt.toISOString(),
    }));
  for (const a of await allocationsTo(db, businessId, documentType, id)) {
    payments.push({ ...a, mode: a.mode as SalePayment['mode'], reversed: cancelled });
  }
  return payments.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : x.createdAt < y.createdAt ? -1 : x.createdAt > y.createdAt ? 1 : 0));
}

/** What is still due on a document, in paise: its grand total less what has been paid; nothing once cancelled. */
export const balanceDue = (status: string, grandTotal: string, paid: string) =>
  status === 'CANCELLED' ? 0 : toPaise(moneyText(grandTotal)) - toPaise(moneyText(paid));

/** `balanceDue` in SQL, for the sums of a list. */
export const balanceDueSql = (columns: { status: AnyColumn; grandTotal: AnyColumn }, paid: AnyColumn) =>
  sql`case when ${columns.status} = 'CANCELLED' then 0 else ${columns.grandTotal} - ${paid} end`;

/**
 * The payment made with a new document (`payment` of create-sale, create-purchase): at most its grand total
 * (`tooMuch` says so, naming the total), into the account its mode goes to. Answers the amount in paise (0 without
 * a payment) and the account.
 */
export async function paymentWithDocument(
  tx: Tx,
  businessId: string,
  payment: { amount: string; mode: PaymentMode; accountId?: string } | undefined,
  grandTotal: number,
  tooMuch: string,
): Promise<{ paid: number; account: AccountRef | undefined }> {
  const paid = payment ? toPaise(payment.amount) : 0;
  if (paid > grandTotal) throw badRequest(`${tooMuch}, ₹${fromPaise(grandTotal)}`, 'payment.amount');
  const account = payment ? await paymentAccount(tx, businessId, payment.mode, payment.accountId, 'payment.accountId') : undefined;
  return { paid, account };
}

/**
 * record-payment of a stored document, inside the caller's transaction: refused when `what` ("Invoice S-1") is
 * cancelled or paid in full, or above its balance; then recorded into the account its mode goes to, and settled on
 * the document (`kind`). Answers the amount in paise, the payment's date and its transaction.
 */
export async function payDocument(
  tx: Tx,
  ctx: Pick<DocumentContext, 'auth' | 'now'>,
  kind: AllocatableKind,
  doc: OpenDocument,
  what: string,
  body: { amount: string; mode: PaymentMode; accountId?: string; reference?: string; date?: string },
): Promise<{ amount: number; date: string; transactionId: string }> {
  const p = { businessId: ctx.auth.businessId, createdBy: ctx.auth.user.id, now: ctx.now };
  if (doc.cancelled) throw conflict(`${what} is cancelled: it takes no payments`);
  if (doc.due === 0) throw conflict(`${what} is already paid in full`);
  const amount = toPaise(body.amount);
  if (amount > doc.due) throw badRequest(`Payment cannot be more than the balance due, ₹${fromPaise(doc.due)}`, 'amount');
  const date = await documentDate(tx, p.businessId, p.now, body.date, 'date', 'Payment date');
  checkPaymentDate(date, doc);
  const account = await paymentAccount(tx, p.businessId, body.mode, body.accountId, 'accountId');
  const transactionId = await recordDocumentPayment(tx, {
    businessId: p.businessId,
    document: { type: kind.type as PaidDocumentType, id: doc.id, number: doc.number },
    branchId: doc.branchId,
    partyId: doc.partyId,
    accountId: account.id,
    date,
    amount,
    mode: body.mode,
    reference: body.reference ?? null,
    createdBy: p.createdBy,
    now: p.now,
    // Cash in hand never below 0 (a payment out): recordTransaction refuses with 409 naming this field.
    field: 'amount',
  });
  await kind.settle(tx, p.businessId, doc, amount, p.now);
  return { amount, date, transactionId };
}

/**
 * Records a payment of the document into (a sale) or out of (a purchase) the account, its journal entry at the
 * document's branch; `field` names the amount in a refusal.
 * Answers the transaction's id.
 */
export async function recordDocumentPayment(
  tx: Tx,
  p: {
    businessId: string;
    document: { type: PaidDocumentType; id: string; number: string };
    branchId: string;
    partyId: string | null;
    accountId: string;
    date: string;
    amount: number;
    mode: PaymentMode;
    reference: string | null;
    createdBy: string;
    now: Date;
    field: string;
  },
): Promise<string> {
  return recordTransaction(tx, { ...p, ...PAYMENT_OF[p.document.type], note: null });
}
