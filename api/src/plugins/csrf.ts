import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@bahi/shared/contracts';
import type { AppConfig } from '../config';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const BODY_TYPES = new Set(['application/json', 'multipart/form-data']);

export const CSRF_MESSAGES = {
  foreignOrigin: 'Requests from other websites are not allowed.',
  missingHeader: `This request was refused: it must carry the header ${CSRF_HEADER}: ${CSRF_HEADER_VALUE}.`,
  contentType: 'Send the request body as JSON (application/json) or as multipart/form-data.',
};

/**
 * The path as the router sees it (percent-decoded), for deciding where CORS answers apply. Never used to decide
 * whether a write is checked: every write is.
 */
export function routerPath(url: string): string {
  const path = url.split(/[?;#]/)[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

const isApi = (path: string) => /^\/+api(\/|$)/i.test(path);

/** By the router's reading of the path, so `/%61pi/nope` and `/api//x` are API paths too. */
export const isApiPath = (url: string) => isApi(routerPath(url));

function isSameOrigin(origin: string, request: FastifyRequest): boolean {
  try {
    // request.host and request.protocol follow X-Forwarded-* only when the proxy is trusted; URL drops default ports.
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false;
  }
}

function refuse(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).send({ success: false, message });
}

/**
 * CSRF defence for every state-changing request, whatever its path: `/api/x`, `/%61pi/x`, `//api/x` and `/API/x`
 * are all checked before the router picks a handler (or none), so no spelling reaches one unchecked. A write
 * needs the custom header (a cross-site form cannot send it, and a cross-site fetch needs a preflight we refuse),
 * a JSON or multipart body, and — when the browser says where it comes from — this origin or an allowed dev
 * origin (`Origin`, else `Sec-Fetch-Site: same-origin`). Also answers CORS for ALLOWED_ORIGINS, with credentials.
 */
export function registerCsrf(app: FastifyInstance, config: AppConfig) {
  const allowed = new Set(config.allowedOrigins);
  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    const corsAllowed = origin !== undefined && allowed.has(origin);
    if (corsAllowed && isApiPath(request.url)) {
      reply.header('access-control-allow-origin', origin);
      reply.header('access-control-allow-credentials', 'true');
      reply.header('vary', 'Origin');
      if (request.method === 'OPTIONS') {
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE');
        reply.header('access-control-allow-headers', `Content-Type, Accept, ${CSRF_HEADER}`);
        reply.header('access-control-max-age', '600');
        return reply.code(204).send();
      }
    }
    if (!STATE_CHANGING.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    const foreign =
      origin !== undefined ? !corsAllowed && !isSameOrigin(origin, request) : fetchSite !== undefined && fetchSite !== 'same-origin';
    if (foreign) return refuse(reply, 403, CSRF_MESSAGES.foreignOrigin);
    if (request.headers[CSRF_HEADER.toLowerCase()] !== CSRF_HEADER_VALUE) {
      return refuse(reply, 403, CSRF_MESSAGES.missingHeader);
    }
    const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!BODY_TYPES.has(type)) return refuse(reply, 415, CSRF_MESSAGES.contentType);
  });
}
