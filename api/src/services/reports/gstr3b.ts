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

interface Inward {
  other: Heads;
  reverseCharge: Heads;
  reverseChargeInward: Heads & { txval: number };
  exempt: { inter: number; intra: number };
}

/**
 * What the purchase bills and expenses of the GSTIN and month give GSTR-3B, not cancelled: eligible ITC (4A(3) ISRC
 * for reverse-charge bills, 4A(5) OTH for the other bills and the ITC-eligible expenses of registered suppliers),
 * inward supplies liable to reverse charge (3.1 d), and nil-rated inward supplies from bills (5). ITC reversals (4B)
 * are not recorded yet: zero.
 */
async function inward(db: Db, scope: { businessId: string; gstin: string; from: string; to: string }): Promise<Inward> {
  const inReturn = sql`b.business_id = ${scope.businessId} and (b.branch_snapshot->>'gstin') = ${scope.gstin}
    and b.bill_date between ${scope.from} and ${scope.to} and b.status <> 'CANCELLED'`;
  const sums = (prefix: string, cols: string[], filter: string) =>
    cols.map((c) => `coalesce(sum(b.${c}) filter (where ${filter}), 0)::text as ${prefix}_${c}`).join(', ');
  const itc = ['itc_igst', 'itc_cgst', 'itc_sgst', 'itc_cess'];
  const [r] = await selectRows<Record<string, string>>(
    db,
    sql`select ${sql.raw([sums('o', itc, 'not b.reverse_charge'), sums('r', itc, 'b.reverse_charge'), sums('i', ['taxable_value', 'igst', 'cgst', 'sgst', 'cess'], 'b.reverse_charge')].join(', '))}
        from purchase_invoices b where ${inReturn}`,
  );
  const [x] = await selectRows<{ inter: string; intra: string }>(
    db,
    sql`select coalesce(sum(l.taxable_value) filter (where b.supply_type = 'INTER'), 0)::text as inter,
               coalesce(sum(l.taxable_value) filter (where b.supply_type = 'INTRA'), 0)::text as intra
        from purchase_invoice_lines l join purchase_invoices b on b.business_id = l.business_id and b.id = l.document_id
        where ${inReturn} and l.gst_rate = 0`,
  );
  // Expenses with GST from a registered supplier, of a branch that files under this GSTIN: its own, or the
  // business's when the branch is in the GSTIN's state (as documents' branch snapshots take it).
  const [e] = await selectRows<{ igst: string; cgst: string; sgst: string }>(
    db,
    sql`select coalesce(sum(x.igst), 0)::text as igst, coalesce(sum(x.cgst), 0)::text as cgst, coalesce(sum(x.sgst), 0)::text as sgst
        from expenses x
        join store_branches sb on sb.business_id = x.business_id and sb.id = x.branch_id
        join businesses bz on bz.id = x.business_id
        where x.business_id = ${scope.businessId} and x.date between ${scope.from} and ${scope.to} and x.status <> 'CANCELLED'
          and x.itc_eligible and x.supplier_gstin is not null
          and coalesce(sb.gstin, case when left(bz.gstin, 2) = coalesce(sb.state_code, left(bz.gstin, 2)) then bz.gstin end) = ${scope.gstin}`,
  );
  const heads = (p: string): Heads => ({ iamt: num(r[`${p}_itc_igst`]), camt: num(r[`${p}_itc_cgst`]), samt: num(r[`${p}_itc_sgst`]), csamt: num(r[`${p}_itc_cess`]) });
  const other = heads('o');
  return {
    other: { iamt: num(other.iamt + Number(e.igst)), camt: num(other.camt + Number(e.cgst)), samt: num(other.samt + Number(e.sgst)), csamt: other.csamt },
    reverseCharge: heads('r'),
    reverseChargeInward: { txval: num(r.i_taxable_value), iamt: num(r.i_igst), camt: num(r.i_cgst), samt: num(r.i_sgst), csamt: num(r.i_cess) },
    exempt: { inter: num(x.inter), intra: num(x.intra) },
  };
}

/** GET report/gstr3b: the summary return for a month: outward supplies from the sales (3.1, 3.2), ITC and inward supplies from the purchases (3.1 d, 4, 5). */
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
  const bought = await inward(db, scope);
  const reversed = ZERO;
  const total = (h: keyof Heads) => num(bought.other[h] + bought.reverseCharge[h] - reversed[h]);
  const net: Heads = { iamt: total('iamt'), camt: total('camt'), samt: total('samt'), csamt: total('csamt') };
  const data: Gstr3bReturn = {
    gstin: q.gstin,
    ret_period: q.period,
    sup_details: {
      osup_det: { txval: v('a_taxable_value'), iamt: v('a_igst'), camt: v('a_cgst'), samt: v('a_sgst'), csamt: v('a_cess') },
      osup_zero: { txval: v('b_taxable_value'), iamt: v('b_igst'), csamt: v('b_cess') },
      osup_nil_exmp: { txval: v('c_taxable_value') },
      isup_rev: bought.reverseChargeInward,
      osup_nongst: { txval: 0 },
    },
    inter_sup: { unreg_details: unreg.map((r) => ({ pos: r.pos, txval: num(r.txval), iamt: num(r.iamt) })), comp_details: [], uin_details: [] },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG', ...ZERO },
        { ty: 'IMPS', ...ZERO },
        { ty: 'ISRC', ...bought.reverseCharge },
        { ty: 'ISD', ...ZERO },
        { ty: 'OTH', ...bought.other },
      ],
      itc_rev: [
        { ty: 'RUL', ...reversed },
        { ty: 'OTH', ...ZERO },
      ],
      itc_net: net,
      itc_inelg: [
        { ty: 'RUL', ...ZERO },
        { ty: 'OTH', ...ZERO },
      ],
    },
    inward_sup: { isup_details: [{ ty: 'GST', ...bought.exempt }, { ty: 'NONGST', inter: 0, intra: 0 }] },
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
    meta: { ...range, itcFromPurchases: true },
  };
}
