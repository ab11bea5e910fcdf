import type { Gstr3bQuery, Gstr3bResponse, Gstr3bReturn } from '@bahi/shared/contracts';
import { gstSetOff, type GstHead, type GstHeads } from '@bahi/shared/gst';
import { fromPaise, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { CTIN, GSTIN_NOT_FOUND, hasGstin, inReturn, isTaxedLine, num, returnRange } from './gstr1';
import { assertFilesReturns } from './registration';
import { selectRows } from '../../db/rows';

const EXPORT_POS = '96';
type Heads = { iamt: number; camt: number; samt: number; csamt: number };
const ZERO: Heads = { iamt: 0, camt: 0, samt: 0, csamt: 0 };

/** Portal heads in rupees from heads in paise. */
const rupees = (h: GstHeads): Heads => ({ iamt: h.igst / 100, camt: h.cgst / 100, samt: h.sgst / 100, csamt: h.cess / 100 });
/** Heads in paise from the text sums `${prefix}_igst` … `${prefix}_cess` of a row. */
const paiseOf = (row: Record<string, string>, prefix: string): GstHeads => ({
  igst: toPaise(row[`${prefix}_igst`]),
  cgst: toPaise(row[`${prefix}_cgst`]),
  sgst: toPaise(row[`${prefix}_sgst`]),
  cess: toPaise(row[`${prefix}_cess`]),
});
const plus = (a: GstHeads, b: GstHeads): GstHeads => ({ igst: a.igst + b.igst, cgst: a.cgst + b.cgst, sgst: a.sgst + b.sgst, cess: a.cess + b.cess });
const minus = (a: GstHeads, b: GstHeads): GstHeads => ({ igst: a.igst - b.igst, cgst: a.cgst - b.cgst, sgst: a.sgst - b.sgst, cess: a.cess - b.cess });

interface Inward {
  /** 4(A)(3) and 4(A)(5): the tax of the bills (and expenses), blocked credit included (net of debit notes). */
  reverseCharge: GstHeads;
  other: GstHeads;
  /** 4(B)(1): the blocked part of both (lines and expenses not ITC-eligible, s.17(5)). */
  blocked: GstHeads;
  reverseChargeInward: Heads & { txval: number };
  exempt: { inter: number; intra: number };
  nonGst: { inter: number; intra: number };
}

/**
 * What the purchase bills and expenses of the GSTIN and month give GSTR-3B, not cancelled: the tax on inward
 * supplies (4A(3) ISRC for reverse-charge bills, 4A(5) OTH for the other bills and the expenses of registered
 * suppliers), of which the lines and expenses not ITC-eligible are blocked credit reversed in 4B(1); inward
 * supplies liable to reverse charge (3.1 d); nil-rated, exempt and non-GST inward supplies from bills (5).
 */
async function inward(db: Db, scope: { businessId: string; gstin: string; from: string; to: string }): Promise<Inward> {
  const inReturn = sql`b.business_id = ${scope.businessId} and (b.branch_snapshot->>'gstin') = ${scope.gstin}
    and b.bill_date between ${scope.from} and ${scope.to} and b.status <> 'CANCELLED'`;
  const sums = (prefix: string, cols: string[], filter: string, table = 'b') =>
    cols.map((c) => `coalesce(sum(${table}.${c}) filter (where ${filter}), 0)::text as ${prefix}_${c.replace(/^itc_/, '')}`).join(', ');
  const itc = ['itc_igst', 'itc_cgst', 'itc_sgst', 'itc_cess'];
  const tax = ['igst', 'cgst', 'sgst', 'cess'];
  const [r] = await selectRows<Record<string, string>>(
    db,
    sql`select ${sql.raw([sums('o', itc, 'not b.reverse_charge'), sums('r', itc, 'b.reverse_charge'), sums('i', ['taxable_value', ...tax], 'b.reverse_charge')].join(', '))}
        from purchase_invoices b where ${inReturn}`,
  );
  const [x] = await selectRows<Record<string, string>>(
    db,
    sql`select coalesce(sum(l.taxable_value) filter (where b.supply_type = 'INTER' and l.taxability in ('NIL_RATED', 'EXEMPT')), 0)::text as inter,
               coalesce(sum(l.taxable_value) filter (where b.supply_type = 'INTRA' and l.taxability in ('NIL_RATED', 'EXEMPT')), 0)::text as intra,
               coalesce(sum(l.taxable_value) filter (where b.supply_type = 'INTER' and l.taxability = 'NON_GST'), 0)::text as ng_inter,
               coalesce(sum(l.taxable_value) filter (where b.supply_type = 'INTRA' and l.taxability = 'NON_GST'), 0)::text as ng_intra,
               ${sql.raw([sums('ro', tax, 'b.reverse_charge and not l.itc_eligible', 'l'), sums('oo', tax, 'not b.reverse_charge and not l.itc_eligible', 'l')].join(', '))}
        from purchase_invoice_lines l join purchase_invoices b on b.business_id = l.business_id and b.id = l.document_id
        where ${inReturn}`,
  );
  // Expenses with GST from a registered supplier, of a branch that files under this GSTIN: its own, or the
  // business's when the branch is in the GSTIN's state (as documents' branch snapshots take it).
  const [e] = await selectRows<Record<string, string>>(
    db,
    sql`select ${sql.raw([sums('e', ['igst', 'cgst', 'sgst'], 'x.itc_eligible', 'x'), sums('eb', ['igst', 'cgst', 'sgst'], 'not x.itc_eligible', 'x')].join(', '))},
               '0' as e_cess, '0' as eb_cess
        from expenses x
        join store_branches sb on sb.business_id = x.business_id and sb.id = x.branch_id
        join businesses bz on bz.id = x.business_id
        where x.business_id = ${scope.businessId} and x.date between ${scope.from} and ${scope.to} and x.status <> 'CANCELLED'
          and x.supplier_gstin is not null
          and coalesce(sb.gstin, case when left(bz.gstin, 2) = coalesce(sb.state_code, left(bz.gstin, 2)) then bz.gstin end) = ${scope.gstin}`,
  );
  const blockedRc = paiseOf(x, 'ro');
  const blockedOther = plus(paiseOf(x, 'oo'), paiseOf(e, 'eb'));
  return {
    reverseCharge: plus(paiseOf(r, 'r'), blockedRc),
    other: plus(plus(paiseOf(r, 'o'), paiseOf(e, 'e')), blockedOther),
    blocked: plus(blockedRc, blockedOther),
    reverseChargeInward: { txval: num(r.i_taxable_value), ...rupees(paiseOf(r, 'i')) },
    exempt: { inter: num(x.inter), intra: num(x.intra) },
    nonGst: { inter: num(x.ng_inter), intra: num(x.ng_intra) },
  };
}

const heads = (f: (h: keyof GstHeads) => number): GstHeads => ({ igst: f('igst'), cgst: f('cgst'), sgst: f('sgst'), cess: f('cess') });
const least = (a: GstHeads, b: GstHeads) => heads((h) => Math.min(a[h], b[h]));
const above = (a: GstHeads) => heads((h) => Math.max(a[h], 0));

interface DebitNoteCredit {
  /** The tax of the notes' lines, by the bill's charge and the line's eligibility. */
  other: { eligible: GstHeads; blocked: GstHeads };
  reverseCharge: { eligible: GstHeads; blocked: GstHeads };
  /** The taxable value and tax the notes take off inward supplies liable to reverse charge (3.1 d). */
  reverseChargeInward: { txval: number; tax: GstHeads };
}

/**
 * The purchase debit notes of the GSTIN dated in the month, not cancelled: the input tax they give up (goods
 * returned to a supplier, a price reduced), by whether the bill was under reverse charge and whether the line was
 * eligible credit.
 */
async function purchaseDebitNotes(db: Db, scope: { businessId: string; gstin: string; from: string; to: string }): Promise<DebitNoteCredit> {
  const sums = (prefix: string, filter: string) =>
    ['igst', 'cgst', 'sgst', 'cess'].map((c) => `coalesce(sum(l.${c}) filter (where ${filter}), 0)::text as ${prefix}_${c}`).join(', ');
  const [r] = await selectRows<Record<string, string>>(
    db,
    sql`select ${sql.raw(
      [
        sums('oe', 'not n.reverse_charge and l.itc_eligible'),
        sums('ob', 'not n.reverse_charge and not l.itc_eligible'),
        sums('re', 'n.reverse_charge and l.itc_eligible'),
        sums('rb', 'n.reverse_charge and not l.itc_eligible'),
        sums('ri', 'n.reverse_charge'),
      ].join(', '),
    )}, coalesce(sum(l.taxable_value) filter (where n.reverse_charge), 0)::text as ri_taxable_value
        from purchase_debit_note_lines l join purchase_debit_notes n on n.business_id = l.business_id and n.id = l.document_id
        where n.business_id = ${scope.businessId} and (n.branch_snapshot->>'gstin') = ${scope.gstin}
          and n.note_date between ${scope.from} and ${scope.to} and n.status <> 'CANCELLED'`,
  );
  return {
    other: { eligible: paiseOf(r, 'oe'), blocked: paiseOf(r, 'ob') },
    reverseCharge: { eligible: paiseOf(r, 're'), blocked: paiseOf(r, 'rb') },
    reverseChargeInward: { txval: toPaise(r.ri_taxable_value), tax: paiseOf(r, 'ri') },
  };
}

/**
 * The month's inward figures net of its purchase debit notes, as the portal fills table 4 from GSTR-2B (where the
 * supplier's matching credit note is): 4(A)(5) OTH, or 4(A)(3) ISRC for a reverse-charge bill, is net of the notes'
 * tax; what a head of 4(A) cannot take (the notes give up more credit than the month claims) is reversed in 4(B)(2)
 * `noteReversal`. A note's line that was blocked credit comes off 4(B)(1) too, at most what the month reverses
 * there, so 4(C) falls by the eligible credit given up alone. 3.1(d) is net of the reverse-charge notes (never
 * below 0).
 */
function netOfDebitNotes(bought: Inward, notes: DebitNoteCredit): Inward & { noteReversal: GstHeads } {
  const blockedRc = least(notes.reverseCharge.blocked, bought.blocked);
  const blockedOther = least(notes.other.blocked, minus(bought.blocked, blockedRc));
  const reverseCharge = minus(bought.reverseCharge, plus(notes.reverseCharge.eligible, blockedRc));
  const other = minus(bought.other, plus(notes.other.eligible, blockedOther));
  const inward = bought.reverseChargeInward;
  const rcTax = rupees(notes.reverseChargeInward.tax);
  const cut = (v: number, by: number) => Math.max(0, Math.round((v - by) * 100)) / 100;
  return {
    ...bought,
    reverseCharge: above(reverseCharge),
    other: above(other),
    blocked: minus(bought.blocked, plus(blockedRc, blockedOther)),
    noteReversal: plus(above(heads((h) => -reverseCharge[h])), above(heads((h) => -other[h]))),
    reverseChargeInward: {
      txval: cut(inward.txval, notes.reverseChargeInward.txval / 100),
      iamt: cut(inward.iamt, rcTax.iamt),
      camt: cut(inward.camt, rcTax.camt),
      samt: cut(inward.samt, rcTax.samt),
      csamt: cut(inward.csamt, rcTax.csamt),
    },
  };
}

/**
 * Net credit below 0 in a head (debit notes gave up more than the month claims) is no credit to set off: it is
 * owed like output tax of that head.
 */
function owingNegativeCredit(input: Parameters<typeof gstSetOff>[0]): Parameters<typeof gstSetOff>[0] {
  return { ...input, payable: heads((h) => input.payable[h] + Math.max(0, -input.credit[h])), credit: above(input.credit) };
}

/**
 * 3.2: the inter-state taxable supplies of the return to parties registered as composition dealers (comp_details)
 * or UIN holders (uin_details), as they were registered on the invoice, per place of supply.
 */
async function interStateTo(db: Db, where: SQL, registrationType: 'COMPOSITION' | 'UIN') {
  const rows = await selectRows<{ pos: string; txval: string; iamt: string }>(
    db,
    sql`select s.place_of_supply as pos, sum(l.taxable_value)::text as txval, sum(l.igst)::text as iamt
        from sale_invoices s join sale_invoice_lines l on l.business_id = s.business_id and l.document_id = s.id
        where ${where} and s.supply_type = 'INTER' and (s.party_snapshot->>'registrationType') = ${registrationType}
        group by s.place_of_supply order by s.place_of_supply`,
  );
  return rows.map((r) => ({ pos: r.pos, txval: num(r.txval), iamt: num(r.iamt) }));
}

/**
 * The month's credit and debit notes on sales, summed like the invoices' lines into 3.1 (a), (b), (c) and (e) (a
 * credit note negative, a debit note positive): 3.1 is net of them. The filters read the invoice (`s`: its place of
 * supply and export type, which the note keeps) and the note's line (`l`).
 */
async function saleNoteSums(
  db: Db,
  scope: { businessId: string; gstin: string; from: string; to: string },
  filters: { taxable: string; zero: string; nil: string; nonGst: string },
): Promise<Record<string, string>> {
  const sign = `(case when n.note_type = 'CREDIT' then -1 else 1 end)`;
  const sums = (name: string, filter: string) =>
    ['taxable_value', 'igst', 'cgst', 'sgst', 'cess'].map((c) => `coalesce(sum(${sign} * l.${c}) filter (where ${filter}), 0)::text as ${name}_${c}`).join(', ');
  const [row] = await selectRows<Record<string, string>>(
    db,
    sql`select ${sql.raw([sums('a', filters.taxable), sums('b', filters.zero), sums('c', filters.nil), sums('e', filters.nonGst)].join(', '))}
        from sale_notes n
        join sale_note_lines l on l.business_id = n.business_id and l.document_id = n.id
        join sale_invoices s on s.business_id = n.business_id and s.id = n.invoice_id
        where n.business_id = ${scope.businessId} and (n.branch_snapshot->>'gstin') = ${scope.gstin}
          and n.note_date between ${scope.from} and ${scope.to} and n.status <> 'CANCELLED'`,
  );
  return row;
}

/**
 * GET report/gstr3b: the summary return for a month: outward supplies from the sales (3.1, 3.2), ITC and inward
 * supplies from the purchases and expenses (3.1 d, 4, 5), and the payment of tax (6.1): the set-off of the net
 * credit against the forward-charge tax, the reverse-charge tax in cash, and the credit carried forward.
 */
export async function gstr3b(db: Db, businessId: string, q: Gstr3bQuery): Promise<Omit<Gstr3bResponse, 'success'>> {
  await assertFilesReturns(db, businessId, q.gstin, 'GSTR-3B');
  if (!(await hasGstin(db, businessId, q.gstin))) throw notFound(GSTIN_NOT_FOUND);
  const range = returnRange(q.period, false);
  const scope = { businessId, gstin: q.gstin, ...range, limit: '0' };
  const live = sql`${inReturn(scope)} and s.status <> 'CANCELLED'`;
  const lines = sql`sale_invoices s join sale_invoice_lines l on l.business_id = s.business_id and l.document_id = s.id`;
  const sums = (name: string, filter: string) =>
    ['taxable_value', 'igst', 'cgst', 'sgst', 'cess'].map((c) => `coalesce(sum(l.${c}) filter (where ${filter}), 0)::text as ${name}_${c}`).join(', ');
  // The lines' taxability at issue decides 3.1(a), (c) and (e), exactly as GSTR-1 splits b2b/b2cl/b2cs from nil;
  // 3.1(b) holds the exports (GSTR-1 exp) and the taxable lines of supplies to an SEZ (b2b SEWP/SEWOP).
  const taxable = `s.place_of_supply <> '${EXPORT_POS}' and s.export_type is null and l.taxability = 'TAXABLE'`;
  const zero = `s.place_of_supply = '${EXPORT_POS}' or (s.export_type is not null and l.taxability = 'TAXABLE')`;
  const nil = `s.place_of_supply <> '${EXPORT_POS}' and l.taxability in ('NIL_RATED', 'EXEMPT')`;
  const nonGst = `s.place_of_supply <> '${EXPORT_POS}' and l.taxability = 'NON_GST'`;
  const [row] = await selectRows<Record<string, string>>(
    db,
    sql`select ${sql.raw([sums('a', taxable), sums('b', zero), sums('c', nil), sums('e', nonGst)].join(', '))} from ${lines} where ${live}`,
  );
  const notes = await saleNoteSums(db, scope, { taxable, zero, nil, nonGst });
  for (const k of Object.keys(row)) row[k] = fromPaise(toPaise(row[k]) + toPaise(notes[k] ?? '0'));
  const v = (name: string) => num(row[name]);
  const unreg = await selectRows<{ pos: string; txval: string; iamt: string }>(
    db,
    sql`select s.place_of_supply as pos, sum(l.taxable_value)::text as txval, sum(l.igst)::text as iamt
        from ${lines} where ${live} and s.supply_type = 'INTER' and ${CTIN} is null and s.place_of_supply <> ${EXPORT_POS}
          and ${isTaxedLine}
        group by s.place_of_supply order by s.place_of_supply`,
  );
  const bought = netOfDebitNotes(await inward(db, scope), await purchaseDebitNotes(db, scope));
  // 4(C) = 4(A) − 4(B): the credit of the ITC-eligible lines and expenses.
  const net = minus(plus(bought.reverseCharge, bought.other), plus(bought.blocked, bought.noteReversal));
  const data: Gstr3bReturn = {
    gstin: q.gstin,
    ret_period: q.period,
    sup_details: {
      osup_det: { txval: v('a_taxable_value'), iamt: v('a_igst'), camt: v('a_cgst'), samt: v('a_sgst'), csamt: v('a_cess') },
      osup_zero: { txval: v('b_taxable_value'), iamt: v('b_igst'), csamt: v('b_cess') },
      osup_nil_exmp: { txval: v('c_taxable_value') },
      isup_rev: bought.reverseChargeInward,
      osup_nongst: { txval: v('e_taxable_value') },
    },
    inter_sup: {
      unreg_details: unreg.map((r) => ({ pos: r.pos, txval: num(r.txval), iamt: num(r.iamt) })),
      comp_details: await interStateTo(db, sql`${live} and ${isTaxedLine}`, 'COMPOSITION'),
      uin_details: await interStateTo(db, sql`${live} and ${isTaxedLine}`, 'UIN'),
    },
    itc_elg: {
      itc_avl: [
        { ty: 'IMPG', ...ZERO },
        { ty: 'IMPS', ...ZERO },
        { ty: 'ISRC', ...rupees(bought.reverseCharge) },
        { ty: 'ISD', ...ZERO },
        { ty: 'OTH', ...rupees(bought.other) },
      ],
      itc_rev: [
        { ty: 'RUL', ...rupees(bought.blocked) },
        { ty: 'OTH', ...rupees(bought.noteReversal) },
      ],
      itc_net: rupees(net),
      itc_inelg: [
        { ty: 'RUL', ...ZERO },
        { ty: 'OTH', ...ZERO },
      ],
    },
    inward_sup: { isup_details: [{ ty: 'GST', ...bought.exempt }, { ty: 'NONGST', ...bought.nonGst }] },
  };
  const out = data.sup_details;
  // A month whose credit notes outweigh its sales owes nothing on that head (the excess is not a refund).
  const paise = (n: number) => Math.max(0, toPaise(n.toFixed(2)));
  const { payment, creditCarriedForward } = gstSetOff(owingNegativeCredit({
    payable: {
      igst: paise(out.osup_det.iamt) + paise(out.osup_zero.iamt),
      cgst: paise(out.osup_det.camt),
      sgst: paise(out.osup_det.samt),
      cess: paise(out.osup_det.csamt) + paise(out.osup_zero.csamt),
    },
    reverseCharge: { igst: paise(out.isup_rev.iamt), cgst: paise(out.isup_rev.camt), sgst: paise(out.isup_rev.samt), cess: paise(out.isup_rev.csamt) },
    credit: net,
  }));
  const money = (h: GstHeads) => ({ igst: fromPaise(h.igst), cgst: fromPaise(h.cgst), sgst: fromPaise(h.sgst), cess: fromPaise(h.cess) });
  const table = (head: GstHead) => ({
    payable: fromPaise(payment[head].payable),
    reverseCharge: fromPaise(payment[head].reverseCharge),
    itcUsed: money(payment[head].itcUsed),
    cash: fromPaise(payment[head].cash),
  });
  return {
    data,
    liability: { igst: table('igst').cash, cgst: table('cgst').cash, sgst: table('sgst').cash, cess: table('cess').cash },
    payment: { igst: table('igst'), cgst: table('cgst'), sgst: table('sgst'), cess: table('cess') },
    creditCarriedForward: money(creditCarriedForward),
    meta: { ...range, itcFromPurchases: true },
  };
}
