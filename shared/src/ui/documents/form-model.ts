import {
  INDIAN_STATES,
  PAYMENT_MODES,
  PAYMENT_MODE_LABELS,
  newIdempotencyKey,
  toPaise,
  type Account,
  type GstDocumentTotals,
  type Party,
  type PaymentMode,
  type TaxRate,
} from '@bahi/shared';
import { lineInputId } from './line-grid';
import type { BillErrors, BillFigures, LineDraft, LineField } from './bill-model';

/*
 * What the document create screens (a sale invoice or quotation, a purchase bill) and the payment dialogs work out
 * the same way, as pure functions and constants: no React here, the screens render these.
 */

/** Until the tax rates have loaded. */
export const NO_TAXES: TaxRate[] = [];

/** Totals of a bill that cannot be worked out yet (no lines, or no GST state). */
export const EMPTY_TOTALS: GstDocumentTotals = { taxableValue: 0, discount: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, subtotal: 0, roundOff: 0, grandTotal: 0 };

/** The totals and amount in words the totals panel shows: zeros until the bill can be worked out. */
export const totalsOf = (figures: BillFigures | null) => ({
  totals: figures?.document.totals ?? EMPTY_TOTALS,
  amountInWords: figures?.document.amountInWords ?? '',
});

/** The states as a place of supply is chosen: '27-Maharashtra'. */
export const PLACE_OF_SUPPLY_OPTIONS = INDIAN_STATES.map((s) => ({ value: s.code, label: `${s.code}-${s.name}` }));

export const PAYMENT_MODE_OPTIONS = PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }));

/** 'HDFC Current (XXXX1234)', or the name alone when the account has no number. */
export const accountOptionLabel = (a: Pick<Account, 'displayName' | 'accountNumber'>) =>
  a.accountNumber ? `${a.displayName} (${a.accountNumber})` : a.displayName;

/** The account a payment mode goes to (or comes from) by default: cash to Cash in hand, the rest to the only bank account. */
export function defaultAccountId(mode: PaymentMode, accounts: Pick<Account, 'id' | 'type'>[] | undefined): string | null {
  if (!accounts) return null;
  if (mode === 'CASH') return accounts.find((a) => a.type === 'CASH')?.id ?? null;
  const banks = accounts.filter((a) => a.type === 'BANK');
  return banks.length === 1 ? banks[0].id : null;
}

/** The account chosen for a payment, else the mode's default one. */
export const paymentAccountId = (
  payment: { mode: PaymentMode; accountId: string | null | undefined },
  accounts: Pick<Account, 'id' | 'type'>[] | undefined,
): string | null => payment.accountId ?? defaultAccountId(payment.mode, accounts);

/** Integer paise of an amount paid or received now; 0 when there is none or it is not a valid amount yet. */
export function paiseNow(amount: string | null): number {
  if (amount === null) return 0;
  try {
    return toPaise(amount.replace(/,/g, ''));
  } catch {
    return 0;
  }
}

/** The lines' own errors ('lines.0.quantity'), not the bill's. */
export const lineErrorsOnly = (errors: BillErrors): BillErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => /^lines\.\d+\./.test(k)));

/** The errors a form shows: the lines' own problems as they are typed, the rest once a save was tried; the server's over them. */
export const shownErrors = (errors: BillErrors, submitted: boolean, serverErrors: BillErrors): BillErrors => ({
  ...(submitted ? errors : lineErrorsOnly(errors)),
  ...serverErrors,
});

/** A Form.Item's status for an error message (none: no error). */
export const itemStatus = (message: string | undefined) => ({ validateStatus: message ? ('error' as const) : undefined, help: message });

/** The id of the element a form path names: a line's input ('lines.2.quantity'), or a field of the form by its ids. */
export function formElementId(path: string, lines: Pick<LineDraft, 'key'>[], ids: Readonly<Record<string, string>>): string | null {
  const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (m) {
    const line = lines[Number(m[1])];
    return line ? lineInputId(line.key, m[2] as LineField) : null;
  }
  return Object.hasOwn(ids, path) ? ids[path] : null;
}

/** The line under a picked party: its GSTIN, state and mobile number, as far as known. */
export const partyDetailOf = (party: Pick<Party, 'gstin' | 'billingAddress' | 'mobileNumber'> | null): string =>
  party ? [party.gstin && `GSTIN ${party.gstin}`, party.billingAddress?.miscData.st, party.mobileNumber].filter(Boolean).join(' · ') : '';

/** A save being tried: the Idempotency-Key it is sent with, and the request it was made for. */
export interface SaveAttempt {
  key: string;
  body: string;
}

/** The attempt to send `body` with: the last one while the request is unchanged (a retry never saves twice), else a new key. */
export function nextSaveAttempt(last: SaveAttempt | null, body: unknown, newKey: () => string = newIdempotencyKey): SaveAttempt {
  const json = JSON.stringify(body);
  return last && last.body === json ? last : { key: newKey(), body: json };
}
