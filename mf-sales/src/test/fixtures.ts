import { EINVOICE_NOT_GENERATED, EWAY_BILL_NONE, type Party, type Quotation, type SaleInvoice, type Schedule } from '@bahi/shared';
import { bengaluruParty, cable, cover, documentParts, mumbaiBranch, nextId } from '@bahi/shared/testing';

// The branch, parties, items, taxes and accounts every document screen's tests use live in @bahi/shared/testing.
export * from '@bahi/shared/testing';

/** An unpaid inter-state invoice to the Bengaluru party: a cable and two covers. */
export function makeInvoice(overrides: Partial<SaleInvoice> = {}, party: Party | null = bengaluruParty): SaleInvoice {
  const inter = party?.gstin?.startsWith('29') ?? false;
  const parts = documentParts(
    party,
    [
      { item: cable, quantity: '1' },
      { item: cover, quantity: '2' },
    ],
    inter ? 'INTER' : 'INTRA',
    inter ? '29' : '27',
  );
  return {
    ...parts,
    invoiceNumber: 'MUM/26-27/42',
    invoiceDate: '2026-05-04',
    dueDate: '2026-06-03',
    status: 'UNPAID',
    isOverdue: false,
    received: '0.00',
    balance: parts.totals.grandTotal,
    payments: [],
    quotationId: null,
    quotationNumber: null,
    documentTitle: 'TAX INVOICE',
    einvoice: EINVOICE_NOT_GENERATED,
    lutNumber: null,
    shippingBill: null,
    exportDeclaration: null,
    transport: null,
    ewayBill: EWAY_BILL_NONE,
    ...overrides,
  };
}

export function makeQuotation(overrides: Partial<Quotation> = {}, party: Party | null = bengaluruParty): Quotation {
  const parts = documentParts(party, [{ item: cable, quantity: '3' }], 'INTER', '29');
  return {
    ...parts,
    quotationNumber: 'QT/26-27/7',
    quotationDate: '2026-05-04',
    validUntil: '2026-05-19',
    status: 'OPEN',
    saleInvoiceId: null,
    saleInvoiceNumber: null,
    convertedAt: null,
    ...overrides,
  };
}

/** A monthly rent schedule of Bengaluru Retail at the Mumbai branch: one bill issued, one failed (no stock). */
export function makeSchedule(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: nextId(),
    status: 'ACTIVE',
    partyId: bengaluruParty.id,
    partyName: bengaluruParty.name,
    branchId: mumbaiBranch.id,
    branchName: mumbaiBranch.name,
    frequency: { type: 'MONTHLY', weekday: null, dayOfMonth: 'LAST' },
    startDate: '2026-04-01',
    endDate: null,
    maxBills: null,
    dueInDays: 7,
    roundOff: true,
    discount: null,
    exportType: null,
    notes: 'Shop rent',
    nextRunDate: '2026-06-30',
    billsIssued: 1,
    failedRuns: 1,
    totalBilled: '1180.00',
    lastRun: null,
    lines: [
      {
        itemId: cable.id,
        itemName: cable.itemName,
        quantity: '2.000',
        unitPrice: null,
        priceIncludesTax: null,
        discountPercent: null,
        discountAmount: null,
        gstRateId: null,
        description: null,
      },
    ],
    runs: [
      {
        period: '2026-05-31',
        runDate: '2026-05-31',
        invoiceId: null,
        invoiceNumber: null,
        grandTotal: null,
        status: 'FAILED',
        reason: 'Not enough stock of USB-C Cable at Mumbai Central: 0 in stock, so it cannot go down by 2. Stock never goes below 0.',
        attempts: 1,
        updatedAt: '2026-05-31T00:31:00.000Z',
      },
      {
        period: '2026-04-30',
        runDate: '2026-04-30',
        invoiceId: '5e1d2c3b-4a59-4687-9a1b-00000000ab01',
        invoiceNumber: 'MUM/26-27/7',
        grandTotal: '1180.00',
        status: 'ISSUED',
        reason: null,
        attempts: 1,
        updatedAt: '2026-04-30T00:31:00.000Z',
      },
    ],
    createdAt: '2026-04-01T05:30:00.000Z',
    updatedAt: '2026-05-31T00:31:00.000Z',
    ...overrides,
  };
}
