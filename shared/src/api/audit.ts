import { AuditEventListResponse, AuditVerificationResponse, type AuditEventQuery, type AuditVerifyQuery } from '../contracts';
import { apiRequest } from './client';

/** The audit trail (OWNER, ADMIN, ACCOUNTANT): events, newest first, and the hash chain's check. */
export const auditApi = {
  events: (query: AuditEventQuery = {}) =>
    apiRequest('audit/events', { query: query as Record<string, string | number | undefined>, schema: AuditEventListResponse }),
  verify: async (query: AuditVerifyQuery = {}) =>
    (await apiRequest('audit/verify', { query: query as Record<string, string | number | undefined>, schema: AuditVerificationResponse })).data,
};
