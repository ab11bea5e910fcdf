import { ShellRemotesResponse } from '@bahi/shared/contracts';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { remotesForBusiness } from '../services/registry';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

export function shellRoutes(app: ZodApp, deps: Deps) {
  app.get('/shell/remotes', {
    onRequest: requireAuth(deps),
    schema: {
      tags: ['shell'],
      summary: "The remotes switched on for the signed-in user's business and open to their role, and those that are not",
      security: SESSION_SECURITY,
      response: { 200: ShellRemotesResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await remotesForBusiness(deps.db, authOf(request).businessId, deps.config.remoteOverrideHours, authOf(request).user.role),
    }),
  });
}
