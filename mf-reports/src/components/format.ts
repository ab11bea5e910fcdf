import type { PaymentMode, TransactionType } from '@bahi/shared';

/** DD/MM/YYYY, as Indian books write dates; '-' when there is none. */
export function formatDate(date: string | null | undefined): string {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '-';
}

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  CASH: 'Cash',
  UPI: 'UPI',
  CARD: 'Card',
  BANK_TRANSFER: 'Bank transfer',
  CHEQUE: 'Cheque',
};

export const TRANSACTION_TYPE_LABELS: Record<TransactionType, string> = {
  SALE_PAYMENT: 'Sale payment',
  SALE_PAYMENT_REVERSAL: 'Sale payment reversed',
  PURCHASE_PAYMENT: 'Purchase payment',
  PURCHASE_PAYMENT_REVERSAL: 'Purchase payment reversed',
  PAYMENT_IN: 'Payment in',
  PAYMENT_OUT: 'Payment out',
  EXPENSE: 'Expense',
  EXPENSE_REVERSAL: 'Expense reversed',
  TRANSFER: 'Transfer',
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  ADJUSTMENT: 'Adjustment',
};

/** True for a decimal string or number below zero ('-12.50'). */
export const isNegative = (amount: string | number) => Number(amount) < 0;
