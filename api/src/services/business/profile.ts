import { createHash } from 'node:crypto';
import {
  BUSINESS_IMAGE_MAX_BYTES,
  BUSINESS_PROFILE_MESSAGES,
  DEFAULT_PRINT_SETTINGS,
  PrintSettings,
  UpdateBusinessProfileRequest,
  maskAccountNumber,
  type BusinessImageKind,
  type BusinessProfile,
} from '@bahi/shared/contracts';
import { and, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { accounts, businessImages, businesses, type BusinessImageKindValue } from '../../db/schema';
import { HttpError, badRequest, notFound } from '../../errors';
import { nullByteError } from '../../plugins/validator';
import { firstIssue } from '../item/form';

type ProfileValues = z.output<typeof UpdateBusinessProfileRequest>;

/** Where the images are served, behind the session. */
export const BUSINESS_IMAGE_URLS: Record<BusinessImageKind, string> = {
  logo: '/api/settings/business/logo',
  signature: '/api/settings/business/signature',
};
const KIND_VALUE: Record<BusinessImageKind, BusinessImageKindValue> = { logo: 'LOGO', signature: 'SIGNATURE' };

export interface BusinessImage {
  contentType: 'image/png' | 'image/jpeg';
  bytes: Buffer;
  sha256: string;
}

/** PNG or JPEG judged by the bytes (magic numbers), whatever the name or declared type say; else 415. */
export async function identifyBusinessImage(bytes: Buffer, field: BusinessImageKind): Promise<BusinessImage> {
  // file-type 21 is ESM-only.
  const { fileTypeFromBuffer } = await import('file-type');
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'image/png' && type?.mime !== 'image/jpeg') throw new HttpError(415, BUSINESS_PROFILE_MESSAGES.imageType, field);
  // The picture must also open as the PDF will open it: a PNG or JPEG header over broken data is refused here.
  try {
    (new PDFDocument({ autoFirstPage: false }) as unknown as { openImage(src: Buffer): unknown }).openImage(bytes);
  } catch {
    throw new HttpError(415, BUSINESS_PROFILE_MESSAGES.imageType, field);
  }
  return { contentType: type.mime, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** What a profile update carries besides its fields: new images, and images to remove. */
export interface ProfileImages {
  logo?: BusinessImage;
  signature?: BusinessImage;
  removeLogo?: boolean;
  removeSignature?: boolean;
}

const TRUE_FALSE: Record<string, boolean> = { true: true, false: false };

/**
 * The multipart form of PUT settings/business: its fields as text (`address.street`, `print.showHsnSummary`
 * "true"/"false", `removeLogo`), and at most one `logo` and one `signature` file (PNG or JPEG, at most 1 MB).
 */
export async function readProfileForm(request: FastifyRequest): Promise<{ body: Record<string, unknown>; images: ProfileImages }> {
  const body: Record<string, unknown> = {};
  const files: Partial<Record<BusinessImageKind, Buffer>> = {};
  const images: ProfileImages = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: BUSINESS_IMAGE_MAX_BYTES, files: 2, fields: 40, fieldSize: 4096 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'logo' && part.fieldname !== 'signature') throw badRequest(`Unexpected file field ${part.fieldname}`, part.fieldname);
        if (files[part.fieldname]) throw badRequest(`Send one ${part.fieldname} image`, part.fieldname);
        const bytes = await toBufferAs(part, part.fieldname);
        // An empty file input sends an empty, nameless part: no new image.
        if (bytes.length > 0) files[part.fieldname] = bytes;
        continue;
      }
      const value = String(part.value ?? '');
      if (part.fieldname === 'removeLogo' || part.fieldname === 'removeSignature') {
        images[part.fieldname] = TRUE_FALSE[value] ?? false;
        continue;
      }
      const [head, tail, ...rest] = part.fieldname.split('.');
      if (rest.length) throw badRequest(`Unexpected field ${part.fieldname}`, part.fieldname);
      if (!tail) {
        body[head] = value;
        continue;
      }
      const nested = (body[head] ??= {}) as Record<string, unknown>;
      nested[tail] = head === 'print' && value in TRUE_FALSE ? TRUE_FALSE[value] : value;
    }
  } catch (e) {
    if (e instanceof HttpError) throw e;
    const code = (e as { code?: string })?.code;
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send at most one logo and one signature image.');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw new HttpError(413, 'The form has too many fields.');
    if (typeof (e as { statusCode?: unknown })?.statusCode === 'number') throw e;
    throw badRequest('The form could not be read: it is incomplete or malformed. Please send it again.');
  }
  // A blank address (every part empty) is no address.
  const address = body.address as Record<string, unknown> | undefined;
  if (address && Object.values(address).every((v) => v === '')) delete body.address;
  if (files.logo) images.logo = await identifyBusinessImage(files.logo, 'logo');
  if (files.signature) images.signature = await identifyBusinessImage(files.signature, 'signature');
  return { body, images };
}

async function toBufferAs(part: { toBuffer(): Promise<Buffer> }, field: BusinessImageKind): Promise<Buffer> {
  try {
    return await part.toBuffer();
  } catch (e) {
    if ((e as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, BUSINESS_PROFILE_MESSAGES.imageTooLarge, field);
    throw e;
  }
}

/** The body of PUT settings/business checked against the contract: 400 naming the first bad field. */
export function parseProfile(body: unknown): ProfileValues {
  const nul = nullByteError(body);
  if (nul) throw nul;
  const parsed = UpdateBusinessProfileRequest.safeParse(body ?? {});
  if (!parsed.success) throw firstIssue(parsed.error);
  return parsed.data;
}

const blankToNull = (v: string | undefined) => (v ? v : null);

/** The profile; the bank account's number masked ('XXXX1234') unless a print asks for all of it. */
export async function getBusinessProfile(db: Db | Tx, businessId: string, options: { fullAccountNumber?: boolean } = {}): Promise<BusinessProfile> {
  const [row] = await db
    .select({
      b: businesses,
      bank: { id: accounts.id, displayName: accounts.displayName, bankName: accounts.bankName, accountNumber: accounts.accountNumber, ifsc: accounts.ifsc },
    })
    .from(businesses)
    .leftJoin(accounts, and(eq(accounts.businessId, businesses.id), eq(accounts.id, businesses.printBankAccountId)))
    .where(eq(businesses.id, businessId));
  if (!row) throw notFound('Business not found');
  const kinds = await db.select({ kind: businessImages.kind }).from(businessImages).where(eq(businessImages.businessId, businessId));
  const has = new Set(kinds.map((k) => k.kind));
  const b = row.b;
  return {
    legalName: b.legalName ?? b.name,
    tradeName: b.tradeName,
    gstin: b.gstin,
    address:
      b.addressStateCode && b.addressPin
        ? { street: b.addressStreet ?? '', city: b.addressCity ?? '', stateCode: b.addressStateCode, pin: b.addressPin }
        : null,
    phone: b.phone,
    email: b.email,
    upiId: b.upiId,
    payeeName: b.payeeName,
    bankAccount: row.bank?.id
      ? { ...row.bank, accountNumber: row.bank.accountNumber && !options.fullAccountNumber ? maskAccountNumber(row.bank.accountNumber) : row.bank.accountNumber }
      : null,
    terms: b.defaultTerms,
    notes: b.defaultNotes,
    print: PrintSettings.parse({ ...DEFAULT_PRINT_SETTINGS, ...(b.printSettings ?? {}) }),
    logoUrl: has.has('LOGO') ? BUSINESS_IMAGE_URLS.logo : null,
    signatureUrl: has.has('SIGNATURE') ? BUSINESS_IMAGE_URLS.signature : null,
    updatedAt: b.profileUpdatedAt?.toISOString() ?? null,
  };
}

/** Saves the whole profile and its images in one transaction: a refused image or bank account saves nothing. */
export async function updateBusinessProfile(
  db: Db,
  businessId: string,
  values: ProfileValues,
  images: ProfileImages,
  now: Date,
): Promise<BusinessProfile> {
  return db.transaction(async (tx) => {
    if (values.bankAccountId) {
      const [bank] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.businessId, businessId), eq(accounts.id, values.bankAccountId), eq(accounts.type, 'BANK')));
      if (!bank) throw badRequest(BUSINESS_PROFILE_MESSAGES.bankAccount, 'bankAccountId');
    }
    await tx
      .update(businesses)
      .set({
        legalName: values.legalName,
        tradeName: blankToNull(values.tradeName),
        addressStreet: values.address ? values.address.street || null : null,
        addressCity: values.address ? values.address.city || null : null,
        addressStateCode: values.address?.stateCode ?? null,
        addressPin: values.address?.pin ?? null,
        phone: blankToNull(values.phone),
        email: blankToNull(values.email),
        upiId: blankToNull(values.upiId),
        payeeName: blankToNull(values.payeeName),
        printBankAccountId: values.bankAccountId ?? null,
        defaultTerms: blankToNull(values.terms),
        defaultNotes: blankToNull(values.notes),
        printSettings: values.print,
        profileUpdatedAt: now,
      })
      .where(eq(businesses.id, businessId));
    for (const kind of ['logo', 'signature'] as const) {
      const image = images[kind];
      const remove = kind === 'logo' ? images.removeLogo : images.removeSignature;
      if (image) {
        await tx
          .insert(businessImages)
          .values({ businessId, kind: KIND_VALUE[kind], contentType: image.contentType, bytes: image.bytes, sha256: image.sha256, updatedAt: now })
          .onConflictDoUpdate({
            target: [businessImages.businessId, businessImages.kind],
            set: { contentType: image.contentType, bytes: image.bytes, sha256: image.sha256, updatedAt: now },
          });
      } else if (remove) {
        await tx.delete(businessImages).where(and(eq(businessImages.businessId, businessId), eq(businessImages.kind, KIND_VALUE[kind])));
      }
    }
    return getBusinessProfile(tx, businessId);
  });
}

export async function readBusinessImage(db: Db | Tx, businessId: string, kind: BusinessImageKind): Promise<BusinessImage | null> {
  const [row] = await db
    .select({ contentType: businessImages.contentType, bytes: businessImages.bytes, sha256: businessImages.sha256 })
    .from(businessImages)
    .where(and(eq(businessImages.businessId, businessId), eq(businessImages.kind, KIND_VALUE[kind])));
  return row ? { contentType: row.contentType as BusinessImage['contentType'], bytes: row.bytes, sha256: row.sha256 } : null;
}

/** Both images at once, for a print. */
export async function readBusinessImages(db: Db | Tx, businessId: string): Promise<Partial<Record<BusinessImageKind, Buffer>>> {
  const rows = await db
    .select({ kind: businessImages.kind, bytes: businessImages.bytes })
    .from(businessImages)
    .where(eq(businessImages.businessId, businessId));
  return Object.fromEntries(rows.map((r) => [r.kind === 'LOGO' ? 'logo' : 'signature', r.bytes]));
}
