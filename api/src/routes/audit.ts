import {
  AUDIT_VIEW_DENIED,
  AuditEventListResponse,
  AuditEventQuery,
  AuditVerificationResponse,
  AuditVerifyQuery,
  canViewAudit,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { HttpError } from '../errors';
import { authOf, requireAuth } from '../plugins/auth';
import { listAuditEvents, verifyAuditChain } from '../services/audit';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['audit'];

/** The business of a session that may read the audit trail (OWNER, ADMIN, ACCOUNTANT); 403 for any other role. */
function auditBusiness(request: FastifyRequest): string {
  const auth = authOf(request);
  if (!canViewAudit(auth.user.role)) throw new HttpError(403, AUDIT_VIEW_DENIED);
  return auth.businessId;
}

export function auditRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  app.get('/events', {
    schema: {
      tags,
      summary:
        "The business's audit trail, newest first: who (user, role), when, from where (IP, user agent), what (entity, " +
        'id, action) and the changed fields before and after. entityId also matches the document a payment belongs to',
      security: SESSION_SECURITY,
      querystring: AuditEventQuery,
      response: { 200: AuditEventListResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const businessId = auditBusiness(request);
      return { success: true as const, ...(await listAuditEvents(deps.db, businessId, request.query)) };
    },
  });

  app.get('/verify', {
    schema: {
      tags,
      summary:
        "Recomputes the business's hash chain: ok, or the first event that was changed, unlinked or follows a missing " +
        'one. anchorSeq and anchorHash check a chain head exported earlier',
      security: SESSION_SECURITY,
      querystring: AuditVerifyQuery,
      response: { 200: AuditVerificationResponse, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => {
      const businessId = auditBusiness(request);
      const { anchorSeq, anchorHash } = request.query;
      const anchor = anchorSeq !== undefined && anchorHash !== undefined ? { seq: anchorSeq, hash: anchorHash } : undefined;
      return { success: true as const, data: await verifyAuditChain(deps.db, businessId, anchor) };
    },
  });
}
