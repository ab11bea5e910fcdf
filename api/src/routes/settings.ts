import { LockBooksRequest, LockBooksResponse } from '@bahi/shared/contracts';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { getLockBooks, updateLockBooks } from '../services/documents/dates';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['settings'];

/** The business's settings that hold its books: the closed period. */
export function settingsRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  app.get('/lock-books', {
    schema: {
      tags,
      summary: 'The date the books are closed up to (inclusive), or null while they are open',
      security: SESSION_SECURITY,
      response: { 200: LockBooksResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await getLockBooks(deps.db, authOf(request).businessId) }),
  });

  app.put('/lock-books', {
    schema: {
      tags,
      summary: 'Close the books up to a date (at the latest today), or open them (null); owner and accountant only',
      description:
        'Afterwards no sale, purchase, credit or debit note, expense, payment, journal or cash and bank movement dated on ' +
        'or before the date is created, edited or cancelled: 409 "Books are closed up to DD-MM-YYYY". Quotations stay open.',
      security: SESSION_SECURITY,
      body: LockBooksRequest,
      response: { 200: LockBooksResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      return { success: true as const, data: await updateLockBooks(deps.db, auth.businessId, request.body.lockedUntil, deps.clock()) };
    },
  });
}
