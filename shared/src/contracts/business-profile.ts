import { z } from 'zod';
import { pinMatchesState, pinPrefixesOf } from '../india';
import { ACCOUNT_LIMITS, UPI_ID_FORMAT, UPI_ID_MESSAGE } from './account';
import { Email, Id, MobileNumber, PersonName, Pin, StateCode, ok, optional } from './common';

/** The images a business prints: its logo at the top, its signature above "Authorised signatory". */
export const BUSINESS_IMAGE_KINDS = ['logo', 'signature'] as const;
export type BusinessImageKind = (typeof BUSINESS_IMAGE_KINDS)[number];
/** The most one logo or signature image may weigh. */
export const BUSINESS_IMAGE_MAX_BYTES = 1024 * 1024;

export const BUSINESS_PROFILE_MESSAGES = {
  imageType: 'The image must be a PNG or JPEG picture.',
  imageTooLarge: 'The image is larger than 1 MB. Please choose a smaller picture.',
  ownersOnly: 'Only the owner or an admin can change the business profile.',
  bankAccount: 'Choose one of your bank accounts.',
};

/** A UPI ID (virtual payment address), `name@handle`: the bank accounts' own rule. */
export const UpiId = z.string().trim().toLowerCase().max(ACCOUNT_LIMITS.upiId).regex(UPI_ID_FORMAT, UPI_ID_MESSAGE);

export const THERMAL_WIDTHS = ['thermal80', 'thermal58'] as const;

/** How the business's documents print. */
export const PrintSettings = z.strictObject({
  showHsnSummary: z.boolean().default(true),
  showItemImages: z.boolean().default(false),
  /** The roll the shop's till printer takes. */
  thermalWidth: z.enum(THERMAL_WIDTHS).default('thermal80'),
});
export type PrintSettings = z.infer<typeof PrintSettings>;
export const DEFAULT_PRINT_SETTINGS: PrintSettings = { showHsnSummary: true, showItemImages: false, thermalWidth: 'thermal80' };

export const BusinessProfileAddress = z.object({
  street: z.string().trim().max(200, 'Street must be at most 200 characters'),
  city: z.string().trim().max(80, 'City must be at most 80 characters'),
  stateCode: StateCode,
  pin: Pin,
});

const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

/** PUT settings/business: the whole profile (a blank field clears it). */
export const UpdateBusinessProfileRequest = z
  .strictObject({
    legalName: PersonName('Legal name', 100),
    tradeName: optional(text('Trade name', 100)),
    address: optional(BusinessProfileAddress),
    phone: optional(MobileNumber),
    email: optional(Email),
    upiId: optional(UpiId),
    payeeName: optional(text('Payee name', 100)),
    bankAccountId: optional(Id),
    terms: optional(text('Terms', 2000)),
    notes: optional(text('Notes', 2000)),
    print: PrintSettings.default(DEFAULT_PRINT_SETTINGS),
  })
  .superRefine((p, ctx) => {
    if (p.address && !pinMatchesState(p.address.pin, p.address.stateCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['address', 'pin'],
        message: `This PIN is not in the chosen state (its PINs start with ${pinPrefixesOf(p.address.stateCode)})`,
      });
    }
  });
export type UpdateBusinessProfileRequest = z.input<typeof UpdateBusinessProfileRequest>;

/** A bank account as the profile prints it. */
export const PrintedBankAccount = z.object({
  id: Id,
  displayName: z.string(),
  bankName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  ifsc: z.string().nullable(),
});
export type PrintedBankAccount = z.infer<typeof PrintedBankAccount>;

export const BusinessProfile = z.object({
  legalName: z.string(),
  tradeName: z.string().nullable(),
  gstin: z.string().nullable(),
  address: z.object({ street: z.string(), city: z.string(), stateCode: z.string(), pin: z.string() }).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  upiId: z.string().nullable(),
  /** The name a UPI app shows the payer; the trade or legal name when not set. */
  payeeName: z.string().nullable(),
  bankAccount: PrintedBankAccount.nullable(),
  terms: z.string().nullable(),
  notes: z.string().nullable(),
  print: PrintSettings,
  /** Where the images are served (behind the session), or null when none is set. */
  logoUrl: z.string().nullable(),
  signatureUrl: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof BusinessProfile>;
export const BusinessProfileResponse = ok(BusinessProfile);

// ---------------------------------------------------------------------------------------------------------------
// UPI payment QR

/** The UPI intent a payer's app opens: pay `amount` rupees (two decimals) to `upiId` for `invoiceNumber`. */
export function upiPayUri(p: { upiId: string; payeeName: string; amount: string; invoiceNumber: string }): string {
  const params: Array<[string, string]> = [
    ['pa', p.upiId],
    ['pn', p.payeeName],
    ['am', p.amount],
    ['cu', 'INR'],
    ['tn', p.invoiceNumber],
    ['tr', p.invoiceNumber],
  ];
  return `upi://pay?${params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}`;
}

export const UpiQr = z.object({
  /** upi://pay?pa=...&pn=...&am=...&cu=INR&tn=...&tr=... */
  uri: z.string(),
  /** The QR code of `uri` as a PNG data URL. */
  png: z.string(),
});
export type UpiQr = z.infer<typeof UpiQr>;
/** null when nothing is due (paid or cancelled) or the business has no UPI ID. */
export const UpiQrResponse = ok(z.object({ upiQr: UpiQr.nullable() }));

// ---------------------------------------------------------------------------------------------------------------
// Share links

export const SHARE_LINK_DAYS = { min: 1, max: 90, default: 30 } as const;

export const CreateShareLinkRequest = z.strictObject({
  expiresInDays: z
    .number({ error: 'Expiry must be a number of days' })
    .int('Expiry must be a whole number of days')
    .min(SHARE_LINK_DAYS.min, `A link lasts at least ${SHARE_LINK_DAYS.min} day`)
    .max(SHARE_LINK_DAYS.max, `A link lasts at most ${SHARE_LINK_DAYS.max} days`)
    .default(SHARE_LINK_DAYS.default),
});
export type CreateShareLinkRequest = z.input<typeof CreateShareLinkRequest>;

export const ShareLink = z.object({
  url: z.string(),
  token: z.string(),
  expiresAt: z.string(),
});
export type ShareLink = z.infer<typeof ShareLink>;
export const ShareLinkResponse = ok(ShareLink);
