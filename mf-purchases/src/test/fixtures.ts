import {
  type Expense,
  type ExpenseCategory,
  fromPaise,
  gstinCheckChar,
  toPaise,
  type Item,
  type Party,
  type PurchaseInvoice,
  type PurchaseInvoiceSummary,
} from '@bahi/shared';
import { ACCOUNTS, TAXES, documentParts, makeAddress, makeItem, makeParty, mumbaiBranch, nextId } from '@bahi/shared/testing';

// The branch, taxes and accounts of every document screen's tests come from @bahi/shared/testing.
export { ACCOUNTS, TAXES, mumbaiBranch } from '@bahi/shared/testing';

const gstin = (first14: string) => first14 + gstinCheckChar(first14);

/** A supplier in Delhi (07), by GSTIN and address: inter-state to the Mumbai branch, so IGST. */
export const delhiSupplier: Party = makeParty({
  name: 'Delhi Electronics Pvt Ltd',
  partyType: 'SUPPLIER',
  gstin: gstin('07AABCD1234E1Z'),
  mobileNumber: '9811012345',
  creditPeriod: 15,
  billingAddress: makeAddress('07'),
});
/** A supplier in Thane (27): intra-state, so CGST + SGST. */
export const thaneSupplier: Party = makeParty({
  name: 'Thane Wholesale',
  partyType: 'SUPPLIER',
  gstin: gstin('27AAECT4321F1Z'),
  mobileNumber: '9820098200',
  billingAddress: makeAddress('27'),
});

/** Bought at 450.00 without tax at 18 %: 10 of them are 4,500.00 taxable and 810.00 of GST. */
export const mouse: Item = makeItem({
  itemName: 'Wireless Mouse',
  itemCode: 'MSE01',
  hsnCode: '8471',
  salePrice: '699.00',
  purchasePrice: '450.00',
  gstRate: TAXES[3],
  netQuantity: 4,
});
/** Bought at 112.00 with 12 % included. */
export const sleeve = makeItem({
  itemName: 'Laptop Sleeve',
  itemCode: 'SLV01',
  hsnCode: '4202',
  salePrice: '299.00',
  purchasePrice: '112.00',
  isPurchaseTaxApplicable: true,
  gstRate: TAXES[2],
  netQuantity: 0,
});

/** An unpaid bill from the Delhi supplier for 10 mice: IGST 810.00, grand total 5,310.00, all of it ITC. */
export function makePurchase(overrides: Partial<PurchaseInvoice> = {}, supplier: Party = delhiSupplier): PurchaseInvoice {
  const inter = !supplier.gstin?.startsWith('27');
  const parts = documentParts(supplier, [{ item: { ...mouse, salePrice: mouse.purchasePrice ?? null }, quantity: '10' }], inter ? 'INTER' : 'INTRA', '27');
  const tax = (l: { cgst: string; sgst: string; igst: string; cess: string }) =>
    fromPaise(toPaise(l.cgst) + toPaise(l.sgst) + toPaise(l.igst) + toPaise(l.cess));
  const lines = parts.lines.map((l) => ({ ...l, itcEligible: true, itcAmount: tax(l) }));
  return {
    ...parts,
    party: parts.party!,
    lines,
    referenceNumber: 'PUR/26-27/15',
    billNumber: 'DE/2291',
    billDate: '2026-05-04',
    dueDate: '2026-05-19',
    status: 'UNPAID',
    isOverdue: false,
    reverseCharge: false,
    reverseChargeTax: '0.00',
    itc: { cgst: parts.totals.cgst, sgst: parts.totals.sgst, igst: parts.totals.igst, cess: parts.totals.cess },
    itcAmount: tax(parts.totals),
    paid: '0.00',
    balance: parts.totals.grandTotal,
    payments: [],
    selfInvoiceNumber: null,
    attachment: null,
    ...overrides,
  };
}

/** The list row of a bill. */
export function summaryOf(p: PurchaseInvoice): PurchaseInvoiceSummary {
  return {
    id: p.id,
    referenceNumber: p.referenceNumber,
    billNumber: p.billNumber,
    financialYear: p.financialYear,
    billDate: p.billDate,
    dueDate: p.dueDate,
    status: p.status,
    isOverdue: p.isOverdue,
    branchId: mumbaiBranch.id,
    branchName: mumbaiBranch.name,
    partyId: p.party.id!,
    partyName: p.party.name,
    partyMobile: p.party.mobileNumber,
    supplyType: p.supplyType,
    reverseCharge: p.reverseCharge,
    grandTotal: p.totals.grandTotal,
    itcAmount: p.itcAmount,
    paid: p.paid,
    balance: p.balance,
    hasAttachment: p.attachment !== null,
    createdAt: p.createdAt,
  };
}

export { nextId };

/** The seeded expense categories of a business, with fixed ids. */
export const EXPENSE_CATEGORIES: ExpenseCategory[] = ['Rent', 'Salaries', 'Electricity', 'Transport'].map((name, i) => ({
  id: `5e1d2c3b-4a59-4687-9a1b-0000000000e${i + 1}`,
  name,
  isDefault: true,
  createdAt: '2026-04-01T05:30:00.000Z',
}));

/** Rent of 15,000.00 paid in cash, without GST. */
export function makeExpense(overrides: Partial<Expense> = {}): Expense {
  return {
    id: nextId(),
    expenseNumber: 'EXP/26-27/1',
    financialYear: '2026-27',
    date: '2026-05-04',
    status: 'ACTIVE',
    branchId: mumbaiBranch.id,
    branchName: mumbaiBranch.name,
    categoryId: EXPENSE_CATEGORIES[0].id,
    categoryName: 'Rent',
    amount: '15000.00',
    taxableValue: '15000.00',
    gstRate: null,
    supplyType: null,
    cgst: '0.00',
    sgst: '0.00',
    igst: '0.00',
    totalTax: '0.00',
    supplierGstin: null,
    itcEligible: true,
    itcAmount: '0.00',
    mode: 'CASH',
    accountId: ACCOUNTS[0].id,
    accountName: 'Cash in hand',
    reference: null,
    partyId: null,
    partyName: null,
    notes: null,
    receipt: null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2026-05-04T06:30:00.000Z',
    ...overrides,
  };
}
