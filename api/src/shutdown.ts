import type { FastifyInstance } from 'fastify';

/**
 * SIGTERM, step by step: readiness answers 503 (a proxy stops sending new requests here), after `drainMs` the
 * server stops accepting connections, in-flight requests and the scheduler's current bill finish (Fastify's close
 * waits for them; preClose stops the scheduler), and last the database is closed. main.ts exits after it.
 */
export async function gracefulShutdown(app: FastifyInstance, opts: { drainMs: number; closeDatabase: () => Promise<void> }): Promise<void> {
  app.drain();
  if (opts.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, opts.drainMs));
  await app.close();
  await opts.closeDatabase();
}
