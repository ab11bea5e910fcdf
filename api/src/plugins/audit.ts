import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorContext, type Actor } from '../db/actor';

/** Routes whose new rows are an import (a spreadsheet of parties or items), so their events say so. */
const IMPORT_ROUTE = /\/(bulk-create|import)(\/|$)/;

/** The operator's API (bearer token, no user): its changes are recorded with this role. */
const OPERATOR_ROUTE = /^\/api\/admin\//;

/** The actor of a request: its signed-in user once requireAuth has run, and where the request came from. */
function actorOf(request: FastifyRequest): Actor {
  const userAgent = request.headers['user-agent'];
  return {
    userId: request.auth?.user.id ?? null,
    role: request.auth?.user.role ?? (OPERATOR_ROUTE.test(request.routeOptions.url ?? '') ? 'OPERATOR' : null),
    ip: request.ip ?? null,
    userAgent: typeof userAgent === 'string' ? userAgent : null,
    ...(IMPORT_ROUTE.test(request.routeOptions.url ?? '') ? { op: 'import' as const } : {}),
  };
}

const scopes = new WeakMap<FastifyRequest, AsyncResource>();

/**
 * Every request runs inside the audit actor's context, so each write transaction it begins names its user, role,
 * IP and user agent (db/client.ts). The actor is read when a transaction begins, so it is the signed-in user even
 * though the session is resolved after this hook. Fastify runs the body parsing, validation and the handler from
 * the request stream's events, outside the onRequest hook's async context: the context is entered again there
 * (the same way as @fastify/request-context).
 */
export function registerAuditActor(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    actorContext.run(
      () => actorOf(request),
      () => {
        const scope = new AsyncResource('bahi-audit-actor');
        scopes.set(request, scope);
        scope.runInAsyncScope(done, request.raw);
      },
    );
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done, request.raw);
    else done();
  });
}
