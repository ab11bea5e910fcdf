import type { Gstr3bQuery, Gstr3bResponse, Gstr3bReturn } from '@bahi/shared/contracts';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { selectRows } from '../documents/rows';
import { CTIN, GSTIN_NOT_FOUND, hasGstin, inReturn, num, returnRange } from './gstr1';

const EXPORT_POS = '96';
type Heads = { iamt: number; camt: number; samt: number; csamt: number };
const ZERO: Heads = { iamt: 0, camt: 0, samt: 0, csamt: 0 };

/**
 * Input tax credit for a return: TODO(issue 11, purchases/expenses) — sum the GST of purchase bills and expenses
 * of the GSTIN and period here (4A(5) "All other ITC" as `OTH`; imports as IMPG/IMPS; reverse-charge inward as
 * ISRC and, with it, 3.1(d) `isup_rev`), and the reversals (4B). Until purchases exist it is zero.
 */
async function inputTaxCredit(): Promise<{ available: Heads; reversed: Heads; reverseChargeInward: Heads & { txval: number }; itcFromPurchases: boolean }> {
  return { available: ZERO, reversed: ZERO, reverseChargeInward: { txval: 0, ...ZERO }, itcFromPurchases: false };
}

/** GET report/gstr3b: the summary return for a month, outward supplies from the sales (3.1, 3.2), ITC (4). */
export async function gstr3b(db: Db, businessId: string, q: Gstr3bQuery): Promise<Omit<Gstr3bResponse, 'success'>> {
  if (!(await hasGstin(db, businessId, q.gstin))) throw notFound(GSTIN_NOT_FOUND);
  const range = returnRange(q.period, false);
  const scope = { businessId, gstin: q.gstin, ...range, limit: '0' };
  const live = sql`${inReturn(scope)} and s.status <> 'CANCELLED'`;
  const lines = sql`sale_invoices s join sale_invoice_lines l on l.business_id = s.business_id and l.document_id = s.id`;
  const sums = (name: string, filter: string) =>
    ['taxable_value', 'igst', 'cgst', 'sgst', 'cess'].map((c) => `coalesce(sum(l.${c}) filter (where ${filter}), 0)::text as ${name}_${c}`).join(', ');
  const taxable = `s.place_of_supply <> '${EXPORT_POS}' and l.gst_rate > 0`;
  const zero = `s.place_of_supply = '${EXPORT_POS}'`;
  const nil = `s.place_of_supply <> '${EXPORT_POS}' and l.gst_rate = 0`;
  const [row] = await selectRows<Record<string, string>>(
    db,
    sql`select ${sql.raw([sums('a', taxable), sums('b', zero), sums('c', nil)].join(', '))} from ${lines} where ${live}`,
  );
  const v = (name: string) => num(row[name]);
  const unreg = await selectRows<{ pos: string; txval: string; iamt: string }>(
    db,
    sql`select s.place_of_supply as pos, sum(l.taxable_value)::text as txval, sum(l.igst)::text as iamt
        from ${lines} where ${live} and s.supply_type = 'INTER' and ${CTIN} is null and s.place_of_supply <> ${EXPORT_POS}
        group by s.place_of_supply order by s.place_of_supply`,
  );
  const itc = await inputTaxCredit();
  const net: Heads = {
    iamt: num(itc.available.iamt - itc.reversed.iamt),
    camt: num(itc.available.camt - itc.reversed.camt),
    samt: num(itc.available.samt - itc.reversed.samt),
    csamt: num(itc.available.csamt - itc.reversed.csamt),
  };
  const data: Gstr3bReturn = {
    gstin: q.gstin,
    ret_period: q.period,
    sup_details: {
      osup_det: { txval: v('a_taxable_value'), iamt: v('a_igst'), camt: v('a_cgst'), samt: v('a_sgst'), csamt: v('a_cess') },
      osup_zero: { txval: v('b_taxable_value'), iamt: v('b_igst'), csamt: v('b_cess') },
      osup_nil_exmp: { txval: v('c_taxable_value') },
      isup_rev: itc.reverseChargeInward,
      osup_nongst: { txval: 0 },
    },
    inter_sup: { unreg_details: unreg.map((r) => ({ pos: r.pos, txval: num(r.txval), iamt: num(r.iamt) })), comp_details: [], uin_details: [] },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG', ...ZERO },
        { ty: 'IMPS', ...ZERO },
        { ty: 'ISRC', ...ZERO },
        { ty: 'ISD', ...ZERO },
        { ty: 'OTH', ...itc.available },
      ],
      itc_rev: [
        { ty: 'RUL', ...itc.reversed },
        { ty: 'OTH', ...ZERO },
      ],
      itc_net: net,
      itc_inelg: [
        { ty: 'RUL', ...ZERO },
        { ty: 'OTH', ...ZERO },
      ],
    },
    inward_sup: { isup_details: [{ ty: 'GST', inter: 0, intra: 0 }, { ty: 'NONGST', inter: 0, intra: 0 }] },
  };
  // Payable per head, in paise: output (3.1 a + b + d) − net ITC, not below zero.
  const p = (n: number) => toPaise(n.toFixed(2));
  const out = data.sup_details;
  const head = (output: number, credit: number) => fromPaise(Math.max(0, output - p(credit)));
  return {
    data,
    liability: {
      igst: head(p(out.osup_det.iamt) + p(out.osup_zero.iamt) + p(out.isup_rev.iamt), net.iamt),
      cgst: head(p(out.osup_det.camt) + p(out.isup_rev.camt), net.camt),
      sgst: head(p(out.osup_det.samt) + p(out.isup_rev.samt), net.samt),
      cess: head(p(out.osup_det.csamt) + p(out.osup_zero.csamt) + p(out.isup_rev.csamt), net.csamt),
    },
    meta: { ...range, itcFromPurchases: itc.itcFromPurchases },
  };
}
