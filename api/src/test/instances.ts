import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openPostgresDatabase, type Database } from '../db/client';
import { testConfig, type Harness } from './harness';
import { selectRows } from '../db/rows';

/** Opens more API instances on a harness's database; `close` ends them and their pools (before the harness closes). */
export interface Instances {
  /**
   * Another API instance on the harness's PostgreSQL database, as a second machine would run it: its own app and its
   * own connection pool, sharing only the database (and the harness's clock and OTP sender). Not yet ready: a test
   * that wants instances to start together awaits their `ready()` itself.
   */
  open(env?: Record<string, string>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** PostgreSQL only (DATABASE_URL): PGlite is one connection in one process. */
export function instancesOf(h: Harness, poolSize = 4): Instances {
  const opened: { app: FastifyInstance; database: Database }[] = [];
  return {
    async open(env = {}) {
      if (!process.env.DATABASE_URL) throw new Error('API instances need PostgreSQL (DATABASE_URL)');
      const [{ name }] = await selectRows<{ name: string }>(h.database.db, sql`select current_database() as name`);
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      const database = openPostgresDatabase(url.toString(), poolSize);
      const app = await buildApp({ config: testConfig(env), db: database.db, listen: database.listen, clock: h.clock.now, otpSender: h.otp, logger: false });
      opened.push({ app, database });
      return app;
    },
    async close() {
      for (const o of opened.splice(0)) {
        await o.app.close();
        await o.database.close();
      }
    },
  };
}
