import type { Account, AccountTransaction, Party, SaleInvoiceSummary } from '@bahi/shared';

export { makeParty } from '@bahi/shared/testing';

let seq = 0;
const nextId = () => `7a2b3c4d-5e6f-4a1b-8c9d-${String(++seq).padStart(12, '0')}`;

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: nextId(),
    type: 'BANK',
    displayName: `Bank ${seq}`,
    bankName: 'State Bank of India',
    accountNumber: 'XXXX1234',
    ifsc: 'SBIN0001234',
    upiId: null,
    openingBalance: '0.00',
    asOfDate: '2026-04-01',
    balance: '0.00',
    isActive: true,
    isUsed: true,
    createdAt: '2026-04-01T05:30:00.000Z',
    ...overrides,
  };
}

export const cash = makeAccount({
  type: 'CASH',
  displayName: 'Cash in hand',
  bankName: null,
  accountNumber: null,
  ifsc: null,
  balance: '5000.00',
});
export const hdfc = makeAccount({ displayName: 'HDFC Current', bankName: 'HDFC Bank', accountNumber: 'XXXX4321', ifsc: 'HDFC0000123', upiId: 'shop@hdfcbank', balance: '12500.50' });
/** Overdrawn. */
export const sbi = makeAccount({ displayName: 'SBI OD', accountNumber: 'XXXX9876', balance: '-2000.25' });
export const ACCOUNTS = [cash, hdfc, sbi];

export function makeTransaction(account: Account, overrides: Partial<AccountTransaction> = {}): AccountTransaction {
  return {
    id: nextId(),
    accountId: account.id,
    accountName: account.displayName,
    date: '2026-05-01',
    type: 'PAYMENT_IN',
    direction: 'IN',
    amount: '100.00',
    runningBalance: '100.00',
    mode: 'UPI',
    partyId: null,
    partyName: null,
    documentType: null,
    documentId: null,
    documentNumber: null,
    groupId: null,
    reversesId: null,
    reference: null,
    note: null,
    createdAt: '2026-05-01T05:30:00.000Z',
    ...overrides,
  };
}

export function makeSaleSummary(party: Party, overrides: Partial<SaleInvoiceSummary> = {}): SaleInvoiceSummary {
  return {
    id: nextId(),
    invoiceNumber: `MUM/26-27/${seq}`,
    financialYear: '2026-27',
    invoiceDate: '2026-05-01',
    dueDate: '2026-05-31',
    status: 'UNPAID',
    isOverdue: false,
    branchId: nextId(),
    branchName: 'Mumbai Central',
    partyId: party.id,
    partyName: party.name,
    partyMobile: null,
    supplyType: 'INTRA',
    grandTotal: '1000.00',
    received: '0.00',
    balance: '1000.00',
    createdAt: '2026-05-01T05:30:00.000Z',
    ...overrides,
  };
}

/** A list answer of one page. */
export const page = <T>(data: T[], total = data.length, pageNo = 1, pageSize = 50) => ({ success: true as const, data, meta: { total, page: pageNo, pageSize } });
