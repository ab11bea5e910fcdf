import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { MIGRATIONS_FOLDER } from './client';

/*
 * Migration 0025 keys number series by the printed prefix alone. Series of a business that printed alike (FY
 * 1999-00 and 2099-00 both print 'MB/99-00/') become one counter that keeps the highest number issued, so the next
 * number follows every one already printed.
 */
const journal = (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ idx: number; tag: string }> })
  .entries;
const migration = (tag: string) => fs.readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8');

it('merges the counters of series that print alike, keeping the highest number', async () => {
  const db = await PGlite.create({ extensions: { pg_trgm } });
  try {
    for (const e of journal.filter((x) => x.idx < 25)) await db.exec(migration(e.tag));
    const [{ id }] = (await db.query<{ id: string }>(`insert into businesses (name) values ('Old Books') returning id`)).rows;
    await db.query(
      `insert into document_series (business_id, doc_type, financial_year, prefix, last_number) values
         ($1, 'SALE', '1999-00', 'MB/99-00/', 4), ($1, 'SALE', '2099-00', 'MB/99-00/', 2), ($1, 'SALE', '2026-27', 'MB/26-27/', 7),
         ($1, 'QUOTATION', '2099-00', 'QT/99-00/', 3)`,
      [id],
    );
    await db.exec(migration(journal.find((x) => x.idx === 25)!.tag));
    const rows = await db.query<{ doc_type: string; prefix: string; last_number: number }>(
      `select doc_type, prefix, last_number from document_series order by doc_type, prefix`,
    );
    expect(rows.rows).toEqual([
      { doc_type: 'QUOTATION', prefix: 'QT/99-00/', last_number: 3 },
      { doc_type: 'SALE', prefix: 'MB/26-27/', last_number: 7 },
      { doc_type: 'SALE', prefix: 'MB/99-00/', last_number: 4 },
    ]);
    // One counter per printed series from now on.
    await expect(
      db.query(`insert into document_series (business_id, doc_type, financial_year, prefix, last_number) values ($1, 'SALE', '1999-00', 'MB/99-00/', 1)`, [id]),
    ).rejects.toThrow(/document_series_pkey/);
  } finally {
    await db.close();
  }
}, 120_000);
