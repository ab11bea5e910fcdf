import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The list search of every document: its number (or numbers: a purchase has ours and the supplier's), the party's name (any part, any case) or the mobile number
 * (digits, +91 and spaces ignored).
 */
export function documentSearch(
  q: string,
  columns: { number: AnyColumn | AnyColumn[]; partyName: AnyColumn; partyMobile: AnyColumn },
): SQL | undefined {
  const term = q.trim();
  if (!term) return undefined;
  const like = `%${escapeLike(term.toLowerCase())}%`;
  const numbers = Array.isArray(columns.number) ? columns.number : [columns.number];
  const conditions: SQL[] = [...numbers.map((n) => sql`lower(${n}) like ${like}`), sql`lower(${columns.partyName}) like ${like}`];
  const digits = term.replace(/[\s()+-]/g, '');
  if (/^[0-9]{3,}$/.test(digits)) {
    const local = digits.length === 12 && digits.startsWith('91') ? digits.slice(2) : digits;
    conditions.push(sql`${columns.partyMobile} like ${`%${local}%`}`);
  }
  return sql`(${sql.join(conditions, sql` or `)})`;
}
