import type { DocumentBranch, DocumentParty } from '@bahi/shared/contracts';
import { fromPaise, moneyText } from '@bahi/shared/india';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { accountTransactions, paymentVouchers } from '../../db/schema';
import { UUID } from '../../db/ids';
import { HttpError } from '../../errors';
import { PAYMENT_VOUCHER_PREFIX, SELF_INVOICE_PREFIX, takeNumber, type TakenNumber } from '../documents/numbering';
import { selectRows } from '../../db/rows';

/*
 * Reverse charge from an unregistered supplier (s.9(4), s.31(3)(f) and (g)): the recipient issues a self-invoice
 * when it receives the supply and a payment voucher when it pays for it, each in its own gap-free series per GSTIN
 * (a branch without a GSTIN: per branch) and financial year.
 */

/** A supplier is unregistered when it has no GSTIN. */
export const isUnregisteredSupplier = (party: Pick<DocumentParty, 'gstin'> | null) => Boolean(party) && !party!.gstin;

/** The series a document of the branch is numbered in: the GSTIN's, else the branch's own. */
const seriesScope = (branchId: string, gstin: string | null | undefined) => (gstin ? `GSTIN ${gstin}` : branchId);

/**
 * The number of the self-invoice for a bill received on `billDate` under reverse charge, taken in the transaction
 * that saves the bill.
 */
export function takeSelfInvoiceNumber(tx: Tx, businessId: string, branch: { id: string; name: string }, gstin: string | null, billDate: string): Promise<TakenNumber> {
  return takeNumber(tx, businessId, {
    kind: 'SELF_INVOICE',
    prefix: SELF_INVOICE_PREFIX,
    date: billDate,
    branchName: branch.name,
    series: seriesScope(branch.id, gstin),
  });
}

interface SelfInvoicedBill extends Record<string, unknown> {
  id: string;
  branch_id: string;
  branch_name: string;
  gstin: string | null;
}

/**
 * A payment voucher for a payment (`transactionId`, dated `date`) that paid `paid` bills, in the paying
 * transaction: issued when any of them carries a self-invoice, for what it paid towards those, under the branch and
 * GSTIN of the oldest of them. Answers its number, or null when none of the bills needs one.
 */
export async function issuePaymentVoucher(
  tx: Tx,
  businessId: string,
  payment: { transactionId: string; date: string; now: Date },
  paid: Array<{ purchaseId: string; amount: number }>,
): Promise<string | null> {
  if (paid.length === 0) return null;
  const bills = await selectRows<SelfInvoicedBill>(
    tx,
    sql`select b.id::text as id, b.branch_id::text as branch_id, b.branch_snapshot->>'name' as branch_name,
               b.branch_snapshot->>'gstin' as gstin
        from purchase_invoices b
        where b.business_id = ${businessId} and b.id = any(${sql.param(paid.map((p) => p.purchaseId))}::uuid[])
          and b.self_invoice_number is not null
        order by b.bill_date, b.created_at, b.id`,
  );
  if (bills.length === 0) return null;
  const ids = new Set(bills.map((b) => b.id));
  const amount = paid.filter((p) => ids.has(p.purchaseId)).reduce((sum, p) => sum + p.amount, 0);
  const first = bills[0];
  const number = await takeNumber(tx, businessId, {
    kind: 'PAYMENT_VOUCHER',
    prefix: PAYMENT_VOUCHER_PREFIX,
    date: payment.date,
    branchName: first.branch_name,
    series: seriesScope(first.branch_id, first.gstin),
  });
  await tx.insert(paymentVouchers).values({
    businessId,
    transactionId: payment.transactionId,
    branchId: first.branch_id,
    gstin: first.gstin,
    financialYear: number.financialYear,
    seriesPrefix: number.seriesPrefix,
    seriesNo: number.seriesNo,
    number: number.number,
    date: payment.date,
    amount: fromPaise(amount),
    createdAt: payment.now,
  });
  return number.number;
}

/**
 * A bill is cancelled: the vouchers of its own payments (reversed with it) are cancelled too, keeping their
 * numbers. A payment out allocated to it stays with the supplier as an advance, and so does its voucher.
 */
export async function cancelBillVouchers(tx: Tx, businessId: string, purchaseId: string, now: Date): Promise<void> {
  await tx
    .update(paymentVouchers)
    .set({ cancelledAt: now })
    .where(
      and(
        eq(paymentVouchers.businessId, businessId),
        isNull(paymentVouchers.cancelledAt),
        inArray(
          paymentVouchers.transactionId,
          tx
            .select({ id: accountTransactions.id })
            .from(accountTransactions)
            .where(
              and(
                eq(accountTransactions.businessId, businessId),
                eq(accountTransactions.documentType, 'PURCHASE'),
                eq(accountTransactions.documentId, purchaseId),
                eq(accountTransactions.type, 'PURCHASE_PAYMENT'),
              ),
            ),
        ),
      ),
    );
}

export const PAYMENT_VOUCHER_NOT_FOUND = 'Payment voucher not found: this payment paid no bill under reverse charge from an unregistered supplier';

/** A payment voucher as it prints: the voucher, its payment, and the self-invoiced bills it paid. */
export interface PaymentVoucherView {
  number: string;
  date: string;
  cancelled: boolean;
  amount: string;
  mode: string | null;
  reference: string | null;
  accountName: string;
  branch: DocumentBranch;
  party: DocumentParty;
  placeOfSupply: string;
  supplyType: 'INTRA' | 'INTER';
  bills: Array<{ selfInvoiceNumber: string; billNumber: string; billDate: string; amount: string }>;
}

interface VoucherRow extends Record<string, unknown> {
  number: string;
  date: string;
  cancelled: boolean;
  voucher_amount: string;
  mode: string | null;
  reference: string | null;
  account_name: string;
  branch_snapshot: DocumentBranch;
  party_snapshot: DocumentParty;
  place_of_supply: string;
  supply_type: 'INTRA' | 'INTER';
  self_invoice_number: string;
  bill_number: string;
  bill_date: string;
  amount: string;
}

/** The payment voucher of a payment (its transaction id) of the business; 404 when it has none. */
export async function getPaymentVoucher(db: Db, businessId: string, transactionId: string): Promise<PaymentVoucherView> {
  const rows = UUID.test(transactionId)
    ? await selectRows<VoucherRow>(
        db,
        sql`select v.number, v.date::text as date, (v.cancelled_at is not null) as cancelled, v.amount::text as voucher_amount,
                   t.mode, t.reference, a.display_name as account_name, b.branch_snapshot, b.party_snapshot, b.place_of_supply,
                   b.supply_type, b.self_invoice_number, b.bill_number, b.bill_date::text as bill_date,
                   coalesce(pa.amount, t.amount)::text as amount
            from payment_vouchers v
            join account_transactions t on t.business_id = v.business_id and t.id = v.transaction_id
            join accounts a on a.business_id = t.business_id and a.id = t.account_id
            left join payment_allocations pa on pa.business_id = t.business_id and pa.transaction_id = t.id and pa.document_type = 'PURCHASE'
            join purchase_invoices b on b.business_id = t.business_id and b.id = coalesce(pa.document_id, t.document_id)
              and b.self_invoice_number is not null
            where v.business_id = ${businessId} and v.transaction_id = ${transactionId}
            order by b.bill_date, b.created_at, b.id`,
      )
    : [];
  if (rows.length === 0) throw new HttpError(404, PAYMENT_VOUCHER_NOT_FOUND);
  const first = rows[0];
  return {
    number: first.number,
    date: first.date,
    cancelled: Boolean(first.cancelled),
    amount: moneyText(first.voucher_amount),
    mode: first.mode,
    reference: first.reference,
    accountName: first.account_name,
    branch: first.branch_snapshot,
    party: first.party_snapshot,
    placeOfSupply: first.place_of_supply,
    supplyType: first.supply_type,
    bills: rows.map((r) => ({ selfInvoiceNumber: r.self_invoice_number, billNumber: r.bill_number, billDate: r.bill_date, amount: moneyText(r.amount) })),
  };
}
