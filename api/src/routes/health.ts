import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { ZodApp } from './common';

const Readiness = z.object({ status: z.enum(['ready', 'draining', 'unavailable']) });

export function healthRoutes(app: ZodApp, opts: { db: Db; isDraining: () => boolean }) {
  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Liveness: answers without touching the database',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });

  app.get('/ready', {
    schema: {
      tags: ['health'],
      summary: 'Readiness for a load balancer: 200 when this instance takes requests; 503 while it drains (SIGTERM) or cannot reach its database',
      response: { 200: Readiness, 503: Readiness },
    },
    handler: async (_request, reply) => {
      if (opts.isDraining()) return reply.code(503).send({ status: 'draining' as const });
      try {
        await opts.db.execute(sql`select 1`);
      } catch {
        return reply.code(503).send({ status: 'unavailable' as const });
      }
      return { status: 'ready' as const };
    },
  });
}
