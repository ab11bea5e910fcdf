import {
  type Gstr1Problem,
  type Gstr1Query,
  type Gstr1Response,
  type Gstr1Return,
} from '@bahi/shared/contracts';
import { GSTIN_MESSAGES, fromPaise, gstinProblem, isValidUin, toPaise } from '@bahi/shared/india';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { assertFilesReturns } from './registration';
import type { ExportSheet } from './export';
import { reverseChargeDocIssue } from './doc-issue';
import { getGstSettings } from './settings';
import { selectRows } from '../../db/rows';

export const GSTIN_NOT_FOUND = 'GSTIN not found: it is not the GSTIN of this business or one of its branches';
const PROBLEMS_MAX = 1000;
/** gst-rules.md: HSN 4, 6 or 8 digits (not all zero); SAC 6 digits starting with 99 (a 6-digit HSN form). */
const HSN_SQL = `'^[0-9]{4}([0-9]{2}([0-9]{2})?)?$'`;
const POS_SQL = `'^(0[1-9]|[12][0-9]|3[0-8]|9[67])$'`;

/** The first and last day of a return period: MMYYYY, or the quarter that ends in that month. */
export function returnRange(period: string, quarterly: boolean): { from: string; to: string } {
  const month = Number(period.slice(0, 2));
  const year = Number(period.slice(2));
  const start = new Date(Date.UTC(year, month - (quarterly ? 3 : 1), 1));
  const end = new Date(Date.UTC(year, month, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

/** 2026-04-05 → 05-04-2026 (GSTR-1 dates). */
const gstDate = (d: string) => `${d.slice(8, 10)}-${d.slice(5, 7)}-${d.slice(0, 4)}`;
/** A numeric(…, 2) as the portal's number (two decimals at most, a JSON number). */
export const num = (v: string | number | null) => Math.round(Number(v ?? 0) * 100) / 100;

export interface Scope {
  businessId: string;
  gstin: string;
  from: string;
  to: string;
  limit: string;
}

/**
 * The invoices of one return: the GSTIN the issuing branch had on the invoice (its snapshot; branches that share a
 * GSTIN are one return), dated in the period. Served by sale_invoices_business_gstin_date_idx.
 */
export const inReturn = (s: Scope) =>
  sql`s.business_id = ${s.businessId} and (s.branch_snapshot->>'gstin') = ${s.gstin} and s.invoice_date between ${s.from} and ${s.to}`;
export const CTIN = sql.raw(`nullif(upper(trim(s.party_snapshot->>'gstin')), '')`);
/** EXP: place of supply 96; B2B: the buyer has a GSTIN; B2CL: no GSTIN, inter-state, above the limit; B2CS: the rest. */
const isExport = sql.raw(`s.place_of_supply = '96'`);
const isB2b = sql`${CTIN} is not null and not ${isExport}`;
const isB2cl = (s: Scope) => sql`${CTIN} is null and not ${isExport} and s.supply_type = 'INTER' and s.grand_total > ${s.limit}::numeric`;
/** A supply to an SEZ in b2b: SEWOP without payment of IGST (under LUT), SEWP with it; any other b2b invoice R. */
const INV_TYP = sql.raw(
  `case when s.export_type is null or s.place_of_supply = '96' then 'R' when s.export_type = 'WITHOUT_PAYMENT' then 'SEWOP' else 'SEWP' end`,
);
/** A taxable line; nil-rated, exempt and non-GST lines go to `nil` instead of b2b, b2cl and b2cs. */
export const isTaxedLine = sql.raw(`l.taxability = 'TAXABLE'`);

interface RateRow extends Record<string, unknown> {
  id: string;
  inum: string;
  idt: string;
  val: string;
  pos: string;
  supply_type: 'INTRA' | 'INTER';
  party_id: string | null;
  ctin: string | null;
  inv_typ: 'R' | 'SEWP' | 'SEWOP';
  rt: number;
  txval: string;
  iamt: string;
  camt: string;
  samt: string;
  csamt: string;
}

const TAX_SUMS = sql.raw(`sum(l.taxable_value)::text as txval, sum(l.igst)::text as iamt, sum(l.cgst)::text as camt,
  sum(l.sgst)::text as samt, sum(l.cess)::text as csamt`);

function itemDetail(r: { rt: number; txval: string; iamt: string; camt: string; samt: string; csamt: string }, supplyType: 'INTRA' | 'INTER') {
  return supplyType === 'INTER'
    ? { rt: Number(r.rt), txval: num(r.txval), iamt: num(r.iamt), csamt: num(r.csamt) }
    : { rt: Number(r.rt), txval: num(r.txval), camt: num(r.camt), samt: num(r.samt), csamt: num(r.csamt) };
}

export async function hasGstin(db: Db, businessId: string, gstin: string): Promise<boolean> {
  const [r] = await selectRows<{ found: boolean }>(
    db,
    sql`select (exists (select 1 from businesses where id = ${businessId} and gstin = ${gstin})
             or exists (select 1 from store_branches where business_id = ${businessId} and gstin = ${gstin})
             or exists (select 1 from sale_invoices s where s.business_id = ${businessId} and (s.branch_snapshot->>'gstin') = ${gstin})) as found`,
  );
  return Boolean(r?.found);
}

/**
 * GET report/gstr1: GSTR-1 in the portal's JSON. Every section is summed by the database; b2b and b2cl list
 * invoices (one item per rate, as the portal wants), b2cs and hsn are sums per POS and rate / per HSN, UQC and rate.
 * Cancelled invoices appear only in doc_issue. Exports (place of supply 96) go to exp. Credit and debit notes go to
 * cdnr and cdnur, or net into b2cs, and net into hsn (saleNoteSections).
 */
export async function gstr1(db: Db, businessId: string, q: Gstr1Query): Promise<Omit<Gstr1Response, 'success'>> {
  await assertFilesReturns(db, businessId, q.gstin, 'GSTR-1');
  if (!(await hasGstin(db, businessId, q.gstin))) throw notFound(GSTIN_NOT_FOUND);
  const range = returnRange(q.period, q.filing === 'QUARTERLY');
  const limit = q.b2clLimit === undefined ? (await getGstSettings(db, businessId)).b2clLimit : fromPaise(toPaise(q.b2clLimit.toFixed(2)));
  const scope: Scope = { businessId, gstin: q.gstin, ...range, limit };
  const live = sql`${inReturn(scope)} and s.status <> 'CANCELLED'`;
  const lines = sql`sale_invoices s join sale_invoice_lines l on l.business_id = s.business_id and l.document_id = s.id`;

  const invoiceRates = (kind: SQL) =>
    selectRows<RateRow>(
      db,
      sql`select s.id::text as id, s.invoice_number as inum, s.invoice_date::text as idt, s.grand_total::text as val,
                 s.place_of_supply as pos, s.supply_type, s.party_id::text as party_id, ${CTIN} as ctin,
                 ${INV_TYP} as inv_typ, l.gst_rate::float8 as rt, ${TAX_SUMS}
          from ${lines} where ${live} and ${kind} and (${isTaxedLine} or ${isExport})
          group by s.business_id, s.id, l.gst_rate
          order by ${CTIN}, s.invoice_date, s.invoice_number, l.gst_rate`,
    );
  const b2bRows = await invoiceRates(isB2b);
  const b2clRows = await invoiceRates(isB2cl(scope));
  const notes = await saleNoteSections(db, scope);
  const invoiceB2csRows = await selectRows<RateRow>(
    db,
    sql`select s.supply_type, s.place_of_supply as pos, l.gst_rate::float8 as rt, ${TAX_SUMS}
        from ${lines} where ${live} and not (${isB2b}) and not (${isB2cl(scope)}) and not ${isExport} and ${isTaxedLine}
        group by s.supply_type, s.place_of_supply, l.gst_rate
        order by s.place_of_supply, s.supply_type, l.gst_rate`,
  );
  const b2csRows = netRows(invoiceB2csRows, notes.b2cs, (r) => `${r.supply_type}|${r.pos}|${r.rt}`).sort(
    (x, y) => x.pos.localeCompare(y.pos) || x.supply_type.localeCompare(y.supply_type) || x.rt - y.rt,
  );
  const nilRows = await selectRows<{ sply_ty: Gstr1Return['nil']['inv'][number]['sply_ty']; nil_amt: string; expt_amt: string; ngsup_amt: string }>(
    db,
    sql`select (case when s.supply_type = 'INTER' then 'INTR' else 'INTRA' end) || (case when ${isB2b} then 'B2B' else 'B2C' end) as sply_ty,
               coalesce(sum(l.taxable_value) filter (where l.taxability = 'NIL_RATED'), 0)::text as nil_amt,
               coalesce(sum(l.taxable_value) filter (where l.taxability = 'EXEMPT'), 0)::text as expt_amt,
               coalesce(sum(l.taxable_value) filter (where l.taxability = 'NON_GST'), 0)::text as ngsup_amt
        from ${lines} where ${live} and not ${isExport} and not ${isTaxedLine}
        group by 1 order by 1`,
  );
  const invoiceHsnRows = await selectRows<RateRow & { b2b: boolean; hsn: string; uqc: string; qty: string; descr: string }>(
    db,
    sql`select (${isB2b}) as b2b, coalesce(l.hsn_sac, '') as hsn,
               case when l.item_type = 'SERVICE' then 'NA' else coalesce(l.unit, 'OTH') end as uqc,
               l.gst_rate::float8 as rt,
               (case when l.item_type = 'SERVICE' then 0 else sum(l.quantity) end)::text as qty,
               left(min(l.item_name), 30) as descr, ${TAX_SUMS}
        from ${lines} where ${live}
        group by 1, 2, 3, l.gst_rate, l.item_type
        order by 1 desc, 2, 3, l.gst_rate`,
  );
  const hsnRows = netRows(invoiceHsnRows, notes.hsn, (r) => `${r.b2b}|${r.hsn}|${r.uqc}|${r.rt}`).sort(
    (x, y) => Number(y.b2b) - Number(x.b2b) || x.hsn.localeCompare(y.hsn) || x.uqc.localeCompare(y.uqc) || x.rt - y.rt,
  );
  const docRows = await selectRows<{ first: string; last: string; totnum: number; cancel: number }>(
    db,
    sql`select (array_agg(s.invoice_number order by s.series_no))[1] as first,
               (array_agg(s.invoice_number order by s.series_no desc))[1] as last,
               count(*)::int as totnum, (count(*) filter (where s.status = 'CANCELLED'))::int as cancel
        from sale_invoices s where ${inReturn(scope)}
        group by s.financial_year, s.series_prefix
        order by s.financial_year, s.series_prefix`,
  );
  const branchRows = await selectRows<{ id: string }>(
    db,
    sql`select distinct s.branch_id::text as id from sale_invoices s where ${inReturn(scope)} order by 1`,
  );

  // b2b: per buyer GSTIN, per invoice, one item per rate.
  const b2b: Gstr1Return['b2b'] = [];
  const problems: Gstr1Problem[] = [];
  const reported = new Set<string>();
  for (const r of b2bRows) {
    let party = b2b.at(-1);
    if (!party || party.ctin !== r.ctin) b2b.push((party = { ctin: r.ctin!, inv: [] }));
    let inv = party.inv.at(-1);
    if (!inv || inv.inum !== r.inum) {
      party.inv.push((inv = { inum: r.inum, idt: gstDate(r.idt), val: num(r.val), pos: r.pos, rchrg: 'N', inv_typ: r.inv_typ, itms: [] }));
      // A UIN holder (embassy, UN body) is reported under its UIN.
      const problem = isValidUin(r.ctin!) ? null : gstinProblem(r.ctin!);
      if (problem && !reported.has(r.id)) {
        reported.add(r.id);
        problems.push({
          code: 'PARTY_GSTIN_INVALID',
          documentType: 'SALE',
          documentId: r.id,
          documentNumber: r.inum,
          partyId: r.party_id,
          itemId: null,
          message: `Invoice ${r.inum}: the buyer's GSTIN ${r.ctin} is not valid (${GSTIN_MESSAGES[problem]})`,
          fix: "Correct the party's GSTIN, then cancel and re-issue the invoice (the invoice keeps the GSTIN it was issued with)",
        });
      }
    }
    inv.itms.push({ num: inv.itms.length + 1, itm_det: itemDetail(r, r.supply_type) });
  }
  const b2cl: Gstr1Return['b2cl'] = [];
  for (const r of [...b2clRows].sort((x, y) => x.pos.localeCompare(y.pos) || x.idt.localeCompare(y.idt) || x.inum.localeCompare(y.inum) || x.rt - y.rt)) {
    let pos = b2cl.at(-1);
    if (!pos || pos.pos !== r.pos) b2cl.push((pos = { pos: r.pos, inv: [] }));
    let inv = pos.inv.at(-1);
    if (!inv || inv.inum !== r.inum) pos.inv.push((inv = { inum: r.inum, idt: gstDate(r.idt), val: num(r.val), itms: [] }));
    inv.itms.push({ num: inv.itms.length + 1, itm_det: itemDetail(r, 'INTER') });
  }
  const exp = await exportSection(db, sql`${live} and ${isExport}`);
  const b2cs: Gstr1Return['b2cs'] = b2csRows.map((r) => ({ sply_ty: r.supply_type, pos: r.pos, typ: 'OE' as const, ...itemDetail(r, r.supply_type) }));
  const hsnOf = (b2bSide: boolean) =>
    hsnRows
      .filter((r) => r.b2b === b2bSide)
      .map((r, i) => ({
        num: i + 1,
        hsn_sc: r.hsn,
        desc: r.descr,
        uqc: r.uqc,
        qty: Number(r.qty),
        rt: Number(r.rt),
        txval: num(r.txval),
        iamt: num(r.iamt),
        camt: num(r.camt),
        samt: num(r.samt),
        csamt: num(r.csamt),
      }));

  // Problems the portal would refuse: HSN missing or malformed, place of supply missing.
  const hsnProblems = await selectRows<{ id: string; inum: string; party_id: string | null; item_id: string; item_name: string; hsn: string | null }>(
    db,
    sql`select distinct s.id::text as id, s.invoice_number as inum, s.party_id::text as party_id, l.item_id::text as item_id,
               l.item_name, l.hsn_sac as hsn
        from ${lines} where ${live}
          and (l.hsn_sac is null or l.hsn_sac !~ ${sql.raw(HSN_SQL)} or l.hsn_sac ~ '^0+$')
        order by s.invoice_number, l.item_name limit ${PROBLEMS_MAX}`,
  );
  for (const r of hsnProblems) {
    const missing = !r.hsn;
    problems.push({
      code: missing ? 'HSN_MISSING' : 'HSN_INVALID',
      documentType: 'SALE',
      documentId: r.id,
      documentNumber: r.inum,
      partyId: r.party_id,
      itemId: r.item_id,
      message: missing
        ? `Invoice ${r.inum}: ${r.item_name} has no HSN/SAC code`
        : `Invoice ${r.inum}: ${r.item_name} has HSN/SAC ${r.hsn}, which is not 4, 6 or 8 digits`,
      fix: `Set the HSN/SAC code of ${r.item_name} on the item, then cancel and re-issue the invoice`,
    });
  }
  const posProblems = await selectRows<{ id: string; inum: string; party_id: string | null }>(
    db,
    sql`select s.id::text as id, s.invoice_number as inum, s.party_id::text as party_id from sale_invoices s
        where ${live} and (s.place_of_supply is null or s.place_of_supply !~ ${sql.raw(POS_SQL)})
        order by s.invoice_number limit ${PROBLEMS_MAX}`,
  );
  for (const r of posProblems) {
    problems.push({
      code: 'PLACE_OF_SUPPLY_MISSING',
      documentType: 'SALE',
      documentId: r.id,
      documentNumber: r.inum,
      partyId: r.party_id,
      itemId: null,
      message: `Invoice ${r.inum} has no valid place of supply`,
      fix: "Set the party's billing or shipping state, then cancel and re-issue the invoice with a place of supply",
    });
  }

  return {
    data: {
      gstin: q.gstin,
      fp: q.period,
      b2b,
      b2cl,
      b2cs,
      exp,
      nil: { inv: nilRows.map((r) => ({ sply_ty: r.sply_ty, nil_amt: num(r.nil_amt), expt_amt: num(r.expt_amt), ngsup_amt: num(r.ngsup_amt) })) },
      hsn: { hsn_b2b: hsnOf(true), hsn_b2c: hsnOf(false) },
      doc_issue: {
        doc_det: [
          ...(docRows.length
            ? [
                {
                  doc_num: 1,
                  doc_typ: 'Invoices for outward supply',
                  docs: docRows.map((d, i) => ({ num: i + 1, from: d.first, to: d.last, totnum: d.totnum, cancel: d.cancel, net_issue: d.totnum - d.cancel })),
                },
              ]
            : []),
          ...(await reverseChargeDocIssue(db, scope)),
          ...notes.docIssue,
        ],
      },
      cdnr: notes.cdnr,
      cdnur: notes.cdnur,
    },
    problems,
    meta: { ...range, b2clLimit: limit, branchIds: branchRows.map((b) => b.id) },
  };
}

/**
 * GSTR-1 `exp`: the exports of the return (place of supply 96), WPAY (with payment of IGST) then WOPAY (without,
 * under LUT), each invoice with its shipping bill as far as it is known (sbpcode, sbnum, sbdt) and one item per
 * rate. An export issued before its export type was kept is WOPAY when it charged no IGST.
 */
async function exportSection(db: Db, where: SQL): Promise<Gstr1Return['exp']> {
  const rows = await selectRows<{
    exp_typ: 'WPAY' | 'WOPAY';
    inum: string;
    idt: string;
    val: string;
    sbnum: string | null;
    sbdt: string | null;
    sbpcode: string | null;
    rt: number;
    txval: string;
    iamt: string;
    csamt: string;
  }>(
    db,
    sql`select case when s.export_type = 'WITHOUT_PAYMENT' or (s.export_type is null and s.igst = 0) then 'WOPAY' else 'WPAY' end as exp_typ,
               s.invoice_number as inum, s.invoice_date::text as idt, s.grand_total::text as val,
               s.shipping_bill_number as sbnum, s.shipping_bill_date::text as sbdt, s.shipping_port_code as sbpcode,
               l.gst_rate::float8 as rt, sum(l.taxable_value)::text as txval, sum(l.igst)::text as iamt, sum(l.cess)::text as csamt
        from sale_invoices s join sale_invoice_lines l on l.business_id = s.business_id and l.document_id = s.id
        where ${where}
        group by s.business_id, s.id, l.gst_rate
        order by 1 desc, s.invoice_date, s.invoice_number, l.gst_rate`,
  );
  const exp: Gstr1Return['exp'] = [];
  for (const r of rows) {
    let section = exp.at(-1);
    if (!section || section.exp_typ !== r.exp_typ) exp.push((section = { exp_typ: r.exp_typ, inv: [] }));
    let inv = section.inv.at(-1);
    if (!inv || inv.inum !== r.inum) {
      section.inv.push(
        (inv = {
          inum: r.inum,
          idt: gstDate(r.idt),
          val: num(r.val),
          ...(r.sbpcode ? { sbpcode: r.sbpcode } : {}),
          ...(r.sbnum ? { sbnum: r.sbnum } : {}),
          ...(r.sbdt ? { sbdt: gstDate(r.sbdt) } : {}),
          itms: [],
        }),
      );
    }
    inv.itms.push({ txval: num(r.txval), rt: Number(r.rt), iamt: num(r.iamt), csamt: num(r.csamt) });
  }
  return exp;
}

type Cell = string | number | null;
type Flat = Record<string, Cell>;

const col = (header: string, key: string, kind: 'text' | 'money' | 'quantity' | 'count' = 'money') => ({
  header,
  kind,
  value: (r: Flat) => r[key] ?? null,
});
const TAX_COLUMNS = [col('Rate %', 'rt', 'count'), col('Taxable value', 'txval'), col('IGST', 'iamt'), col('CGST', 'camt'), col('SGST/UTGST', 'samt'), col('Cess', 'csamt')];
const HSN_COLUMNS = [col('HSN/SAC', 'hsn_sc', 'text'), col('Description', 'desc', 'text'), col('UQC', 'uqc', 'text'), col('Quantity', 'qty', 'quantity'), ...TAX_COLUMNS];

/** The return as a workbook: one sheet per section, as the portal's offline tool lays them out, and the problems. */
export function gstr1Sheets(report: Omit<Gstr1Response, 'success'>): ExportSheet<Flat>[] {
  const r = report.data;
  const b2b: Flat[] = r.b2b.flatMap((p) => p.inv.flatMap((inv) => inv.itms.map((it) => ({ ctin: p.ctin, inum: inv.inum, idt: inv.idt, val: inv.val, pos: inv.pos, rchrg: inv.rchrg, inv_typ: inv.inv_typ, ...it.itm_det }))));
  const b2cl: Flat[] = r.b2cl.flatMap((p) => p.inv.flatMap((inv) => inv.itms.map((it) => ({ pos: p.pos, inum: inv.inum, idt: inv.idt, val: inv.val, ...it.itm_det }))));
  return [
    {
      name: 'b2b',
      columns: [col('GSTIN of recipient', 'ctin', 'text'), col('Invoice number', 'inum', 'text'), col('Invoice date', 'idt', 'text'), col('Invoice value', 'val'), col('Place of supply', 'pos', 'text'), col('Reverse charge', 'rchrg', 'text'), col('Invoice type', 'inv_typ', 'text'), ...TAX_COLUMNS],
      rows: [b2b],
    },
    { name: 'b2cl', columns: [col('Place of supply', 'pos', 'text'), col('Invoice number', 'inum', 'text'), col('Invoice date', 'idt', 'text'), col('Invoice value', 'val'), ...TAX_COLUMNS], rows: [b2cl] },
    { name: 'b2cs', columns: [col('Supply type', 'sply_ty', 'text'), col('Place of supply', 'pos', 'text'), col('Type', 'typ', 'text'), ...TAX_COLUMNS], rows: [r.b2cs as unknown as Flat[]] },
    {
      name: 'exp',
      columns: [col('Export type', 'exp_typ', 'text'), col('Invoice number', 'inum', 'text'), col('Invoice date', 'idt', 'text'), col('Invoice value', 'val'), col('Port code', 'sbpcode', 'text'), col('Shipping bill number', 'sbnum', 'text'), col('Shipping bill date', 'sbdt', 'text'), col('Rate %', 'rt', 'count'), col('Taxable value', 'txval'), col('IGST', 'iamt'), col('Cess', 'csamt')],
      rows: [r.exp.flatMap((e) => e.inv.flatMap((inv) => inv.itms.map((it) => ({ exp_typ: e.exp_typ, inum: inv.inum, idt: inv.idt, val: inv.val, sbpcode: inv.sbpcode ?? null, sbnum: inv.sbnum ?? null, sbdt: inv.sbdt ?? null, ...it }))))],
    },
    {
      name: 'cdnr',
      columns: [col('GSTIN of recipient', 'ctin', 'text'), col('Note number', 'nt_num', 'text'), col('Note date', 'nt_dt', 'text'), col('Note type', 'ntty', 'text'), col('Note value', 'val'), col('Place of supply', 'pos', 'text'), col('Reverse charge', 'rchrg', 'text'), col('Invoice type', 'inv_typ', 'text'), ...TAX_COLUMNS],
      rows: [(r.cdnr ?? []).flatMap((p) => p.nt.flatMap((n) => n.itms.map((it) => ({ ctin: p.ctin, nt_num: n.nt_num, nt_dt: n.nt_dt, ntty: n.ntty, val: n.val, pos: n.pos, rchrg: n.rchrg, inv_typ: n.inv_typ, ...it.itm_det }))))],
    },
    {
      name: 'cdnur',
      columns: [col('UR type', 'typ', 'text'), col('Note number', 'nt_num', 'text'), col('Note date', 'nt_dt', 'text'), col('Note type', 'ntty', 'text'), col('Note value', 'val'), col('Place of supply', 'pos', 'text'), ...TAX_COLUMNS],
      rows: [(r.cdnur ?? []).flatMap((n) => n.itms.map((it) => ({ typ: n.typ, nt_num: n.nt_num, nt_dt: n.nt_dt, ntty: n.ntty, val: n.val, pos: n.pos, ...it.itm_det })))],
    },
    {
      name: 'exemp',
      columns: [col('Description', 'sply_ty', 'text'), col('Nil rated supplies', 'nil_amt'), col('Exempted (other than nil rated/non-GST)', 'expt_amt'), col('Non-GST supplies', 'ngsup_amt')],
      rows: [r.nil.inv as unknown as Flat[]],
    },
    { name: 'hsn (b2b)', columns: HSN_COLUMNS, rows: [r.hsn.hsn_b2b as unknown as Flat[]] },
    { name: 'hsn (b2c)', columns: HSN_COLUMNS, rows: [r.hsn.hsn_b2c as unknown as Flat[]] },
    {
      name: 'docs',
      columns: [col('Nature of document', 'doc_typ', 'text'), col('Sr. No. From', 'from', 'text'), col('Sr. No. To', 'to', 'text'), col('Total number', 'totnum', 'count'), col('Cancelled', 'cancel', 'count'), col('Net issued', 'net_issue', 'count')],
      rows: [r.doc_issue.doc_det.flatMap((d) => d.docs.map((x) => ({ doc_typ: d.doc_typ, ...x })))],
    },
    {
      name: 'problems',
      columns: [col('Problem', 'code', 'text'), col('Document', 'documentNumber', 'text'), col('What is wrong', 'message', 'text'), col('How to fix it', 'fix', 'text')],
      rows: [report.problems as unknown as Flat[]],
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------------
// Credit and debit notes on sales (gst-rules.md "Credit and debit notes")

/** The notes of one return: issued under the GSTIN (the branch snapshot), dated in the period. Aliased `s`. */
const noteInReturn = (s: Scope) =>
  sql`s.business_id = ${s.businessId} and (s.branch_snapshot->>'gstin') = ${s.gstin} and s.note_date between ${s.from} and ${s.to}`;
const NOTE_LINES = sql.raw(`sale_notes s join sale_note_lines l on l.business_id = s.business_id and l.document_id = s.id`);
/** A credit note lowers what the return reports; a debit note raises it. */
const NOTE_SIGN = sql.raw(`(case when s.note_type = 'CREDIT' then -1 else 1 end)`);

interface NoteRateRow extends RateRow {
  note_type: 'CREDIT' | 'DEBIT';
  /** The invoice the note follows: its grand total and supply type (B2CL or not), and whether it charged IGST. */
  inv_val: string;
  inv_supply: 'INTRA' | 'INTER';
  inv_igst: boolean;
  /** The invoice's export type (a supply to an SEZ or an export), null for any other. */
  inv_export: 'WITH_PAYMENT' | 'WITHOUT_PAYMENT' | null;
}

/** A note's item: `num` is the rate × 100 + 1 (18 % → 1801), amounts positive. */
const noteItem = (r: RateRow, supplyType: 'INTRA' | 'INTER') => ({ num: Math.round(Number(r.rt) * 100) + 1, itm_det: itemDetail(r, supplyType) });

export interface NoteSections {
  cdnr: Gstr1Return['cdnr'];
  cdnur: Gstr1Return['cdnur'];
  /** Notes to other unregistered buyers, signed (credit notes negative), to net into b2cs per POS and rate. */
  b2cs: RateRow[];
  /** Every note's lines, signed, to net into the HSN summary. */
  hsn: Array<RateRow & { b2b: boolean; hsn: string; uqc: string; qty: string; descr: string }>;
  /** The credit-note (doc_num 5) and debit-note (doc_num 4) series, cancelled ones counted. */
  docIssue: Gstr1Return['doc_issue']['doc_det'];
}

/**
 * The return's credit and debit notes: to a registered buyer in cdnr; to an unregistered one in cdnur when it is an
 * export (EXPWP when the invoice charged IGST, else EXPWOP) or follows an inter-state invoice above the B2CL limit;
 * any other is netted into b2cs for its place of supply and rate. Every note nets into the HSN summary, and the
 * notes' series are listed in doc_issue.
 */
export async function saleNoteSections(db: Db, scope: Scope): Promise<NoteSections> {
  const live = sql`${noteInReturn(scope)} and s.status <> 'CANCELLED'`;
  const rows = await selectRows<NoteRateRow>(
    db,
    sql`select s.id::text as id, s.note_type, s.note_number as inum, s.note_date::text as idt, s.grand_total::text as val,
               s.place_of_supply as pos, s.supply_type, s.party_id::text as party_id, ${CTIN} as ctin,
               i.grand_total::text as inv_val, i.supply_type as inv_supply, i.export_type as inv_export,
               exists (select 1 from sale_invoice_lines il where il.business_id = i.business_id and il.document_id = i.id and il.igst > 0) as inv_igst,
               l.gst_rate::float8 as rt, ${TAX_SUMS}
        from ${NOTE_LINES} join sale_invoices i on i.business_id = s.business_id and i.id = s.invoice_id
        where ${live} and (${isTaxedLine} or ${isExport})
        group by s.business_id, s.id, i.business_id, i.id, l.gst_rate
        order by ${CTIN}, s.note_date, s.note_number, l.gst_rate`,
  );
  const cdnr: Gstr1Return['cdnr'] = [];
  const cdnur: Gstr1Return['cdnur'] = [];
  const b2cs: RateRow[] = [];
  const signed = (v: string, type: NoteRateRow['note_type']) => fromPaise((type === 'CREDIT' ? -1 : 1) * toPaise(v));
  for (const r of rows) {
    const ntty = r.note_type === 'CREDIT' ? ('C' as const) : ('D' as const);
    const head = { ntty, nt_num: r.inum, nt_dt: gstDate(r.idt), val: num(r.val), pos: r.pos };
    const exportNote = r.pos === '96';
    if (r.ctin && !exportNote) {
      let party = cdnr.at(-1);
      if (!party || party.ctin !== r.ctin) cdnr.push((party = { ctin: r.ctin, nt: [] }));
      let note = party.nt.at(-1);
      // A note on a supply to an SEZ keeps its invoice's type: SEWOP under LUT, SEWP with IGST paid.
      const invTyp = r.inv_export === null ? 'R' : r.inv_export === 'WITHOUT_PAYMENT' ? 'SEWOP' : 'SEWP';
      if (!note || note.nt_num !== r.inum) party.nt.push((note = { ...head, rchrg: 'N', inv_typ: invTyp, itms: [] }));
      note.itms.push(noteItem(r, r.supply_type));
    } else if (exportNote || (r.inv_supply === 'INTER' && Number(r.inv_val) > Number(scope.limit))) {
      const withPayment = r.inv_export === null ? r.inv_igst : r.inv_export === 'WITH_PAYMENT';
      const typ = exportNote ? (withPayment ? 'EXPWP' : 'EXPWOP') : 'B2CL';
      let note = cdnur.at(-1);
      if (!note || note.nt_num !== r.inum) cdnur.push((note = { typ, ...head, itms: [] }));
      note.itms.push(noteItem(r, 'INTER'));
    } else {
      b2cs.push({ ...r, txval: signed(r.txval, r.note_type), iamt: signed(r.iamt, r.note_type), camt: signed(r.camt, r.note_type), samt: signed(r.samt, r.note_type), csamt: signed(r.csamt, r.note_type) });
    }
  }
  cdnur.sort((x, y) => x.nt_dt.split('-').reverse().join('').localeCompare(y.nt_dt.split('-').reverse().join('')) || x.nt_num.localeCompare(y.nt_num));

  const hsn = await selectRows<NoteSections['hsn'][number]>(
    db,
    sql`select (${isB2b}) as b2b, coalesce(l.hsn_sac, '') as hsn,
               case when l.item_type = 'SERVICE' then 'NA' else coalesce(l.unit, 'OTH') end as uqc,
               l.gst_rate::float8 as rt,
               (case when l.item_type = 'SERVICE' then 0 else sum(${NOTE_SIGN} * l.quantity) end)::text as qty,
               left(min(l.item_name), 30) as descr,
               sum(${NOTE_SIGN} * l.taxable_value)::text as txval, sum(${NOTE_SIGN} * l.igst)::text as iamt,
               sum(${NOTE_SIGN} * l.cgst)::text as camt, sum(${NOTE_SIGN} * l.sgst)::text as samt, sum(${NOTE_SIGN} * l.cess)::text as csamt
        from ${NOTE_LINES} where ${live}
        group by 1, 2, 3, l.gst_rate, l.item_type`,
  );

  const series = await selectRows<{ note_type: 'CREDIT' | 'DEBIT'; first: string; last: string; totnum: number; cancel: number }>(
    db,
    sql`select s.note_type, (array_agg(s.note_number order by s.series_no))[1] as first,
               (array_agg(s.note_number order by s.series_no desc))[1] as last,
               count(*)::int as totnum, (count(*) filter (where s.status = 'CANCELLED'))::int as cancel
        from sale_notes s where ${noteInReturn(scope)}
        group by s.note_type, s.financial_year, s.series_prefix
        order by s.note_type desc, s.financial_year, s.series_prefix`,
  );
  const docIssue: NoteSections['docIssue'] = [];
  for (const [type, docNum, docTyp] of [['DEBIT', 4, 'Debit Note'], ['CREDIT', 5, 'Credit Note']] as const) {
    const docs = series.filter((d) => d.note_type === type);
    if (docs.length) {
      docIssue.push({
        doc_num: docNum,
        doc_typ: docTyp,
        docs: docs.map((d, i) => ({ num: i + 1, from: d.first, to: d.last, totnum: d.totnum, cancel: d.cancel, net_issue: d.totnum - d.cancel })),
      });
    }
  }
  return { cdnr, cdnur, b2cs, hsn, docIssue };
}

const paiseSum = (a: string, b: string) => fromPaise(toPaise(a) + toPaise(b));
const milliSum = (a: string, b: string) => ((Math.round(Number(a) * 1000) + Math.round(Number(b) * 1000)) / 1000).toFixed(3);

/** Rows summed per key: the notes' signed figures added to the invoices' (a row the notes alone make is kept). */
export function netRows<T extends RateRow & { qty?: string }>(base: T[], notes: T[], keyOf: (r: T) => string): T[] {
  const out = new Map(base.map((r) => [keyOf(r), { ...r }]));
  for (const n of notes) {
    const r = out.get(keyOf(n));
    if (!r) {
      out.set(keyOf(n), { ...n });
      continue;
    }
    for (const k of ['txval', 'iamt', 'camt', 'samt', 'csamt'] as const) r[k] = paiseSum(r[k], n[k]);
    if (r.qty !== undefined && n.qty !== undefined) r.qty = milliSum(r.qty, n.qty);
  }
  return [...out.values()];
}
