import { createHash, randomBytes } from 'node:crypto';
import type { ShareLink } from '@bahi/shared/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { quotations, saleInvoices, shareLinks } from '../../db/schema';
import { notFound } from '../../errors';

/** What a link shows: one sale invoice or one quotation. */
export type SharedKind = 'SALE' | 'QUOTATION';
export interface SharedDocument {
  kind: SharedKind;
  businessId: string;
  documentId: string;
}

/** 192 random bits: far past guessing (at least 128 are required), on top of the business id the token carries. */
const RANDOM_BYTES = 24;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** base64url of 16 bytes of business id and 24 random bytes. */
const TOKEN = /^[A-Za-z0-9_-]{54}$/;
const DAY_MS = 86_400_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The business id rides in the token so a link is looked up within its business (the tables are sharded by it). */
function makeToken(businessId: string): string {
  return Buffer.concat([Buffer.from(businessId.replace(/-/g, ''), 'hex'), randomBytes(RANDOM_BYTES)]).toString('base64url');
}

function businessIdOf(token: string): string | null {
  if (!TOKEN.test(token)) return null;
  const hex = Buffer.from(token, 'base64url').subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The key a token is rate-limited by: never the token itself. */
export const shareTokenKey = (token: string) => hashToken(token).slice(0, 32);

const NOT_FOUND: Record<SharedKind, string> = { SALE: 'Invoice not found', QUOTATION: 'Quotation not found' };

async function assertDocument(db: Db, businessId: string, kind: SharedKind, id: string) {
  const table = kind === 'SALE' ? saleInvoices : quotations;
  const found = UUID.test(id)
    ? await db.select({ id: table.id }).from(table).where(and(eq(table.businessId, businessId), eq(table.id, id)))
    : [];
  if (!found.length) throw notFound(NOT_FOUND[kind]);
}

const documentColumn = (kind: SharedKind) => (kind === 'SALE' ? shareLinks.saleInvoiceId : shareLinks.quotationId);

/**
 * A new link to the document, valid `days` days: the token is answered once and only its hash kept. Earlier
 * links stay valid (a reminder sent last week still opens) until they expire or are revoked.
 */
export async function createShareLink(
  db: Db,
  input: { businessId: string; userId: string; kind: SharedKind; documentId: string; days: number; now: Date; origin: string },
): Promise<ShareLink> {
  const { businessId, kind, documentId, now } = input;
  await assertDocument(db, businessId, kind, documentId);
  const token = makeToken(businessId);
  const expiresAt = new Date(now.getTime() + input.days * DAY_MS);
  await db.insert(shareLinks).values({
    businessId,
    tokenHash: hashToken(token),
    saleInvoiceId: kind === 'SALE' ? documentId : null,
    quotationId: kind === 'QUOTATION' ? documentId : null,
    expiresAt,
    createdBy: input.userId,
    createdAt: now,
  });
  return { url: `${input.origin}/share/${token}`, token, expiresAt: expiresAt.toISOString() };
}

/** Revokes every live link to the document; answers how many there were. */
export async function revokeShareLinks(db: Db, input: { businessId: string; kind: SharedKind; documentId: string; now: Date }): Promise<number> {
  const { businessId, kind, documentId, now } = input;
  await assertDocument(db, businessId, kind, documentId);
  const revoked = await db
    .update(shareLinks)
    .set({ revokedAt: now })
    .where(and(eq(shareLinks.businessId, businessId), eq(documentColumn(kind), documentId), isNull(shareLinks.revokedAt)))
    .returning({ id: shareLinks.id });
  return revoked.length;
}

/** The document a token opens, or null when the token is malformed, unknown, expired or revoked. */
export async function findSharedDocument(db: Db, token: string, now: Date): Promise<SharedDocument | null> {
  const businessId = businessIdOf(token);
  if (!businessId) return null;
  const [row] = await db
    .select({ saleInvoiceId: shareLinks.saleInvoiceId, quotationId: shareLinks.quotationId })
    .from(shareLinks)
    .where(and(eq(shareLinks.businessId, businessId), eq(shareLinks.tokenHash, hashToken(token)), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
  if (!row) return null;
  return row.saleInvoiceId
    ? { kind: 'SALE', businessId, documentId: row.saleInvoiceId }
    : { kind: 'QUOTATION', businessId, documentId: row.quotationId! };
}
