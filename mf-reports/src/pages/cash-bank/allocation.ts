import { fromPaise, toPaise } from '@bahi/shared';

export type PaymentDirection = 'IN' | 'OUT';

/** An unpaid or part-paid bill of the party: a sale invoice (payment in) or a purchase bill (payment out). */
export interface OpenBill {
  id: string;
  number: string;
  date: string;
  createdAt: string;
  total: string;
  /** What is still due on it. */
  balance: string;
}

export interface AllocationLine {
  bill: OpenBill;
  /** Decimal string; '0.00' when the payment does not reach it. */
  amount: string;
  /** The bill's balance due after the payment. */
  balanceAfter: string;
}

export interface AllocationPreview {
  lines: AllocationLine[];
  allocated: string;
  /** What is left: kept with the party as an advance. */
  advance: string;
}

const paiseOf = (amount: string | number | undefined): number | null => {
  if (amount === undefined || amount === '' || !/^\d+(\.\d{1,2})?$/.test(String(amount).trim())) return null;
  return toPaise(String(amount).trim());
};

/** The payment spread over the bills in the order given (oldest first), each up to its balance due. */
export function allocateOldestFirst(amount: string, bills: OpenBill[]): AllocationPreview {
  let left = paiseOf(amount) ?? 0;
  const total = left;
  const lines = bills.map((bill) => {
    const due = toPaise(bill.balance);
    const take = Math.min(due, left);
    left -= take;
    return { bill, amount: fromPaise(take), balanceAfter: fromPaise(due - take) };
  });
  return { lines, allocated: fromPaise(total - left), advance: fromPaise(left) };
}

export interface ManualCheck {
  preview: AllocationPreview;
  /** Per bill id: what is wrong with its amount. */
  errors: Record<string, string>;
  /** The amounts together exceed the payment. */
  overAllocated: boolean;
}

/** Amounts per bill as the user typed them: each at most the bill's balance, together at most the payment. */
export function allocateManually(amount: string, bills: OpenBill[], typed: Record<string, string>): ManualCheck {
  const errors: Record<string, string> = {};
  let allocated = 0;
  const lines = bills.map((bill) => {
    const raw = typed[bill.id]?.trim() ?? '';
    const due = toPaise(bill.balance);
    const paise = raw === '' ? 0 : paiseOf(raw);
    if (paise === null) {
      errors[bill.id] = 'Enter an amount like 1250.50';
      return { bill, amount: '0.00', balanceAfter: bill.balance };
    }
    if (paise > due) errors[bill.id] = `At most the balance due, ${fromPaise(due)}`;
    const take = Math.min(paise, due);
    allocated += take;
    return { bill, amount: fromPaise(take), balanceAfter: fromPaise(due - take) };
  });
  const payment = paiseOf(amount) ?? 0;
  return {
    preview: { lines, allocated: fromPaise(allocated), advance: fromPaise(Math.max(0, payment - allocated)) },
    errors,
    overAllocated: allocated > payment,
  };
}
