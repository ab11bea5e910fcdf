import type { EInvoiceJson } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { pinMatchesState } from '@bahi/shared/india';
import { validateEInvoice } from './validate';

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const TODAY = '2026-11-23';

/** gst-rules.md's first example, inter-state: 1 × 62.51 at 18 % to Karnataka. */
function valid(): EInvoiceJson {
  return {
    Version: '1.1',
    TranDtls: { TaxSch: 'GST', SupTyp: 'B2B', RegRev: 'N', IgstOnIntra: 'N' },
    DocDtls: { Typ: 'INV', No: 'MB/26-27/1', Dt: '20/11/2026' },
    SellerDtls: { Gstin: gstin('27AAPFU0939F1Z'), LglNm: 'Sharma Traders', Addr1: '12 Laxmi Road', Loc: 'Pune', Pin: 411002, Stcd: '27' },
    BuyerDtls: { Gstin: gstin('29AAGCK1234M1Z'), LglNm: 'Kaveri Home Needs', Pos: '29', Addr1: '8 Brigade Road', Loc: 'Bengaluru', Pin: 560025, Stcd: '29' },
    ItemList: [
      {
        SlNo: '1', PrdDesc: 'Gel Pen Box', IsServc: 'N', HsnCd: '96081019', Qty: 1, Unit: 'NOS', UnitPrice: 62.51, TotAmt: 62.51, Discount: 0,
        AssAmt: 62.51, GstRt: 18, IgstAmt: 11.25, CgstAmt: 0, SgstAmt: 0, CesRt: 0, CesAmt: 0, CesNonAdvlAmt: 0, TotItemVal: 73.76,
      },
    ],
    ValDtls: { AssVal: 62.51, CgstVal: 0, SgstVal: 0, IgstVal: 11.25, CesVal: 0, StCesVal: 0, Discount: 0, OthChrg: 0, RndOffAmt: 0.24, TotInvVal: 74 },
  };
}

const paths = (json: EInvoiceJson) => validateEInvoice(json, TODAY).map((p) => p.path);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test edits the JSON freely, as a broken file would
type Loose = Record<string, any>;
const edit = (change: (j: Loose) => void) => {
  const j = valid() as Loose;
  change(j);
  return j;
};

describe('validateEInvoice', () => {
  it('passes a correct inter-state invoice', () => {
    expect(validateEInvoice(valid(), TODAY)).toEqual([]);
  });

  it('names each field the schema refuses, with the fix', () => {
    const problems = validateEInvoice(
      edit((j) => {
        delete j.SellerDtls.Pin;
        j.DocDtls.No = '0MB/1';
        j.ItemList[0].Qty = 1.0001;
        j.ItemList[0].HsnCd = '12345';
        j.TranDtls.SupTyp = 'B2C';
      }),
      TODAY,
    );
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.message]));
    expect(Object.keys(byPath).sort()).toEqual(['DocDtls.No', 'ItemList[0].HsnCd', 'ItemList[0].Qty', 'SellerDtls.Pin', 'TranDtls.SupTyp']);
    expect(byPath['SellerDtls.Pin']).toBe('SellerDtls.Pin is missing. Set the 6-digit PIN code of the branch (Store branches).');
    expect(byPath['DocDtls.No']).toMatch(/not in the format.*change the branch's invoice prefix/);
    expect(byPath['ItemList[0].Qty']).toMatch(/more than 3 decimals/);
    expect(byPath['TranDtls.SupTyp']).toMatch(/must be one of B2B, SEZWP/);
  });

  it('checks the figures: AssAmt = TotAmt − Discount, tax on AssAmt, TotItemVal and ValDtls the sums, round-off within ±99.99', () => {
    expect(paths(edit((j) => (j.ItemList[0].Discount = 1)))).toEqual(['ItemList[0].AssAmt']);
    expect(paths(edit((j) => (j.ItemList[0].IgstAmt = 11.26)))).toEqual(expect.arrayContaining(['ItemList[0].IgstAmt', 'ItemList[0].TotItemVal', 'ValDtls.IgstVal']));
    // CGST + SGST on an inter-state supply is refused.
    expect(paths(edit((j) => Object.assign(j.ItemList[0], { IgstAmt: 0, CgstAmt: 5.63, SgstAmt: 5.62 })))).toEqual(
      expect.arrayContaining(['ItemList[0].IgstAmt', 'ItemList[0].CgstAmt', 'ItemList[0].SgstAmt']),
    );
    expect(paths(edit((j) => (j.ValDtls.TotInvVal = 75)))).toEqual(['ValDtls.TotInvVal']);
    expect(paths(edit((j) => (j.ValDtls.RndOffAmt = -100)))).toContain('ValDtls.RndOffAmt');
  });

  it('checks GSTIN check digits, the seller state, PIN against the state and the date', () => {
    const bad = gstin('29AAGCK1234M1Z');
    const typo = bad.slice(0, 14) + (bad[14] === 'A' ? 'B' : 'A');
    expect(paths(edit((j) => (j.BuyerDtls.Gstin = typo)))).toEqual(['BuyerDtls.Gstin']);
    expect(paths(edit((j) => (j.SellerDtls.Stcd = '29')))).toEqual(expect.arrayContaining(['SellerDtls.Stcd']));
    expect(paths(edit((j) => (j.BuyerDtls.Pin = 400001)))).toEqual(['BuyerDtls.Pin']);
    expect(paths(edit((j) => (j.DocDtls.Dt = '24/11/2026')))).toEqual(['DocDtls.Dt']);
    expect(paths(edit((j) => (j.DocDtls.Dt = '23/11/2026')))).toEqual([]);
    expect(paths(edit((j) => Object.assign(j.ItemList[0], { IsServc: 'Y' })))).toEqual(['ItemList[0].HsnCd']);
  });
});

describe('pinMatchesState', () => {
  it('knows the PIN regions of the states', () => {
    expect(pinMatchesState(411002, '27')).toBe(true);
    expect(pinMatchesState(560025, '29')).toBe(true);
    expect(pinMatchesState(400001, '29')).toBe(false);
    expect(pinMatchesState(110001, '07')).toBe(true);
    expect(pinMatchesState(500001, '36')).toBe(true);
    expect(pinMatchesState(123456, '97')).toBe(true);
  });
});
