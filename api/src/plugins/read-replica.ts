import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import { formatLsn, parseLsn, type ReplicaRouter } from '../services/read-replica';
import { isSecureRequest } from './auth';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A signed-in GET that only reads (a list, a report, a GST return): it may be answered from the read replica
     * (READ_DATABASE_URL) through `readDb(request, deps)`, as services/read-replica.ts allows.
     */
    readReplica?: boolean;
  }
  interface FastifyRequest {
    /** The database a `readReplica` route reads: the replica or the primary, chosen per request. */
    readDb: Db | null;
    /** Where a `readReplica` route's answer was read (the read cache keeps only the primary's). */
    readFrom?: 'primary' | 'replica';
  }
}

/**
 * The primary's WAL position after this browser's last write (`16/B374D848`): any instance keeps the browser's
 * reads on the primary until the replica has replayed that far. Only its own reads depend on it, so a changed value
 * harms no one else.
 */
export const WAL_COOKIE = 'bahi_wal';

/** The database a route reads: the one chosen for a `readReplica` route, otherwise the primary. */
export function readDb(request: FastifyRequest, deps: { db: Db }): Db {
  return request.readDb ?? deps.db;
}

const READS = new Set(['GET', 'HEAD']);

/**
 * Registers the routing before the routes: every `readReplica` route's handler runs inside `router.read`, which
 * picks the database (and runs the handler again on the primary if the replica fails it); every write answered
 * below 400 records the primary's WAL position for its session and in the cookie. Without a router, nothing changes.
 */
export function registerReadReplica(app: FastifyInstance, config: AppConfig, router: ReplicaRouter | null) {
  app.decorateRequest('readDb', null);
  if (!router) return;
  app.addHook('onRoute', (route) => {
    if (!route.config?.readReplica) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.some((m) => !READS.has(m))) throw new Error(`${route.url}: only a GET may read the replica`);
    const handler = route.handler;
    route.handler = async function readReplicaHandler(request, reply) {
      const { value } = await router.read(request.auth?.sessionId ?? null, parseLsn(request.cookies[WAL_COOKIE]), (db) => {
        request.readDb = db;
        request.readFrom = db === router.replica ? 'replica' : 'primary';
        return Promise.resolve(handler.call(this, request, reply));
      });
      return value;
    };
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (READS.has(request.method) || request.method === 'OPTIONS' || reply.statusCode >= 400) return payload;
    const lsn = await router.wrote(request.auth?.sessionId ?? null);
    reply.setCookie(WAL_COOKIE, formatLsn(lsn), {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: isSecureRequest(request, config),
      maxAge: Math.ceil(router.pinMs / 1000),
    });
    return payload;
  });
}
