import type { TransactionType } from '@bahi/shared';

export { PAYMENT_MODE_LABELS, formatDate } from '@bahi/shared/ui';

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
