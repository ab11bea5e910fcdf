import type { EInvoiceJson, EInvoiceProblem } from '@bahi/shared/contracts';
import { divHalfUp, isValidDocumentNumber } from '@bahi/shared/gst';
import { GSTIN_MESSAGES, fromPaise, gstinProblem, stateName, toPaise } from '@bahi/shared/india';
import Ajv, { type ErrorObject } from 'ajv';
import schema from './schema-v1.1.json';
import { pinMatchesState, pinPrefixesOf } from '@bahi/shared/india';

/**
 * The offline check of an e-invoice JSON before it is offered: the project's JSON schema of v1.1 (schema-v1.1.json:
 * required fields, lengths, patterns, enumerations, decimals) and then the IRP's business rules. Every problem
 * names its field (a path in the JSON) and how to fix it in Bahi.
 */

// multipleOfPrecision: 0.01 and 0.001 steps on binary floats (1080.1 / 0.01 is not a whole number in floating point).
const ajv = new Ajv({ allErrors: true, strict: true, multipleOfPrecision: 6 });
const validateSchema = ajv.compile(schema);

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const paise = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? toPaise(Math.round(v * 100) / 100) : undefined);
const rupees = (p: number) => fromPaise(p);

/** '/ItemList/0/HsnCd' → 'ItemList[0].HsnCd'. */
function pathOf(pointer: string): string {
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
}

/** Where in Bahi the value of a path is set. */
function placeOf(path: string, json: Json): string {
  if (path.startsWith('SellerDtls') || path.startsWith('DispDtls')) return 'the branch (Store branches)';
  if (path.startsWith('BuyerDtls')) return "the party's billing address";
  if (path.startsWith('ShipDtls')) return "the party's shipping address";
  const m = /^ItemList\[(\d+)\]/.exec(path);
  if (m) {
    const line = obj((json.ItemList as unknown[] | undefined)?.[Number(m[1])]);
    return `item "${String(line.PrdDesc ?? `line ${Number(m[1]) + 1}`)}" (line ${Number(m[1]) + 1})`;
  }
  return 'the invoice';
}

/** How to fix a field, by its name. */
function fixFor(path: string, json: Json): string {
  const field = path.split('.').pop() ?? path;
  const place = placeOf(path, json);
  const seller = path.startsWith('SellerDtls');
  switch (field) {
    case 'Gstin':
      return seller ? "Set the branch's GSTIN in Store branches." : "Correct the party's GSTIN on the party screen.";
    case 'LglNm':
    case 'TrdNm':
    case 'Nm':
      return seller ? 'Set the business name (at least 3 characters).' : "Set the party's name (at least 3 characters).";
    case 'Addr1':
    case 'Addr2':
      return `Fill in the street address of ${place}.`;
    case 'Loc':
      return `Fill in the city or area (at least 3 characters) in the address of ${place}.`;
    case 'Pin':
      return `Set the 6-digit PIN code of ${place}.`;
    case 'Stcd':
    case 'Pos':
      return path.endsWith('Pos') ? 'Set the place of supply on the invoice.' : `Set the state of ${place}.`;
    case 'Ph':
      return `Correct the phone number of ${place} (6 to 12 digits) or remove it.`;
    case 'Em':
      return `Correct the e-mail address of ${place} or remove it.`;
    case 'HsnCd':
      return `Set a valid HSN code (4, 6 or 8 digits; a service's SAC is 6 digits starting with 99) on ${place}.`;
    case 'Unit':
      return `Set the unit (a UQC such as NOS, KGS, MTR) of ${place}.`;
    case 'PrdDesc':
      return `Give ${place} a name of 3 to 300 characters.`;
    case 'GstRt':
      return `Choose one of the GST rates on ${place}.`;
    case 'No':
      return 'An e-invoice number is at most 16 characters of A-Z, a-z, 0-9, "/" and "-", not starting with "0", "/" or "-": change the branch\'s invoice prefix.';
    case 'Dt':
      return 'Correct the invoice date.';
    default:
      return `Correct ${place}.`;
  }
}

function describe(e: ErrorObject): string {
  switch (e.keyword) {
    case 'required':
      return 'is missing';
    case 'minLength':
      return `is shorter than ${String(e.params.limit)} characters`;
    case 'maxLength':
      return `is longer than ${String(e.params.limit)} characters`;
    case 'pattern':
      return 'is not in the format the IRP accepts';
    case 'enum':
      return `must be one of ${(e.params.allowedValues as unknown[]).join(', ')}`;
    case 'multipleOf':
      return `has more than ${String(e.params.multipleOf).split('.')[1]?.length ?? 0} decimals`;
    case 'minimum':
    case 'maximum':
      return `must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(e.params.limit)}`;
    case 'additionalProperties':
      return `has a field the schema does not know (${String(e.params.additionalProperty)})`;
    default:
      return e.message ?? 'is not valid';
  }
}

function schemaProblems(json: Json): EInvoiceProblem[] {
  if (validateSchema(json)) return [];
  const out: EInvoiceProblem[] = [];
  for (const e of validateSchema.errors ?? []) {
    const pointer = e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;
    const path = pathOf(pointer) || '(document)';
    if (out.some((p) => p.path === path)) continue; // one problem per field is enough to fix it
    out.push({ path, message: `${path} ${describe(e)}. ${fixFor(path, json)}` });
  }
  return out;
}

const GSTIN_FORMAT = /^[0-9]{2}[0-9A-Z]{13}$/;

/** The IRP's business rules (what its validation refuses beyond the schema). */
function ruleProblems(json: Json, today: string): EInvoiceProblem[] {
  const out: EInvoiceProblem[] = [];
  const add = (path: string, what: string, fix = fixFor(path, json)) => out.push({ path, message: `${path} ${what}. ${fix}` });
  const seller = obj(json.SellerDtls);
  const buyer = obj(json.BuyerDtls);
  const tran = obj(json.TranDtls);

  // GSTINs: check digit and state; the seller's state is its GSTIN's.
  const parties: [string, Json][] = [
    ['SellerDtls', seller],
    ['BuyerDtls', buyer],
    ['ShipDtls', obj(json.ShipDtls)],
  ];
  for (const [name, p] of parties) {
    const gstin = p.Gstin;
    if (typeof gstin === 'string' && GSTIN_FORMAT.test(gstin)) {
      const problem = gstinProblem(gstin);
      if (problem) add(`${name}.Gstin`, `(${gstin}) is not a valid GSTIN: ${GSTIN_MESSAGES[problem].replace(/\.$/, '')}`);
    }
    // PIN consistent with the state.
    if (typeof p.Pin === 'number' && typeof p.Stcd === 'string' && !pinMatchesState(p.Pin, p.Stcd)) {
      add(
        `${name}.Pin`,
        `(${p.Pin}) is not a PIN code of ${stateName(p.Stcd) ?? `state ${p.Stcd}`} (its PIN codes start with ${pinPrefixesOf(p.Stcd)})`,
        `Correct the PIN code or the state of ${placeOf(name, json)}.`,
      );
    }
  }
  if (typeof seller.Gstin === 'string' && typeof seller.Stcd === 'string' && GSTIN_FORMAT.test(seller.Gstin) && seller.Gstin.slice(0, 2) !== seller.Stcd.padStart(2, '0')) {
    add('SellerDtls.Stcd', `(${seller.Stcd}) is not the state of the seller's GSTIN (${seller.Gstin.slice(0, 2)})`, "Set the branch's state to its GSTIN's state.");
  }
  if (typeof seller.Gstin === 'string' && seller.Gstin === buyer.Gstin) {
    add('BuyerDtls.Gstin', 'is the seller\'s own GSTIN', 'A supply to oneself is not an e-invoice: choose the right party.');
  }

  // Document number and date.
  const doc = obj(json.DocDtls);
  if (typeof doc.No === 'string' && !isValidDocumentNumber(doc.No)) add('DocDtls.No', `(${doc.No}) is not a valid document number`);
  if (typeof doc.Dt === 'string') {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(doc.Dt);
    if (m && `${m[3]}-${m[2]}-${m[1]}` > today) {
      add('DocDtls.Dt', `(${doc.Dt}) is in the future`, 'The IRP takes an invoice on or after its date: generate the e-invoice on that day, or correct the date.');
    }
  }

  // Items: AssAmt = TotAmt − Discount; taxes on AssAmt at GstRt; TotItemVal their sum.
  const inter = tran.IgstOnIntra === 'Y' || (typeof buyer.Pos === 'string' && typeof seller.Stcd === 'string' && buyer.Pos !== seller.Stcd);
  const items = Array.isArray(json.ItemList) ? json.ItemList.map(obj) : [];
  const sums = { ass: 0, cgst: 0, sgst: 0, igst: 0, ces: 0 };
  items.forEach((it, i) => {
    const at = (f: string) => `ItemList[${i}].${f}`;
    const [tot, disc, ass, igst, cgst, sgst, ces, cesNon, totVal] = ['TotAmt', 'Discount', 'AssAmt', 'IgstAmt', 'CgstAmt', 'SgstAmt', 'CesAmt', 'CesNonAdvlAmt', 'TotItemVal'].map(
      (f) => paise(it[f]) ?? 0,
    );
    if (ass !== tot - disc) {
      add(at('AssAmt'), `(${rupees(ass)}) is not TotAmt − Discount (${rupees(tot)} − ${rupees(disc)} = ${rupees(tot - disc)})`);
    }
    // A note's value-only line (a price reduced or raised) moves no quantity: its amount is not Qty × UnitPrice.
    if (typeof it.Qty === 'number' && it.Qty !== 0 && typeof it.UnitPrice === 'number' && Math.abs(Math.round(it.Qty * it.UnitPrice * 100) - tot) > 100) {
      add(at('TotAmt'), `(${rupees(tot)}) is not Qty × UnitPrice (${it.Qty} × ${it.UnitPrice})`);
    }
    if (typeof it.GstRt === 'number') {
      const rate = BigInt(Math.round(it.GstRt * 1000));
      const a = BigInt(ass);
      const wantIgst = inter ? Number(divHalfUp(a * rate, 100_000n)) : 0;
      const wantHalf = inter ? 0 : Number(divHalfUp(a * rate, 200_000n));
      if (igst !== wantIgst) add(at('IgstAmt'), `(${rupees(igst)}) is not ${it.GstRt} % of AssAmt ${rupees(ass)} (${rupees(wantIgst)})`);
      if (cgst !== wantHalf) add(at('CgstAmt'), `(${rupees(cgst)}) is not ${it.GstRt / 2} % of AssAmt ${rupees(ass)} (${rupees(wantHalf)})`);
      if (sgst !== wantHalf) add(at('SgstAmt'), `(${rupees(sgst)}) is not ${it.GstRt / 2} % of AssAmt ${rupees(ass)} (${rupees(wantHalf)})`);
    }
    if (typeof it.CesRt === 'number') {
      const want = Number(divHalfUp(BigInt(ass) * BigInt(Math.round(it.CesRt * 1000)), 100_000n));
      if (ces !== want) add(at('CesAmt'), `(${rupees(ces)}) is not ${it.CesRt} % of AssAmt ${rupees(ass)} (${rupees(want)})`);
    }
    const sum = ass + igst + cgst + sgst + ces + cesNon;
    if (totVal !== sum) add(at('TotItemVal'), `(${rupees(totVal)}) is not AssAmt plus its taxes and cess (${rupees(sum)})`);
    if (typeof it.HsnCd === 'string' && /^\d+$/.test(it.HsnCd)) {
      const sac = /^99\d{4}$/.test(it.HsnCd);
      if (it.IsServc === 'Y' && !sac) add(at('HsnCd'), `(${it.HsnCd}) is not a SAC though the item is a service`);
      if (it.IsServc === 'N' && it.HsnCd.startsWith('99')) add(at('HsnCd'), `(${it.HsnCd}) is a SAC (services) though the item is goods`);
    }
    sums.ass += ass;
    sums.cgst += cgst;
    sums.sgst += sgst;
    sums.igst += igst;
    sums.ces += ces + cesNon;
  });

  // ValDtls: the sums of the items; the invoice value their sum with round-off.
  const val = obj(json.ValDtls);
  const v = (f: string) => paise(val[f]) ?? 0;
  const sumFix = 'The invoice totals must be the sums of its lines: open the invoice again and save it, or report this to support.';
  for (const [field, sum] of [
    ['AssVal', sums.ass],
    ['CgstVal', sums.cgst],
    ['SgstVal', sums.sgst],
    ['IgstVal', sums.igst],
    ['CesVal', sums.ces],
  ] as const) {
    if (v(field) !== sum) add(`ValDtls.${field}`, `(${rupees(v(field))}) is not the sum of the items (${rupees(sum)})`, sumFix);
  }
  const total = v('AssVal') + v('CgstVal') + v('SgstVal') + v('IgstVal') + v('CesVal') + v('StCesVal') + v('OthChrg') - v('Discount') + v('RndOffAmt');
  if (v('TotInvVal') !== total) add('ValDtls.TotInvVal', `(${rupees(v('TotInvVal'))}) is not the sum of the values and round-off (${rupees(total)})`, sumFix);
  if (Math.abs(v('RndOffAmt')) > 9999) add('ValDtls.RndOffAmt', `(${rupees(v('RndOffAmt'))}) is more than ±99.99`, sumFix);
  return out;
}

/** Every problem the IRP would refuse the JSON for; empty when it can be uploaded. `today` is YYYY-MM-DD (India). */
export function validateEInvoice(json: EInvoiceJson, today: string): EInvoiceProblem[] {
  const problems = schemaProblems(json);
  for (const p of ruleProblems(json, today)) if (!problems.some((q) => q.path === p.path)) problems.push(p);
  return problems;
}
