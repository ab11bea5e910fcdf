import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { containing } from '../../db/lists';
import { UUID } from '../../db/ids';


/**
 * The list search of every document: its number (or numbers: a purchase has ours and the supplier's), the party's
 * name (any part, any case) or the mobile number (digits, +91 and spaces ignored), all in the document's
 * lower-cased `search_text` (migration 0024) its trigram index serves.
 */
export function documentSearch(q: string, searchText: AnyColumn): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const conditions: SQL[] = [sql`${searchText} like ${containing(term.toLowerCase())}`];
  const digits = term.replace(/[\s()+-]/g, '');
  const mobile = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
  if (/^[0-9]{3,}$/.test(mobile) && mobile !== term) conditions.push(sql`${searchText} like ${containing(mobile)}`);
  return or(...conditions);
}

/**
 * The filters of a list of paid documents (sale invoices, purchase bills): the business, the party, the branch, the
 * user who created it, a
 * range of the document's `date`, the status (OVERDUE: unpaid or part paid after the due date) and the search.
 */
export function paidDocumentFilters(
  t: { businessId: AnyColumn; partyId: AnyColumn; branchId: AnyColumn; status: AnyColumn; dueDate: AnyColumn; createdBy: AnyColumn },
  columns: { date: AnyColumn; search: AnyColumn },
  businessId: string,
  q: { partyId?: string; branchId?: string; createdBy?: string; from?: string; to?: string; status?: string; q?: string },
  today: string,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(t.businessId, businessId)];
  if (q.partyId) conditions.push(UUID.test(q.partyId) ? eq(t.partyId, q.partyId) : sql`false`);
  if (q.branchId) conditions.push(UUID.test(q.branchId) ? eq(t.branchId, q.branchId) : sql`false`);
  if (q.createdBy) conditions.push(UUID.test(q.createdBy) ? eq(t.createdBy, q.createdBy) : sql`false`);
  if (q.from) conditions.push(sql`${columns.date} >= ${q.from}`);
  if (q.to) conditions.push(sql`${columns.date} <= ${q.to}`);
  if (q.status === 'OVERDUE') {
    conditions.push(sql`${t.status} in ('UNPAID', 'PARTIAL') and ${t.dueDate} < ${today}`);
  } else if (q.status) {
    conditions.push(eq(t.status, q.status));
  }
  if (q.q) conditions.push(documentSearch(q.q, columns.search));
  return conditions;
}
