import { bengaluruParty, cable, cover, makeItem, mumbaiBranch, phone, puneParty, repair, testUser } from '@bahi/shared/testing';
import {
  computeBill,
  lineFromItem,
  type LineDraft,
} from '@bahi/shared/ui';
import {
  billErrors,
  dueDateOf,
  emptyBill,
  exportTypeOf,
  formPathOf,
  placeOfSupplyReasonText,
  sellerRegistrationOf,
  stockWarnings,
  supplyOf,
  toQuotationRequest,
  toSaleRequest,
  withoutTax,
  type BillDraft,
} from './sale-bill';

const business = testUser.business;
const bill = (patch: Partial<BillDraft> = {}): BillDraft => ({ ...emptyBill('INVOICE', '2026-05-04'), ...patch });
const line = (item = cable, patch: Partial<LineDraft> = {}): LineDraft => ({ ...lineFromItem(item), ...patch });
const figures = (d: BillDraft) => {
  const supply = supplyOf(d, mumbaiBranch, business);
  return { supply, figures: computeBill(d, supply.supplyType!) };
};

describe('place of supply', () => {
  it('is the branch state for a walk-in sale, intra-state', () => {
    const s = supplyOf(bill(), mumbaiBranch, business);
    expect(s).toEqual({ supplierState: '27', placeOfSupply: '27', reason: 'WALK_IN', supplyType: 'INTRA' });
    expect(placeOfSupplyReasonText(s.reason)).toBe("walk-in sale: the branch's state");
  });

  it("follows the party's address, else its GSTIN, and says why", () => {
    const b = supplyOf(bill({ customer: { type: 'PARTY', party: bengaluruParty } }), mumbaiBranch, business);
    expect(b).toMatchObject({ placeOfSupply: '29', supplyType: 'INTER' });
    expect(placeOfSupplyReasonText(b.reason, bengaluruParty)).toBe("from the party's address");

    const p = supplyOf(bill({ customer: { type: 'PARTY', party: puneParty } }), mumbaiBranch, business);
    expect(p).toMatchObject({ placeOfSupply: '27', supplyType: 'INTRA', reason: 'PARTY_GSTIN' });
    expect(placeOfSupplyReasonText(p.reason)).toBe("from the party's GSTIN");
  });

  it('can be chosen, and then decides the supply type', () => {
    const s = supplyOf(bill({ customer: { type: 'PARTY', party: bengaluruParty }, placeOfSupply: '27' }), mumbaiBranch, business);
    expect(s).toMatchObject({ placeOfSupply: '27', reason: null, supplyType: 'INTRA' });
    expect(placeOfSupplyReasonText(s.reason)).toBe('chosen by you');
  });

  it('cannot be worked out for a branch without a GST state', () => {
    const bare = { ...mumbaiBranch, gstin: null, address: { ...mumbaiBranch.address, stateCode: null } };
    expect(supplyOf(bill(), bare, { ...business, stateCode: null })).toMatchObject({ supplierState: null, supplyType: null });
  });
});

describe('due date', () => {
  it("is the invoice date plus the party's credit period, 15 days for a quotation, or what was chosen", () => {
    expect(dueDateOf(bill())).toBe('2026-05-04');
    expect(dueDateOf(bill({ customer: { type: 'PARTY', party: bengaluruParty } }))).toBe('2026-06-03');
    expect(dueDateOf({ ...emptyBill('QUOTATION', '2026-05-04') })).toBe('2026-05-19');
    expect(dueDateOf(bill({ dueDate: '2026-05-10' }))).toBe('2026-05-10');
  });
});

describe('figures (from the GST engine)', () => {
  it('gives the worked examples of gst-rules.md, intra-state', () => {
    const { figures: f } = figures(bill({ lines: [line(cable), line(cover)] }));
    expect(f.lines.map((l) => l.result)).toEqual([
      { gross: 6251, discount: 0, taxableValue: 6251, cgst: 563, sgst: 563, igst: 0, cess: 0, total: 7377 },
      { gross: 5250, discount: 0, taxableValue: 4688, cgst: 281, sgst: 281, igst: 0, cess: 0, total: 5250 },
    ]);
    expect(f.document.totals).toMatchObject({ subtotal: 12627, roundOff: -27, grandTotal: 12600 });
    expect(f.document.amountInWords).toBe('Rupees One Hundred Twenty-Six Only');
  });

  it('gives IGST inter-state, and no round-off when it is off', () => {
    const { figures: f } = figures(bill({ customer: { type: 'PARTY', party: bengaluruParty }, roundOff: false, lines: [line(cable)] }));
    expect(f.document.totals).toMatchObject({ igst: 1125, cgst: 0, roundOff: 0, grandTotal: 7376 });
  });

  it('leaves out a line still being typed, naming its field, and keeps the others', () => {
    const { figures: f } = figures(
      bill({ lines: [line(cable, { quantity: '' }), line(cable, { discountMode: 'AMOUNT', discount: '70' }), line(cover)] }),
    );
    expect(f.lines[0].error).toEqual({ field: 'quantity', message: 'Quantity is required' });
    expect(f.lines[1].error).toEqual({ field: 'discount', message: 'Discount cannot be more than the line amount' });
    expect(f.document.totals.subtotal).toBe(5250);
  });

  it('applies a discount in per cent or in rupees', () => {
    const { figures: f } = figures(
      bill({ lines: [line(cable, { discount: '10' }), line(cable, { discountMode: 'AMOUNT', discount: '2.51' })] }),
    );
    expect(f.lines.map((l) => l.result?.taxableValue)).toEqual([5626, 6000]);
  });
});

describe('stock warnings', () => {
  it('warn when the lines of one item want more than the branch holds', () => {
    const a = line(cover, { quantity: '2' });
    const b = line(cover, { quantity: '2' });
    const c = line(cable, { quantity: '5' });
    const warnings = stockWarnings([a, b, c], 'Mumbai Central');
    expect([...warnings]).toEqual([
      [a.key, 'Only 3 NOS in stock at Mumbai Central'],
      [b.key, 'Only 3 NOS in stock at Mumbai Central'],
    ]);
    expect(stockWarnings([line(repair, { quantity: '50' })], 'Mumbai Central').size).toBe(0);
  });
});

describe('a discount on the whole bill, and a seller that charges no GST', () => {
  it('shares the discount among the lines before tax, shows each line after its share, and sends it', () => {
    const d = bill({ lines: [line(makeItem({ salePrice: '100' })), line(makeItem({ salePrice: '200', gstRate: { id: 'gst-5', value: 5, cessValue: 0 } }))] });
    d.discount = { mode: 'AMOUNT', value: '30' };
    const { supply, figures: f } = figures(d);
    expect(f.lines.map((l) => [l.result?.discount, l.result?.taxableValue])).toEqual([
      [1000, 9000],
      [2000, 18000],
    ]);
    expect(f.document.totals).toMatchObject({ discount: 3000, taxableValue: 27000 });
    expect(toSaleRequest(d, supply, f.document.totals.grandTotal).discount).toEqual({ amount: '30' });
    d.discount = { mode: 'PERCENT', value: '10' };
    expect(toSaleRequest(d, supply, 0).discount).toEqual({ percent: '10' });
  });

  it('says at the field when the discount is more than the bill', () => {
    const d = bill({ lines: [line(cable)] });
    d.discount = { mode: 'AMOUNT', value: '100' };
    const { supply, figures: f } = figures(d);
    expect(billErrors(d, supply, f).discount).toBe('Discount cannot be more than the document amount');
    expect(f.document.totals.discount).toBe(0);
  });

  it('a composition or unregistered seller bills every line at 0 % and sends no rate', () => {
    expect(sellerRegistrationOf({ gstin: null, registrationType: null }, { registrationType: 'UNREGISTERED' })).toBe('UNREGISTERED');
    expect(sellerRegistrationOf({ gstin: '27AAPFU0939F1ZV', registrationType: 'COMPOSITION' }, { registrationType: 'REGULAR' })).toBe('COMPOSITION');
    expect(sellerRegistrationOf(mumbaiBranch, { registrationType: 'UNREGISTERED' })).toBe('REGULAR');
    const d = withoutTax(bill({ lines: [line(cable)] }));
    const { supply, figures: f } = figures(d);
    expect(f.document.totals).toMatchObject({ taxableValue: 6251, cgst: 0, sgst: 0, igst: 0 });
    expect(toSaleRequest(d, supply, 6300).lines[0].gstRateId).toBeNull();
  });
});

describe('the request', () => {
  it('sends the lines, the place of supply and a full payment of the grand total', () => {
    const d = bill({ customer: { type: 'PARTY', party: bengaluruParty }, lines: [line(cable), line(cover, { discount: '5' })] });
    const { supply, figures: f } = figures(d);
    expect(toSaleRequest(d, supply, f.document.totals.grandTotal)).toEqual({
      partyId: bengaluruParty.id,
      customer: null,
      placeOfSupply: '29',
      roundOff: true,
      invoiceDate: '2026-05-04',
      dueDate: '2026-06-03',
      discount: null,
      lines: [
        { itemId: cable.id, quantity: '1', unitPrice: '62.51', priceIncludesTax: false, discountPercent: null, discountAmount: null, gstRateId: 'gst-18', serialNos: null },
        { itemId: cover.id, quantity: '1', unitPrice: '52.50', priceIncludesTax: true, discountPercent: '5', discountAmount: null, gstRateId: 'gst-12', serialNos: null },
      ],
      payment: { amount: '124.00', mode: 'CASH', accountId: null, reference: null },
      notes: null,
      terms: null,
      quotationId: null,
    });
  });

  it('names a walk-in customer only when a name is given, and sends no payment when none was received', () => {
    const d = bill({ customer: { type: 'WALK_IN', name: ' Meena ', mobileNumber: '' }, lines: [line(cable)] });
    d.payment = { ...d.payment, received: 'NONE' };
    const { supply } = figures(d);
    expect(toSaleRequest(d, supply, 7400)).toMatchObject({ partyId: null, customer: { name: 'Meena', mobileNumber: null }, payment: null });
    expect(toSaleRequest(bill({ lines: [line(cable)] }), supply, 7400)).toMatchObject({ customer: null });
  });

  it('for a quotation sends quotationDate and validUntil, and no payment', () => {
    const d = { ...emptyBill('QUOTATION', '2026-05-04'), lines: [line(cable)] };
    const { supply } = figures(d);
    const body = toQuotationRequest(d, supply);
    expect(body).toMatchObject({ quotationDate: '2026-05-04', validUntil: '2026-05-19', placeOfSupply: '27' });
    expect(body).not.toHaveProperty('payment');
  });
});

describe('errors at the field', () => {
  const errorsOf = (d: BillDraft) => {
    const { supply, figures: f } = figures(d);
    return billErrors(d, supply, f);
  };

  it('asks for a line, serials for every unit, and a received amount within the total', () => {
    expect(errorsOf(bill())).toEqual({ lines: 'Add at least one item' });
    const d = bill({ lines: [line(phone, { quantity: '2', serialNos: ['IMEI111'] })] });
    d.payment = { ...d.payment, received: 'PART', amount: '50000' };
    expect(errorsOf(d)).toEqual({
      'lines.0.serialNos': 'Pick 2 serial numbers, one for each unit',
      'payment.amount': 'The amount received cannot be more than the grand total',
    });
  });

  it("says what the contract says of a walk-in's mobile number and of the dates", () => {
    const d = bill({ customer: { type: 'WALK_IN', name: 'Meena', mobileNumber: '12345' }, lines: [line(cable)], dueDate: '2026-05-01' });
    expect(errorsOf(d)).toEqual({
      'customer.mobileNumber': expect.stringMatching(/mobile/i),
      dueDate: 'Due date cannot be before the invoice date',
    });
  });

  it('maps the fields the API names to the form', () => {
    expect(formPathOf('lines.1.quantity')).toBe('lines.1.quantity');
    expect(formPathOf('lines.0.discountAmount')).toBe('lines.0.discount');
    expect(formPathOf('lines.2.serialNos.0')).toBe('lines.2.serialNos');
    expect(formPathOf('customer.mobileNumber')).toBe('customer.mobileNumber');
    expect(formPathOf('validUntil')).toBe('dueDate');
    expect(formPathOf('payment.amount')).toBe('payment.amount');
    expect(formPathOf('branchId')).toBeNull();
  });
});

describe('a sale to an SEZ unit or a buyer abroad', () => {
  const sez = { ...puneParty, registrationType: 'SEZ' as const };
  const abroad = { ...puneParty, gstin: null, registrationType: 'OVERSEAS' as const, billingAddress: null, shippingAddress: null };
  const lut = { number: 'AD270426000123X', validFrom: '2026-04-01', validTo: '2027-03-31' };

  it('is inter-state even within the state; abroad the place of supply is 96', () => {
    expect(supplyOf(bill({ customer: { type: 'PARTY', party: sez } }), mumbaiBranch, business)).toMatchObject({ placeOfSupply: '27', supplyType: 'INTER' });
    expect(supplyOf(bill({ customer: { type: 'PARTY', party: abroad } }), mumbaiBranch, business)).toMatchObject({ placeOfSupply: '96', reason: 'EXPORT', supplyType: 'INTER' });
  });

  it('goes without payment of IGST while the LUT is valid on its date, unless another type is chosen', () => {
    const d = bill({ customer: { type: 'PARTY', party: sez }, lines: [line(cable)] });
    expect(exportTypeOf(d, lut)).toBe('WITHOUT_PAYMENT');
    expect(exportTypeOf({ ...d, date: '2026-03-31' }, lut)).toBe('WITH_PAYMENT');
    expect(exportTypeOf(d, null)).toBe('WITH_PAYMENT');
    expect(exportTypeOf({ ...d, exportType: 'WITH_PAYMENT' }, lut)).toBe('WITH_PAYMENT');
    expect(exportTypeOf(bill({ customer: { type: 'PARTY', party: puneParty } }), lut)).toBeNull();
    const { supply } = figures(d);
    const lutBill = computeBill(d, supply.supplyType!, false, true);
    expect(lutBill.document.totals).toMatchObject({ igst: 0, cgst: 0, sgst: 0 });
    expect(lutBill.lines[0].result).toMatchObject({ igst: 0 });
    expect(computeBill(d, supply.supplyType!).document.totals.igst).toBeGreaterThan(0);
  });

  it('sends the export type chosen and an export’s shipping bill as far as it is typed', () => {
    const d = bill({ customer: { type: 'PARTY', party: abroad }, lines: [line(cable)], shippingBill: { number: ' 7654321 ', date: null, portCode: 'INNSA1' } });
    const { supply, figures: f } = figures(d);
    expect(toSaleRequest(d, supply, f.document.totals.grandTotal)).toMatchObject({
      placeOfSupply: '96',
      exportType: null,
      shippingBill: { number: '7654321', date: null, portCode: 'INNSA1' },
    });
    const chosen = toSaleRequest({ ...d, exportType: 'WITH_PAYMENT', shippingBill: { number: '', date: null, portCode: '' } }, supply, 0);
    expect(chosen.exportType).toBe('WITH_PAYMENT');
    expect(chosen.shippingBill).toBeUndefined();
    expect(toSaleRequest(bill({ lines: [line(cable)] }), supply, 0)).not.toHaveProperty('exportType');
  });
});
