import { cable, cover, makeItem, phone, repair } from '@bahi/shared/testing';
import { computeBill, lineErrors, lineFromItem, type LineDraft, type LinesDraft } from './bill-model';

const bill = (patch: Partial<LinesDraft> = {}): LinesDraft => ({ lines: [], roundOff: true, ...patch });
const line = (item = cable, patch: Partial<LineDraft> = {}): LineDraft => ({ ...lineFromItem(item), ...patch });

describe('a new line', () => {
  it('takes one unit at the sale price, with the tax type and GST rate of the item', () => {
    expect(line(cover)).toMatchObject({
      quantity: '1',
      unitPrice: '52.50',
      priceIncludesTax: true,
      gstRateId: 'gst-12',
      gstRate: '12',
      item: { name: 'Phone Cover', hsnSac: '3926', unit: 'NOS', stock: 3 },
    });
    expect(line(repair).item).toMatchObject({ hsnSac: '998713', stock: null, itemType: 'SERVICE' });
  });

  it('on a purchase takes the purchase price and the purchase tax type, ITC eligible', () => {
    const bought = makeItem({ salePrice: '699.00', purchasePrice: '450.00', isSaleTaxApplicable: true, isPurchaseTaxApplicable: false });
    expect(lineFromItem(bought, 'PURCHASE')).toMatchObject({ unitPrice: '450.00', priceIncludesTax: false, itcEligible: true });
    expect(lineFromItem(bought)).toMatchObject({ unitPrice: '699.00', priceIncludesTax: true });
    expect(lineFromItem(makeItem({ purchasePrice: null }), 'PURCHASE').unitPrice).toBe('');
  });
});

describe('reverse charge (purchases)', () => {
  it('leaves the tax out of what is owed and reports it apart, as the engine does', () => {
    const d = bill({ roundOff: false, lines: [line(cable, { quantity: '10' })] });
    const normal = computeBill(d, 'INTER').document.totals;
    const rcm = computeBill(d, 'INTER', true).document.totals;
    // 10 × 62.51 at 18 %: taxable 625.10, IGST 112.52.
    expect(normal).toMatchObject({ taxableValue: 62510, igst: 11252, grandTotal: 73762 });
    expect(normal.reverseChargeTax).toBeUndefined();
    expect(rcm).toMatchObject({ taxableValue: 62510, igst: 11252, reverseChargeTax: 11252, grandTotal: 62510 });
  });
});

describe('line errors', () => {
  it('asks for serials to be entered one per unit on a purchase', () => {
    const d = bill({ lines: [line(phone, { quantity: '2', serialNos: ['NEW1'] })] });
    expect(lineErrors(d, computeBill(d, 'INTRA'), 'Enter')).toEqual({ 'lines.0.serialNos': 'Enter 2 serial numbers, one for each unit' });
    expect(lineErrors(bill(), computeBill(bill(), 'INTRA'))).toEqual({ lines: 'Add at least one item' });
  });
});
