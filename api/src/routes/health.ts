import { z } from 'zod';
import type { ZodApp } from './common';

export function healthRoutes(app: ZodApp) {
  app.get('/health', {
    schema: {
      tags: ['health'],
      summary: 'Liveness: answers without touching the database',
      response: { 200: z.object({ status: z.literal('ok') }) },
    },
    handler: async () => ({ status: 'ok' as const }),
  });
}
