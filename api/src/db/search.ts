import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';

/**
 * Runs the queries of a text search with sequential scans priced out. The planner costs a `like '%…%'` per row at
 * cpu_operator_cost, so for a term with common trigrams it scans 10,000 rows (37 ms) rather than use the trigram
 * index (1 ms); bench/README.md has the measurements. `set local` ends with the transaction.
 */
export function searchWithIndex<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return work(tx);
  });
}
