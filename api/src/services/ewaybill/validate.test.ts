import { readEwbDateTime, type EWayBillListJson } from '@bahi/shared/contracts';
import { gstinCheckChar } from '@bahi/shared/india';
import { validateEWayBill } from './validate';

const gstin = (first14: string) => first14 + gstinCheckChar(first14);
const SELLER = gstin('27AAPFU0939F1Z');

const item = (i: number) => ({
  itemNo: i + 1, productName: `Item ${i + 1}`, productDesc: '', hsnCode: 84710000 + i, qtyUnit: 'NOS', quantity: 1,
  taxableAmount: 100, sgstRate: 9, cgstRate: 9, igstRate: 0, cessRate: 0, cessNonAdvol: 0,
});

/** gst-rules.md's worked example, as the API builds it. */
const example = (o: Partial<EWayBillListJson> = {}): EWayBillListJson => ({
  userGstin: SELLER, supplyType: 'O', subSupplyType: 1, subSupplyDesc: '', docType: 'INV', docNo: 'MB/26-27/1', docDate: '05/11/2026',
  transType: 1, fromGstin: SELLER, fromTrdName: 'Sharma Traders', fromAddr1: '12 Marine Lines', fromAddr2: '', fromPlace: 'Mumbai',
  fromPincode: 400001, fromStateCode: 27, actualFromStateCode: 27, toGstin: 'URP', toTrdName: 'Pune Stationers', toAddr1: 'Tilak Road',
  toAddr2: '', toPlace: 'Pune', toPincode: 411001, toStateCode: 27, actualToStateCode: 27, totalValue: 50000, cgstValue: 4500,
  sgstValue: 4500, igstValue: 0, cessValue: 0, TotNonAdvolVal: 0, OthValue: 0, totInvValue: 59000, transMode: 1, transDistance: 150,
  transporterId: '', transporterName: '', transDocNo: '', transDocDate: '', vehicleNo: 'MH12AB1234', vehicleType: 'R',
  mainHsnCode: 84710000, itemList: [item(0)], ...o,
});

const paths = (bill: EWayBillListJson) => validateEWayBill(bill).map((p) => p.path);

describe('validateEWayBill', () => {
  it('takes the worked example as it is', () => {
    expect(validateEWayBill(example())).toEqual([]);
  });

  it('at most 250 items (after grouping): the 251st is refused, naming itemList', () => {
    expect(paths(example({ itemList: Array.from({ length: 250 }, (_, i) => item(i)) }))).toEqual([]);
    const problems = validateEWayBill(example({ itemList: Array.from({ length: 251 }, (_, i) => item(i)) }));
    expect(problems).toEqual([{ path: 'itemList', message: expect.stringMatching(/^itemList has 251 items .*at most 250/) }]);
  });

  it('an item without HSN, and a bill of services only', () => {
    expect(paths(example({ itemList: [{ ...item(0), hsnCode: null }] }))).toEqual(['itemList[0].hsnCode']);
    expect(paths(example({ itemList: [{ ...item(0), hsnCode: 998713 }] }))).toEqual(['itemList']);
  });

  it("the supplier's GSTIN, its state and the recipient's GSTIN and state agree", () => {
    expect(paths(example({ userGstin: '' }))).toEqual(['userGstin']);
    expect(paths(example({ userGstin: SELLER.slice(0, 14) + (SELLER[14] === 'A' ? 'B' : 'A') }))).toEqual(['userGstin']);
    expect(paths(example({ fromStateCode: 29, actualFromStateCode: 29, fromPincode: 560001 }))).toEqual(['fromStateCode']);
    expect(paths(example({ toGstin: gstin('29AAGCK1234M1Z') }))).toEqual(['toStateCode']);
    expect(paths(example({ toGstin: '27NOTAGSTIN' }))).toEqual(['toGstin']);
  });

  it('a transporter id in GSTIN format, a vehicle number of at most 15 characters', () => {
    expect(paths(example({ transporterId: gstin('27AAACT2727Q1Z') }))).toEqual([]);
    expect(paths(example({ transporterId: 'TRANS123' }))).toEqual(['transporterId']);
    expect(paths(example({ vehicleNo: 'MH12AB1234567890' }))).toEqual(['vehicleNo']);
  });
});

describe('readEwbDateTime', () => {
  it("reads the portal's dd/mm/yyyy hh:mm:ss AM|PM and ISO forms as YYYY-MM-DD HH:mm:ss", () => {
    expect(readEwbDateTime('05/11/2026 01:45:00 PM')).toBe('2026-11-05 13:45:00');
    expect(readEwbDateTime('05/11/2026 12:05:00 AM')).toBe('2026-11-05 00:05:00');
    expect(readEwbDateTime('2026-11-05T13:45:00')).toBe('2026-11-05 13:45:00');
    expect(readEwbDateTime('2026-11-06', true)).toBe('2026-11-06 23:59:59');
    expect(readEwbDateTime('31/02/2026 10:00:00')).toBeUndefined();
    expect(readEwbDateTime('13:45 yesterday')).toBeUndefined();
    expect(readEwbDateTime(20261105)).toBeUndefined();
  });
});
