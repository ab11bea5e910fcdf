import type { Party, Quotation, SaleInvoice } from '@bahi/shared';
import { bengaluruParty, cable, cover, documentParts } from '@bahi/shared/testing';

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
