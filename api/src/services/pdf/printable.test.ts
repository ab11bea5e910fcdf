import { Quotation, SaleInvoice } from '@bahi/shared/contracts';
import { quotationToPrintable, saleInvoiceToPrintable } from './printable';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const address = (street: string, city: string, pin: string, stateCode: string, state: string) => ({
  street,
  city,
  pin,
  stateCode,
  state,
});

function line(n: number, gstRate: string, taxable: string, half: string, total: string) {
  return {
    lineNo: n,
    itemId: ID(100 + n),
    itemName: `Item ${n}`,
    itemType: 'PRODUCT' as const,
    hsnSac: '10063020',
    description: null,
    quantity: '1.000',
    unit: 'NOS',
    unitPrice: taxable,
    priceIncludesTax: false,
    discountPercent: null,
    discount: '0.00',
    taxableValue: taxable,
    gstRateId: null,
    gstRate,
    cgst: half,
    sgst: half,
    igst: '0.00',
    cessRate: '0',
    cessPerUnit: '0.000',
    cess: '0.00',
    total,
    serialNos: [],
    documentDiscount: '0.00',
  };
}

/** An invoice as GET sale/sale-invoice/:id answers it, checked against the contract. */
function invoice(overrides: Partial<SaleInvoice> = {}): SaleInvoice {
  return SaleInvoice.parse({
    id: ID(1),
    financialYear: '2026-27',
    branch: {
      id: ID(2),
      name: 'Andheri',
      businessName: 'Sharma Traders',
      gstin: '27AAPFU0939F1ZV',
      phone: '9820012345',
      email: null,
      address: address('Shop 4, Ganesh Market', 'Mumbai', '400069', '27', 'Maharashtra'),
      stateCode: '27',
    },
    party: {
      id: ID(3),
      name: 'Deccan Kirana Stores',
      mobileNumber: '9876543210',
      email: null,
      gstin: '27AAPFU0939F1ZV',
      billingAddress: address('22 Laxmi Road', 'Pune', '411030', '27', 'Maharashtra'),
      shippingAddress: address('22 Laxmi Road', 'Pune', '411030', '27', 'Maharashtra'),
    },
    placeOfSupply: '27',
    placeOfSupplyName: 'Maharashtra',
    supplyType: 'INTRA',
    sgstLabel: 'SGST',
    roundOff: true,
    lines: [line(1, '18', '62.51', '5.63', '73.77')],
    totals: {
      taxableValue: '62.51',
      discount: '0.00',
      cgst: '5.63',
      sgst: '5.63',
      igst: '0.00',
      cess: '0.00',
      subtotal: '73.77',
      roundOff: '0.23',
      grandTotal: '74.00',
      amountInWords: 'Rupees Seventy Four Only',
    },
    hsnSummary: [],
    notes: null,
    terms: null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2026-11-05T08:00:00.000Z',
    invoiceNumber: 'MUM/26-27/42',
    invoiceDate: '2026-11-05',
    dueDate: '2026-11-20',
    status: 'PARTIAL',
    isOverdue: false,
    received: '50.00',
    balance: '24.00',
    payments: [
      { id: ID(4), date: '2026-11-05', amount: '50.00', mode: 'BANK_TRANSFER', accountId: ID(5), accountName: 'HDFC', reference: 'NEFT 1', reversed: false, createdAt: '2026-11-05T08:00:00.000Z' },
      { id: ID(6), date: '2026-11-06', amount: '10.00', mode: 'CASH', accountId: ID(7), accountName: 'Cash in hand', reference: null, reversed: true, createdAt: '2026-11-06T08:00:00.000Z' },
    ],
    quotationId: null,
    quotationNumber: null,
    ...overrides,
  });
}

describe('saleInvoiceToPrintable', () => {
  test('prints the business, branch, party and the payments that stand', () => {
    const doc = saleInvoiceToPrintable(invoice());
    expect(doc).toMatchObject({
      title: 'Tax Invoice',
      number: 'MUM/26-27/42',
      date: '2026-11-05',
      dueDate: '2026-11-20',
      placeOfSupply: '27',
      supplyType: 'INTRA',
      seller: { name: 'Sharma Traders', branchName: 'Andheri', address: ['Shop 4, Ganesh Market', 'Mumbai - 400069'], stateCode: '27' },
      buyer: { name: 'Deccan Kirana Stores', billingAddress: ['22 Laxmi Road', 'Pune - 411030'], stateCode: '27' },
      totals: { subtotal: '73.77', grandTotal: '74.00' },
      received: '50.00',
      balance: '24.00',
    });
    // A shipping address that is the billing address is not printed twice; a reversed payment is not printed.
    expect(doc.buyer.shippingAddress).toBeNull();
    expect(doc.payments).toEqual([{ date: '2026-11-05', mode: 'Bank transfer', amount: '50.00', reference: 'NEFT 1' }]);
    expect(doc.lines[0]).toMatchObject({ no: 1, name: 'Item 1', rate: '62.51', cgst: '5.63', total: '73.77' });
  });

  test('a sale without a party is to a walk-in customer; a bill of supply is titled so', () => {
    const doc = saleInvoiceToPrintable(
      invoice({
        party: null,
        lines: [line(1, '0', '100.00', '0.00', '100.00')],
        payments: [],
        documentTitle: 'BILL OF SUPPLY',
      }),
    );
    expect(doc.buyer).toEqual({ name: 'Walk-in customer', billingAddress: [] });
    expect(doc.title).toBe('Bill of Supply');
    expect(doc.declaration).toBeNull();
  });

  test('a composition seller prints its declaration', () => {
    const base = invoice();
    const doc = saleInvoiceToPrintable({ ...base, documentTitle: 'BILL OF SUPPLY', branch: { ...base.branch, registrationType: 'COMPOSITION' } });
    expect(doc.title).toBe('Bill of Supply');
    expect(doc.declaration).toBe('composition taxable person, not eligible to collect tax on supplies');
  });
});

describe('quotationToPrintable', () => {
  test('prints the quotation number and how long it is valid, and no payments', () => {
    const base = invoice();
    const q = Quotation.parse({
      ...base,
      quotationNumber: 'QT/26-27/7',
      quotationDate: '2026-11-01',
      validUntil: '2026-11-16',
      status: 'OPEN',
      saleInvoiceId: null,
      saleInvoiceNumber: null,
      convertedAt: null,
    });
    const doc = quotationToPrintable(q);
    expect(doc).toMatchObject({ title: 'Quotation', number: 'QT/26-27/7', date: '2026-11-01', dueDate: '2026-11-16' });
    expect(doc.payments).toBeUndefined();
  });
});
