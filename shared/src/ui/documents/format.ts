import { formatRupees, fromPaise, stateName, type SaleStatus, type QuotationStatus } from '@bahi/shared';

/** DD/MM/YYYY, as Indian invoices write dates (gst-rules.md); '-' when there is none. */
export function formatDate(date: string | null | undefined): string {
  const m = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '-';
}

/** ₹ for integer paise from the engine. */
export const rupeesOfPaise = (paise: number) => formatRupees(fromPaise(paise));

/** '27-Maharashtra', as GST documents write a place of supply. */
export function placeOfSupplyLabel(code: string | null | undefined, name?: string | null): string {
  if (!code) return '-';
  return `${code}-${name ?? stateName(code) ?? ''}`.replace(/-$/, '');
}

/** 1,00,000.5: a quantity without trailing zeros ('2.500' → '2.5'). */
export function formatQuantity(quantity: string | number): string {
  const n = Number(quantity);
  return Number.isFinite(n) ? new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 }).format(n) : String(quantity);
}

export { PAYMENT_MODE_LABELS } from '@bahi/shared';

export const SALE_STATUS_LABELS: Record<SaleStatus | 'OVERDUE', string> = {
  PAID: 'Paid',
  PARTIAL: 'Part paid',
  UNPAID: 'Unpaid',
  CANCELLED: 'Cancelled',
  OVERDUE: 'Overdue',
};

export const QUOTATION_STATUS_LABELS: Record<QuotationStatus, string> = {
  OPEN: 'Open',
  CONVERTED: 'Converted',
  EXPIRED: 'Expired',
  CANCELLED: 'Cancelled',
};

/** A street, city, state and PIN on one line; '' when nothing is known. */
export function addressLine(a: { street: string | null; city: string | null; state: string | null; pin: string | null } | null): string {
  if (!a) return '';
  const place = [a.city, a.state].filter(Boolean).join(', ');
  return [a.street, place, a.pin].filter((p) => p && p.trim()).join(', ');
}
