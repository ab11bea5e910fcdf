import {
  AllowOverrideRequest,
  AuditVerificationResponse,
  EnableForRequest,
  OverrideOriginsRequest,
  PublishRemoteRequest,
  RegistryChangeRequest,
  RegistryHistoryResponse,
  RegistryRemoteListResponse,
  RegistryRemoteResponse,
  RolloutRequest,
} from '@bahi/shared/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { unauthorized } from '../errors';
import { OPERATOR_AUDIT_CHAIN, verifyAuditChain } from '../services/audit';
import {
  allowRemoteOverride,
  disableRemote,
  enableRemote,
  enableRemoteFor,
  listRemotes,
  operatorTokenMatches,
  publishRemote,
  remoteHistory,
  rollbackRemote,
  rolloutRemote,
  setOverrideOrigins,
} from '../services/registry';
import { errorResponses, type ZodApp } from './common';

const tags = ['admin'];
export const OPERATOR_SECURITY = [{ operatorToken: [] }];
const DEFAULT_ACTOR = 'operator (admin API)';

export const OPERATOR_TOKEN_MESSAGES = {
  missing: 'This needs the operator token: send Authorization: Bearer <token> (see docs/operating-flags.md).',
  wrong: 'The operator token is not valid.',
  unconfigured: 'The admin API is switched off on this server: it has no operator token.',
};

const RemoteParams = z.object({ name: z.string().describe('Container name (mf_items) or folder (mf-items)') });

/** onRequest hook of every admin route: `Authorization: Bearer <operator token>`, compared in constant time. */
function requireOperator(token: string | undefined) {
  return async (request: FastifyRequest) => {
    if (!token) throw unauthorized(OPERATOR_TOKEN_MESSAGES.unconfigured);
    const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
    if (!match) throw unauthorized(OPERATOR_TOKEN_MESSAGES.missing);
    if (!operatorTokenMatches(match[1], token)) throw unauthorized(OPERATOR_TOKEN_MESSAGES.wrong);
  };
}

export interface AdminRouteOptions {
  operatorToken: string | undefined;
}

/** The remote registry for operators (the `remotes` CLI talks to these): list, history, and one POST per change. */
export function adminRoutes(app: ZodApp, deps: Deps, options: AdminRouteOptions) {
  // onRequest: a caller without the token learns nothing, not even whether its body would be valid.
  app.addHook('onRequest', requireOperator(options.operatorToken));
  const change = (summary: string, extra: number[] = []) => ({
    tags,
    summary,
    security: OPERATOR_SECURITY,
    params: RemoteParams,
    response: { 200: RegistryRemoteResponse, ...errorResponses(400, 401, 403, 404, ...extra) },
  });
  const ok = <T>(data: T) => ({ success: true as const, data });

  app.get('/remotes', {
    schema: {
      tags,
      summary: 'Every registered remote: its build, flag, override permission and the build a rollback returns to',
      security: OPERATOR_SECURITY,
      response: { 200: RegistryRemoteListResponse, ...errorResponses(401) },
    },
    handler: async () => ok(await listRemotes(deps.db)),
  });

  app.get('/remotes/:name/history', {
    schema: {
      tags,
      summary: "A remote's recorded changes, newest first (who or what, when, before and after)",
      security: OPERATOR_SECURITY,
      params: RemoteParams,
      response: { 200: RegistryHistoryResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ok(await remoteHistory(deps.db, request.params.name)),
  });

  app.post('/remotes/:name/publish', {
    schema: {
      ...change('Point a remote at a new build; its bahi-remote.json beside the manifest must describe it', [422]),
      body: PublishRemoteRequest,
    },
    handler: async (request) => {
      const { manifestUrl, version, by } = request.body;
      return ok(await publishRemote(deps.db, request.params.name, manifestUrl, version, by ?? DEFAULT_ACTOR, {
        appsRoot: deps.config.appsRoot,
      }));
    },
  });

  app.post('/remotes/:name/rollback', {
    schema: { ...change('Swap a remote back to the build published before the current one', [409]), body: RegistryChangeRequest },
    handler: async (request) => ok(await rollbackRemote(deps.db, request.params.name, request.body.by ?? DEFAULT_ACTOR)),
  });

  app.post('/remotes/:name/enable', {
    schema: { ...change('Switch a remote on for every business'), body: RegistryChangeRequest },
    handler: async (request) => ok(await enableRemote(deps.db, request.params.name, request.body.by ?? DEFAULT_ACTOR)),
  });

  app.post('/remotes/:name/disable', {
    schema: { ...change('Switch a remote off for every business'), body: RegistryChangeRequest },
    handler: async (request) => ok(await disableRemote(deps.db, request.params.name, request.body.by ?? DEFAULT_ACTOR)),
  });

  app.post('/remotes/:name/enable-for', {
    schema: { ...change('Switch a remote on for the listed businesses only', [422]), body: EnableForRequest },
    handler: async (request) =>
      ok(await enableRemoteFor(deps.db, request.params.name, request.body.businessIds, request.body.by ?? DEFAULT_ACTOR)),
  });

  app.post('/remotes/:name/rollout', {
    schema: { ...change('Switch a remote on for a stable percentage of businesses'), body: RolloutRequest },
    handler: async (request) =>
      ok(await rolloutRemote(deps.db, request.params.name, request.body.percent, request.body.by ?? DEFAULT_ACTOR)),
  });

  app.post('/remotes/:name/allow-override', {
    schema: { ...change("Allow or forbid pointing this remote at another build in one browser"), body: AllowOverrideRequest },
    handler: async (request) =>
      ok(await allowRemoteOverride(deps.db, request.params.name, request.body.allowed, request.body.by ?? DEFAULT_ACTOR)),
  });

  app.post('/remotes/:name/override-origins', {
    schema: {
      ...change('Set the origins a per-browser override of this remote may load from (replaces the list; empty allows none)'),
      body: OverrideOriginsRequest,
    },
    handler: async (request) =>
      ok(await setOverrideOrigins(deps.db, request.params.name, request.body.origins, request.body.by ?? DEFAULT_ACTOR)),
  });

  app.get('/audit/verify', {
    schema: {
      tags,
      summary:
        "The operator's audit chain (every remote registry and flag change): ok, or the first event changed behind " +
        "the application's back",
      security: OPERATOR_SECURITY,
      response: { 200: AuditVerificationResponse, ...errorResponses(401) },
    },
    handler: async () => ok(await verifyAuditChain(deps.db, OPERATOR_AUDIT_CHAIN)),
  });
}
