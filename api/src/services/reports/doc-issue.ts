import type { Gstr1Return } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectRows } from '../../db/rows';

type DocIssue = Gstr1Return['doc_issue']['doc_det'][number];

interface SeriesRow extends Record<string, unknown> {
  first: string;
  last: string;
  totnum: number;
  cancel: number;
}

const rowsOf = (rows: SeriesRow[]) =>
  rows.map((d, i) => ({ num: i + 1, from: d.first, to: d.last, totnum: d.totnum, cancel: d.cancel, net_issue: d.totnum - d.cancel }));

/**
 * GSTR-1 `doc_issue` for what the business issues as a recipient under reverse charge, per series of the GSTIN and
 * period: doc_num 2, the self-invoices of supplies from unregistered persons (dated on the bill's date; cancelled
 * with their bill), and 7, the payment vouchers for paying them (cancelled when their payment is reversed).
 */
export async function reverseChargeDocIssue(db: Db, scope: { businessId: string; gstin: string; from: string; to: string }): Promise<DocIssue[]> {
  const selfInvoices = await selectRows<SeriesRow>(
    db,
    sql`select (array_agg(b.self_invoice_number order by b.self_invoice_series_no))[1] as first,
               (array_agg(b.self_invoice_number order by b.self_invoice_series_no desc))[1] as last,
               count(*)::int as totnum, (count(*) filter (where b.status = 'CANCELLED'))::int as cancel
        from purchase_invoices b
        where b.business_id = ${scope.businessId} and (b.branch_snapshot->>'gstin') = ${scope.gstin}
          and b.bill_date between ${scope.from} and ${scope.to} and b.self_invoice_number is not null
        group by b.financial_year, b.self_invoice_series_prefix
        order by b.financial_year, b.self_invoice_series_prefix`,
  );
  const vouchers = await selectRows<SeriesRow>(
    db,
    sql`select (array_agg(v.number order by v.series_no))[1] as first,
               (array_agg(v.number order by v.series_no desc))[1] as last,
               count(*)::int as totnum, (count(*) filter (where v.cancelled_at is not null))::int as cancel
        from payment_vouchers v
        where v.business_id = ${scope.businessId} and v.gstin = ${scope.gstin} and v.date between ${scope.from} and ${scope.to}
        group by v.financial_year, v.series_prefix
        order by v.financial_year, v.series_prefix`,
  );
  const det: DocIssue[] = [];
  if (selfInvoices.length) det.push({ doc_num: 2, doc_typ: 'Invoices for inward supply from unregistered person', docs: rowsOf(selfInvoices) });
  if (vouchers.length) det.push({ doc_num: 7, doc_typ: 'Payment Voucher', docs: rowsOf(vouchers) });
  return det;
}
