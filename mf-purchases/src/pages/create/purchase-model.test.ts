import { computeBill, lineFromItem } from '@bahi/shared/ui';
import { makeParty, testUser } from '@bahi/shared/testing';
import { delhiSupplier, mouse, mumbaiBranch, thaneSupplier } from '../../test/fixtures';
import {
  attachmentProblem,
  emptyPurchase,
  purchaseErrors,
  purchaseFormPathOf,
  purchaseSupplyOf,
  toPurchaseRequest,
  type PurchaseDraft,
} from './purchase-model';

const business = testUser.business;
const draft = (patch: Partial<PurchaseDraft> = {}): PurchaseDraft => ({ ...emptyPurchase('2026-05-04'), ...patch });

describe('purchase supply', () => {
  it("is IGST from a supplier in another state: the supplier's GSTIN state against the branch's", () => {
    expect(purchaseSupplyOf(draft({ supplier: delhiSupplier }), mumbaiBranch, business)).toEqual({
      branchState: '27',
      supplierState: '07',
      placeOfSupply: '27',
      supplyType: 'INTER',
    });
    expect(purchaseSupplyOf(draft({ supplier: thaneSupplier }), mumbaiBranch, business).supplyType).toBe('INTRA');
  });

  it("takes the billing address when the supplier has no GSTIN, else the branch's state", () => {
    const unregistered = makeParty({ partyType: 'SUPPLIER', billingAddress: delhiSupplier.billingAddress });
    expect(purchaseSupplyOf(draft({ supplier: unregistered }), mumbaiBranch, business).supplyType).toBe('INTER');
    expect(purchaseSupplyOf(draft({ supplier: makeParty({ partyType: 'SUPPLIER' }) }), mumbaiBranch, business).supplyType).toBe('INTRA');
    expect(purchaseSupplyOf(draft(), null, null)).toMatchObject({ branchState: null, supplyType: null });
  });
});

describe('the request', () => {
  it('carries the bill, reverse charge, ITC per line and the payment made now', () => {
    const d = draft({
      supplier: delhiSupplier,
      billNumber: ' DE/2291 ',
      reverseCharge: true,
      lines: [{ ...lineFromItem(mouse, 'PURCHASE'), quantity: '10', itcEligible: false }],
      payment: { received: 'FULL', amount: '', mode: 'CASH', accountId: 'cash', reference: '' },
    });
    const supply = purchaseSupplyOf(d, mumbaiBranch, business);
    const figures = computeBill(d, supply.supplyType!, true);
    expect(purchaseErrors(d, supply, figures)).toEqual({});
    expect(toPurchaseRequest(d, supply, figures.document.totals.grandTotal)).toMatchObject({
      partyId: delhiSupplier.id,
      billNumber: 'DE/2291',
      billDate: '2026-05-04',
      placeOfSupply: '27',
      reverseCharge: true,
      lines: [{ itemId: mouse.id, quantity: '10', unitPrice: '450.00', itcEligible: false }],
      // Under reverse charge the supplier is owed the taxable value only.
      payment: { amount: '4500.00', mode: 'CASH', accountId: 'cash' },
    });
  });

  it('says what is missing at its field, and maps the API’s fields to the form’s', () => {
    const d = draft({ payment: { received: 'PART', amount: '', mode: 'CASH', accountId: null, reference: '' } });
    const supply = purchaseSupplyOf(d, mumbaiBranch, business);
    expect(purchaseErrors(d, supply, computeBill(d, 'INTRA'))).toMatchObject({
      lines: 'Add at least one item',
      supplier: 'Choose the supplier',
      billNumber: 'Bill number is required',
      'payment.amount': 'Enter the amount paid',
    });
    expect(purchaseFormPathOf('billNumber')).toBe('billNumber');
    expect(purchaseFormPathOf('partyId')).toBe('supplier');
    expect(purchaseFormPathOf('lines.2.discountAmount')).toBe('lines.2.discount');
    expect(purchaseFormPathOf('lines.0.serialNos')).toBe('lines.0.serialNos');
    expect(purchaseFormPathOf('somethingElse')).toBeNull();
  });
});

describe('the attached bill', () => {
  it('is a PDF, PNG or JPEG of at most 5 MB', () => {
    expect(attachmentProblem({ name: 'bill.pdf', type: 'application/pdf', size: 1000 })).toBeNull();
    expect(attachmentProblem({ name: 'BILL.JPG', type: '', size: 1000 })).toBeNull();
    expect(attachmentProblem({ name: 'bill.docx', type: 'application/msword', size: 1000 })).toBe('Attach the bill as a PDF, PNG or JPEG file.');
    expect(attachmentProblem({ name: 'scan.png', type: 'image/png', size: 5 * 1024 * 1024 + 1 })).toBe('The bill file is larger than 5 MB.');
  });
});
