import { GstInputError, documentNumber, documentSeriesPrefix, financialYearOf } from '@bahi/shared/gst';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { documentSeries } from '../../db/schema';
import { conflict } from '../../errors';
import { selectPrepared } from '../../db/prepared';

/** Kinds of numbered documents; each has its own series. */
export type DocumentKind =
  | 'SALE'
  | 'QUOTATION'
  | 'PURCHASE'
  | 'EXPENSE'
  | 'JOURNAL'
  | 'SELF_INVOICE'
  | 'PAYMENT_VOUCHER'
  | 'PURCHASE_DEBIT_NOTE'
  | 'CREDIT_NOTE'
  | 'DEBIT_NOTE';

/** Quotations of every branch share one series: 'QT/26-27/7'. */
export const QUOTATION_PREFIX = 'QT';
/** Purchase bills' own reference numbers: one series per branch, 'PUR/26-27/15'. */
export const PURCHASE_PREFIX = 'PUR';
/** Purchase debit notes (goods returned to a supplier, a price reduced): one series per branch, 'PDN/26-27/4'. */
export const PURCHASE_DEBIT_NOTE_PREFIX = 'PDN';
/** Expenses: one series per branch too, 'EXP/26-27/3'. */
export const EXPENSE_PREFIX = 'EXP';
/** Manual journal vouchers: one series per business, 'JV/26-27/4'. */
export const JOURNAL_PREFIX = 'JV';
/**
 * Self-invoices for supplies received under reverse charge from unregistered suppliers, 'RCM/26-27/4', and the
 * payment vouchers for paying them, 'PV/26-27/2': one series per GSTIN they are issued under (a branch without a
 * GSTIN: per branch), so a GSTIN's numbers never repeat in a financial year.
 */
export const SELF_INVOICE_PREFIX = 'RCM';
export const PAYMENT_VOUCHER_PREFIX = 'PV';

/**
 * A branch's invoice prefix when none is set: the initials of a name of several words ('Main Branch' → 'MB'), else
 * its first three letters ('Mumbai' → 'MUM'). Only A–Z and 0–9 are kept; a name without any gives no prefix.
 */
export function defaultInvoicePrefix(branchName: string): string {
  const words = branchName.toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
  const prefix = words.length >= 2 ? words.slice(0, 4).map((w) => w[0]).join('') : (words[0] ?? '').slice(0, 3);
  return prefix.replace(/^0+/, '');
}

export interface SeriesRef {
  kind: DocumentKind;
  /** The branch's invoice prefix, or QT. */
  prefix: string;
  /** The document's date: it decides the financial year. */
  date: string;
  /** For the message when the prefix cannot make a number. */
  branchName: string;
  /**
   * A series of its own per branch, even where the numbers look alike (purchases: every branch counts its
   * 'PUR/26-27/' from 1). Without it, branches whose prefixes give the same series share it.
   */
  branchId?: string;
  /** A series of its own per this key instead (the GSTIN a self-invoice is issued under). */
  series?: string;
}

interface Series {
  financialYear: string;
  /** 'MB/26-27/': the prefix and year as every number of the series starts. */
  seriesPrefix: string;
}

function seriesOf(ref: SeriesRef): Series {
  const financialYear = financialYearOf(ref.date).label;
  try {
    return { financialYear, seriesPrefix: documentSeriesPrefix(ref.prefix, financialYear) };
  } catch (e) {
    if (e instanceof GstInputError) {
      throw conflict(`The invoice prefix ${ref.prefix} of ${ref.branchName} cannot make a document number: ${e.message}`, 'branchId');
    }
    throw e;
  }
}

/**
 * The counter row's key: the series prefix as printed, and the branch when the series is the branch's own. Never
 * the financial year itself: years a century apart print alike ('99-00'), and one printed series has one counter.
 */
const seriesKey = (ref: SeriesRef, seriesPrefix: string) => {
  const own = ref.series ?? ref.branchId;
  return own ? `${seriesPrefix}@${own}` : seriesPrefix;
};

export interface TakenNumber {
  number: string;
  financialYear: string;
  seriesPrefix: string;
  seriesNo: number;
}

/**
 * The next number of a series, taken in the transaction that saves the document: the counter row stays locked
 * until that transaction ends, so numbers follow one another without gaps, and a save that fails takes none.
 * Branches whose prefixes give the same series share it, so their numbers never repeat.
 */
export async function takeNumber(tx: Tx, businessId: string, ref: SeriesRef): Promise<TakenNumber> {
  const { financialYear, seriesPrefix } = seriesOf(ref);
  // A prepared statement: every document of a branch waits for the one before on this row, so its cost counts twice.
  const [row] = await selectPrepared<{ last_number: number }>(
    tx,
    'series_take',
    sql`insert into ${documentSeries} (business_id, doc_type, financial_year, prefix, last_number)
        values (${businessId}::uuid, ${ref.kind}::text, ${financialYear}::text, ${seriesKey(ref, seriesPrefix)}::text, 1)
        on conflict (business_id, doc_type, prefix)
        do update set last_number = ${documentSeries}.last_number + 1, updated_at = now()
        returning last_number`,
  );
  const seriesNo = Number(row.last_number);
  return { number: numberOf(ref, financialYear, seriesNo), financialYear, seriesPrefix, seriesNo };
}

function numberOf(ref: SeriesRef, financialYear: string, n: number): string {
  try {
    return documentNumber(ref.prefix, financialYear, n);
  } catch (e) {
    if (e instanceof GstInputError) throw conflict(`No more numbers in this series: ${e.message}`, 'branchId');
    throw e;
  }
}

/** The number the next document of a series would get; nothing is reserved. */
export async function peekNumber(db: Db, businessId: string, ref: SeriesRef): Promise<{ number: string; financialYear: string }> {
  const { financialYear, seriesPrefix } = seriesOf(ref);
  const [row] = await db
    .select({ lastNumber: documentSeries.lastNumber })
    .from(documentSeries)
    .where(
      and(
        eq(documentSeries.businessId, businessId),
        eq(documentSeries.docType, ref.kind),
        eq(documentSeries.prefix, seriesKey(ref, seriesPrefix)),
      ),
    );
  return { number: numberOf(ref, financialYear, (row?.lastNumber ?? 0) + 1), financialYear };
}
