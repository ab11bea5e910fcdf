import { z } from 'zod';
import { maybe } from './account';
import { CalendarDate, PageMeta, PageNumber, PageSize, ok } from './common';
import type { Role } from './roles';

/*
 * The audit trail: every create, edit, cancel, delete, import, login, invite, role change and setting change of a
 * business, written by the database in the writing transaction, append-only and chained by hash.
 */

/** Who may read a business's audit trail. */
export const AUDIT_VIEW_ROLES: readonly Role[] = ['OWNER', 'ADMIN', 'ACCOUNTANT'];
export const canViewAudit = (role: Role | null | undefined): boolean => !!role && AUDIT_VIEW_ROLES.includes(role);
export const AUDIT_VIEW_DENIED = 'You do not have permission: audit.view';
/** The Activity screen (mf-reports), which the user menu links to. */
export const ACTIVITY_PATH = '/reports/activity';

/** What an event is about, as the trail names it. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  sale_invoice: 'Sale invoice',
  quotation: 'Quotation',
  purchase: 'Purchase bill',
  expense: 'Expense',
  expense_category: 'Expense category',
  sale_note: 'Credit/debit note',
  purchase_note: 'Purchase debit note',
  party: 'Party',
  party_address: 'Party address',
  party_category: 'Party category',
  item: 'Item',
  item_image: 'Item image',
  item_category: 'Item category',
  account: 'Cash/bank account',
  payment: 'Payment',
  ledger: 'Ledger',
  journal: 'Journal voucher',
  user: 'User',
  branch: 'Store branch',
  business: 'Business settings',
  gst_settings: 'GST settings',
  einvoice_settings: 'E-invoice settings',
  automated_bill: 'Automated bill',
  remote: 'App module',
  share_link: 'Share link',
};

export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  edit: 'Edited',
  cancel: 'Cancelled',
  delete: 'Deleted',
  import: 'Imported',
  login: 'Logged in',
  logout: 'Logged out',
  invite: 'Invited',
  'role-change': 'Role changed',
  'settings-change': 'Settings changed',
  'stock-adjust': 'Stock adjusted',
  'e-invoice': 'E-invoice generated',
  'flag-change': 'Flag changed',
  'registry-change': 'Registry changed',
};

export const AUDIT_PAGE_SIZE_MAX = 100;
export const AUDIT_PAGE_SIZE_DEFAULT = 50;

/**
 * GET audit/events: newest first. `entityId` matches the event's own record and the document it belongs to (a
 * sale's payments show in the sale's history); `from`/`to` are India dates, both days included.
 */
export const AuditEventQuery = z
  .object({
    entity: maybe(z.string().trim().max(40, 'Entity is too long')),
    entityId: maybe(z.string().trim().max(64, 'Entity id is too long')),
    userId: maybe(z.string().trim().max(40, 'User id is too long')),
    from: maybe(CalendarDate('From')),
    to: maybe(CalendarDate('To')),
    page: maybe(PageNumber),
    pageSize: maybe(PageSize(AUDIT_PAGE_SIZE_MAX)),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'To must be on or after From' });
export interface AuditEventQuery {
  entity?: string;
  entityId?: string;
  userId?: string;
  from?: string;
  to?: string;
  page?: number;
  pageSize?: number;
}

export const AuditEvent = z.object({
  /** The event's place in the business's chain: 1, 2, 3 … */
  seq: z.number().int(),
  /** When, as an ISO timestamp (UTC). */
  at: z.string(),
  /** Who: null for the system (the scheduler, a migration). */
  user: z.object({ id: z.string(), name: z.string().nullable(), role: z.string().nullable() }).nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  entity: z.string(),
  entityId: z.string(),
  /** The document a payment or stock movement belongs to. */
  parentId: z.string().nullable(),
  action: z.string(),
  /** The changed fields as they were (null for a create) and as they became (null for a delete). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEvent = z.infer<typeof AuditEvent>;

export const AuditEventListResponse = z.object({ success: z.literal(true), data: z.array(AuditEvent), meta: PageMeta });
export type AuditEventListResponse = z.infer<typeof AuditEventListResponse>;

/** GET audit/verify: `anchorSeq` and `anchorHash` check a chain head exported earlier against the chain today. */
export const AuditVerifyQuery = z
  .object({
    anchorSeq: maybe(z.preprocess((v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v), z.number({ error: 'Anchor seq must be a whole number' }).int().min(1, 'Anchor seq must be a whole number'))),
    anchorHash: maybe(z.string().trim().regex(/^[0-9a-f]{64}$/, 'Anchor hash must be 64 hexadecimal digits')),
  })
  .refine((q) => (q.anchorSeq === undefined) === (q.anchorHash === undefined), { path: ['anchorHash'], message: 'Give both the anchor seq and its hash' });
export interface AuditVerifyQuery {
  anchorSeq?: number;
  anchorHash?: string;
}

export const AUDIT_BREAK_REASONS = ['hash', 'link', 'sequence'] as const;

export const AuditVerification = z.object({
  /** Every event's hash matches its content and the event before it, with no gap in seq (and the anchor, if given). */
  ok: z.boolean(),
  events: z.number().int(),
  /** The last event: export it (seq and hash) to check later that the chain was not rewritten since. */
  head: z.object({ seq: z.number().int(), hash: z.string(), at: z.string() }).nullable(),
  /**
   * The first broken link: `hash` — the event's content no longer gives its hash (it was changed); `link` — it does
   * not name the hash of the event before it; `sequence` — an event before it is missing.
   */
  firstBroken: z.object({ seq: z.number().int(), reason: z.enum(AUDIT_BREAK_REASONS), message: z.string() }).nullable(),
  /** With an anchor: whether the chain still holds that hash at that seq. */
  anchor: z.enum(['matches', 'differs', 'missing']).nullable(),
});
export type AuditVerification = z.infer<typeof AuditVerification>;
export const AuditVerificationResponse = ok(AuditVerification);
