import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseChange, CHANGE_CHANNEL, type ReadCache, type ReadTicket } from '../services/read-cache';
import type { AuthContext } from '../services/auth/sessions';
import type { Listen } from '../db/client';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A signed-in GET whose answer depends only on the business's rows, the user, the active branch, the URL and
     * the date: answered from the read cache while the change feed is heard (services/read-cache.ts). Not searches
     * (a non-empty `q`).
     */
    readCache?: boolean;
  }
  interface FastifyInstance {
    /** This process's read cache (tests and benchmarks read its stats). */
    readCache: ReadCache<AuthContext>;
  }
  interface FastifyRequest {
    /** Set on a read-cache miss: where to keep the answer, and what the read noted before it ran. */
    readCacheMiss?: { key: string; business: string; ticket: ReadTicket };
  }
}

/** India Standard Time is UTC+5:30 all year: an answer that says "today" changes at IST midnight. */
const IST_OFFSET_MS = 330 * 60_000;

/** Everything a cacheable answer depends on besides the business's rows. */
const responseKey = (request: FastifyRequest, auth: AuthContext, now: Date) =>
  `${auth.user.id}|${auth.activeBranchId ?? ''}|${Math.floor((now.getTime() + IST_OFFSET_MS) / 86_400_000)}|${request.url}`;

/**
 * A search is typed, so rarely asked twice alike: it goes to the database (its index answers it within the
 * targets of bench/lists.bench.ts) rather than fill the cache with one-off answers.
 */
const isSearch = (request: FastifyRequest) => {
  const q = (request.query as { q?: unknown } | undefined)?.q;
  return typeof q === 'string' && q.trim() !== '';
};

/**
 * After the session is known (requireAuth): answers a `readCache` route from the cache, or notes the miss so the
 * answer is kept when it goes out. Answers whether it replied.
 */
export function replyFromReadCache(request: FastifyRequest, reply: FastifyReply, cache: ReadCache<AuthContext>, auth: AuthContext, now: Date) {
  if (request.method !== 'GET' || !request.routeOptions.config.readCache || !cache.enabled || isSearch(request)) return false;
  const key = responseKey(request, auth, now);
  const hit = cache.getResponse(key, auth.businessId);
  if (hit) {
    reply.header('content-type', hit.contentType).send(hit.body);
    return true;
  }
  const ticket = cache.responseTicket(auth.businessId);
  if (ticket) request.readCacheMiss = { key, business: auth.businessId, ticket };
  return false;
}

/**
 * Keeps the answers of cache misses, and raises the business's generation when this process answers one of its
 * writes, before the answer leaves: the writer's next read here never sees what was there before.
 */
export function registerReadCache(app: FastifyInstance, cache: ReadCache<AuthContext>, listen: Listen | undefined) {
  app.decorate('readCache', cache);
  app.addHook('onSend', async (request, reply, payload) => {
    const miss = request.readCacheMiss;
    if (miss) {
      // A replica's answer may be older than the change feed's news: kept only when the primary answered.
      if (request.readFrom === 'replica') return payload;
      const contentType = reply.getHeader('content-type');
      if (reply.statusCode === 200 && typeof payload === 'string' && typeof contentType === 'string') {
        cache.putResponse(miss.key, miss.business, miss.ticket, { body: payload, contentType });
      }
    } else if (request.auth && request.method !== 'GET' && request.method !== 'HEAD') {
      cache.wrote(request.auth.businessId);
    }
    return payload;
  });
  if (!listen) return;
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = await listen(
      CHANGE_CHANNEL,
      (payload) => {
        const change = parseChange(payload);
        // Not understood: drop everything rather than serve what it may have changed.
        if (change) cache.changed(change);
        else cache.changed({ kind: 'data', business: '*' });
      },
      (listening) => {
        if (listening) cache.listening();
        else {
          cache.lost();
          app.log.warn('The read cache is off until the database change feed is heard again');
        }
      },
    );
  });
  app.addHook('onClose', async () => {
    cache.lost();
    await stop?.();
  });
}
