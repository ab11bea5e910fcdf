export { PAYMENT_MODE_LABELS, formatDate } from '@bahi/shared/ui';
export { TRANSACTION_TYPE_LABELS } from '@bahi/shared';

/** True for a decimal string or number below zero ('-12.50'). */
export const isNegative = (amount: string | number) => Number(amount) < 0;
