import {
  EMPTY_TOTALS,
  PAYMENT_MODE_OPTIONS,
  PLACE_OF_SUPPLY_OPTIONS,
  accountOptionLabel,
  defaultAccountId,
  formElementId,
  itemStatus,
  lineErrorsOnly,
  nextSaveAttempt,
  paiseNow,
  partyDetailOf,
  paymentAccountId,
  shownErrors,
} from './form-model';
import { lineInputId } from './line-grid';

const cash = { id: 'acc-cash', type: 'CASH' as const };
const hdfc = { id: 'acc-hdfc', type: 'BANK' as const };
const sbi = { id: 'acc-sbi', type: 'BANK' as const };

describe('the account a payment goes to', () => {
  it('is Cash in hand for cash, the only bank account for the rest, none while the accounts load', () => {
    expect(defaultAccountId('CASH', [hdfc, cash])).toBe('acc-cash');
    expect(defaultAccountId('UPI', [cash, hdfc])).toBe('acc-hdfc');
    expect(defaultAccountId('CASH', undefined)).toBeNull();
    expect(defaultAccountId('CASH', [hdfc])).toBeNull();
  });

  it('is not guessed when there are two bank accounts, or none', () => {
    expect(defaultAccountId('CHEQUE', [cash, hdfc, sbi])).toBeNull();
    expect(defaultAccountId('BANK_TRANSFER', [cash])).toBeNull();
  });

  it('is the one chosen, else the default of the mode', () => {
    expect(paymentAccountId({ mode: 'UPI', accountId: 'acc-sbi' }, [cash, hdfc])).toBe('acc-sbi');
    expect(paymentAccountId({ mode: 'UPI', accountId: null }, [cash, hdfc])).toBe('acc-hdfc');
    expect(paymentAccountId({ mode: 'CASH', accountId: undefined }, [cash, hdfc])).toBe('acc-cash');
  });

  it('is shown with its number when it has one', () => {
    expect(accountOptionLabel({ displayName: 'HDFC Current', accountNumber: 'XXXX1234' })).toBe('HDFC Current (XXXX1234)');
    expect(accountOptionLabel({ displayName: 'Cash in hand', accountNumber: null })).toBe('Cash in hand');
  });
});

describe('the options', () => {
  it('name every mode and state as the forms show them', () => {
    expect(PAYMENT_MODE_OPTIONS).toContainEqual({ value: 'CASH', label: 'Cash' });
    expect(PLACE_OF_SUPPLY_OPTIONS).toContainEqual({ value: '27', label: '27-Maharashtra' });
    expect(Object.values(EMPTY_TOTALS).every((v) => v === 0)).toBe(true);
  });
});

describe('the amount paid now, in paise', () => {
  it('is exact, with Indian grouping commas, and 0 for none or what is not an amount yet', () => {
    expect(paiseNow('1,180.10')).toBe(118010);
    expect(paiseNow('0.3')).toBe(30);
    expect(paiseNow(null)).toBe(0);
    expect(paiseNow('abc')).toBe(0);
    expect(paiseNow('1.234')).toBe(0);
  });
});

describe('the errors a form shows', () => {
  const errors = { customer: 'Choose the customer', 'lines.0.quantity': 'Enter the quantity', lines: 'Add at least one item' };

  it('are the lines’ own until a save was tried, then all; the server’s on top', () => {
    expect(lineErrorsOnly(errors)).toEqual({ 'lines.0.quantity': 'Enter the quantity' });
    expect(shownErrors(errors, false, {})).toEqual({ 'lines.0.quantity': 'Enter the quantity' });
    expect(shownErrors(errors, true, {})).toEqual(errors);
    expect(shownErrors(errors, false, { 'payment.amount': 'Too much' })).toEqual({ 'lines.0.quantity': 'Enter the quantity', 'payment.amount': 'Too much' });
  });

  it('give a form item its status', () => {
    expect(itemStatus('Choose the account')).toEqual({ validateStatus: 'error', help: 'Choose the account' });
    expect(itemStatus(undefined)).toEqual({ validateStatus: undefined, help: undefined });
  });
});

describe('the element of a form path', () => {
  const ids = { customer: 'bill-customer', 'payment.amount': 'bill-payment-amount' };
  const lines = [{ key: 'a' }, { key: 'b' }];

  it('is a line’s input by its key, or a field by the form’s ids', () => {
    expect(formElementId('lines.1.quantity', lines, ids)).toBe(lineInputId('b', 'quantity'));
    expect(formElementId('payment.amount', lines, ids)).toBe('bill-payment-amount');
  });

  it('is none for a line that is gone, a field the form has not, or the lines as a whole', () => {
    expect(formElementId('lines.5.quantity', lines, ids)).toBeNull();
    expect(formElementId('terms', lines, ids)).toBeNull();
    expect(formElementId('lines', lines, ids)).toBeNull();
    expect(formElementId('toString', lines, ids)).toBeNull();
  });
});

describe('the detail line of a party', () => {
  it('joins what is known of it', () => {
    const party = { gstin: '27AAPFU0939F1ZV', billingAddress: { miscData: { st: 'Maharashtra' } }, mobileNumber: '9876543210' };
    expect(partyDetailOf(party as never)).toBe('GSTIN 27AAPFU0939F1ZV · Maharashtra · 9876543210');
    expect(partyDetailOf({ gstin: null, billingAddress: null, mobileNumber: '9876543210' } as never)).toBe('9876543210');
    expect(partyDetailOf(null)).toBe('');
  });
});

describe('a save attempt', () => {
  let n = 0;
  const newKey = () => `key-${++n}`;

  it('keeps its Idempotency-Key while the request is unchanged, and takes a new one when it changed', () => {
    const first = nextSaveAttempt(null, { amount: '10.00' }, newKey);
    expect(first.key).toBe('key-1');
    expect(nextSaveAttempt(first, { amount: '10.00' }, newKey)).toBe(first);
    const changed = nextSaveAttempt(first, { amount: '12.00' }, newKey);
    expect(changed).toEqual({ key: 'key-2', body: '{"amount":"12.00"}' });
  });

  it('takes a real key by default', () => {
    expect(nextSaveAttempt(null, {}).key).toMatch(/^[0-9a-f-]{32,36}$/);
  });
});
