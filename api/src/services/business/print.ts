import { toPaise } from '@bahi/shared/india';
import { upiPayUri, type BusinessProfile, type SaleInvoice, type UpiQr } from '@bahi/shared/contracts';
import type { Db, Tx } from '../../db/client';
import type { PrintProfile } from '../pdf/types';
import { qrDataUrl } from '../pdf/qr';
import { getBusinessProfile, readBusinessImages } from './profile';

/** The name a payer's UPI app shows: the payee name, else the trade name, else the legal name. */
const payeeOf = (p: Pick<BusinessProfile, 'payeeName' | 'tradeName' | 'legalName'>) => p.payeeName ?? p.tradeName ?? p.legalName;

/**
 * The UPI payment intent for what is still due on an invoice: null when nothing is (paid, cancelled) or the
 * business has no UPI ID.
 */
export function invoiceUpiUri(
  invoice: Pick<SaleInvoice, 'status' | 'balance' | 'invoiceNumber'>,
  profile: Pick<BusinessProfile, 'upiId' | 'payeeName' | 'tradeName' | 'legalName'>,
): string | null {
  if (!profile.upiId || invoice.status === 'CANCELLED' || toPaise(invoice.balance) <= 0) return null;
  return upiPayUri({ upiId: profile.upiId, payeeName: payeeOf(profile), amount: invoice.balance, invoiceNumber: invoice.invoiceNumber });
}

/** The invoice's UPI QR for a screen (a PNG data URL), or null when nothing is due or no UPI ID is set. */
export async function invoiceUpiQr(
  invoice: Pick<SaleInvoice, 'status' | 'balance' | 'invoiceNumber'>,
  profile: Pick<BusinessProfile, 'upiId' | 'payeeName' | 'tradeName' | 'legalName'>,
): Promise<UpiQr | null> {
  const uri = invoiceUpiUri(invoice, profile);
  return uri ? { uri, png: await qrDataUrl(uri) } : null;
}

/** "Street", "City - PIN": the profile's address as printed lines. */
function addressLines(a: BusinessProfile['address']): string[] {
  if (!a) return [];
  return [a.street, [a.city, a.pin].filter(Boolean).join(' - ')].filter(Boolean);
}

/** The bank block: the bank, the account number and IFSC, and the UPI ID. */
function bankLines(p: BusinessProfile): string[] | null {
  const lines: string[] = [];
  const bank = p.bankAccount;
  if (bank) {
    lines.push(`Bank: ${bank.bankName ?? bank.displayName}`);
    if (bank.accountNumber) lines.push(`A/c No.: ${bank.accountNumber}`);
    if (bank.ifsc) lines.push(`IFSC: ${bank.ifsc}`);
  }
  if (p.upiId) lines.push(`UPI: ${p.upiId}`);
  return lines.length ? lines : null;
}

/** What the business profile adds to a print: names, address, images, bank details, default terms. */
export async function loadPrintProfile(db: Db | Tx, businessId: string): Promise<PrintProfile> {
  const [profile, images] = await Promise.all([getBusinessProfile(db, businessId, { fullAccountNumber: true }), readBusinessImages(db, businessId)]);
  return {
    legalName: profile.updatedAt ? profile.legalName : null,
    tradeName: profile.tradeName,
    gstin: profile.gstin,
    address: addressLines(profile.address),
    stateCode: profile.address?.stateCode ?? null,
    phone: profile.phone,
    email: profile.email,
    logo: images.logo ?? null,
    signature: images.signature ?? null,
    bank: bankLines(profile),
    terms: profile.terms,
    showHsnSummary: profile.print.showHsnSummary,
    upi: { upiId: profile.upiId, payeeName: profile.payeeName, tradeName: profile.tradeName, legalName: profile.legalName },
  };
}
