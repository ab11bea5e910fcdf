import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { RemoteOrigins } from '../services/registry/origins';
import { isSecureRequest } from './auth';
import { routerPath } from './csrf';

/** Answers other than pages reuse the origins read this long ago at most. */
export const ORIGINS_MAX_AGE_MS = 30_000;
export const HSTS = 'max-age=15552000';

const NO_ORIGINS: RemoteOrigins = { remotes: [], overrides: [] };
const kOrigins = Symbol('bahi.remoteOrigins');
type RequestWithOrigins = IncomingMessage & { [kOrigins]?: RemoteOrigins };

/** A request the shell's index.html answers (its own routes), where the policy decides what code may run. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = routerPath(request.url);
  if (/^\/+(api|remotes)(\/|$)/i.test(url)) return false;
  const name = path.posix.basename(url);
  return !name.includes('.') || name.endsWith('.html');
}

/** The remotes' origins (and the override allow-lists) for the policy, as a directive value. */
const sources =
  (...kinds: Array<keyof RemoteOrigins>) =>
  (req: IncomingMessage) => {
    const origins = (req as RequestWithOrigins)[kOrigins] ?? NO_ORIGINS;
    return [...new Set(kinds.flatMap((k) => origins[k]))].join(' ');
  };

/**
 * Security headers on every answer (API, built apps, 404s) through @fastify/helmet. The Content-Security-Policy
 * allows scripts, styles and fetches from this server, the registry's remotes and the override allow-lists of
 * remotes that allow overrides, and nothing inline but styles (antd's CSS-in-JS writes <style> elements). The
 * registry is read afresh for every page, so a publish, rollback or allow-list change shows in the next page load
 * on every API instance. HSTS only over HTTPS.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig, loadOrigins: () => Promise<RemoteOrigins>) {
  let cached: { at: number; origins: RemoteOrigins } | null = null;
  const read = async (): Promise<RemoteOrigins> => {
    try {
      const origins = await loadOrigins();
      cached = { at: Date.now(), origins };
      return origins;
    } catch (err) {
      // No registry, no remote origins: the shell itself still loads.
      app.log.warn({ err }, 'could not read the remote origins for the Content-Security-Policy');
      return cached?.origins ?? NO_ORIGINS;
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const fresh = isPageRequest(request) || !cached || Date.now() - cached.at > ORIGINS_MAX_AGE_MS;
    (request.raw as RequestWithOrigins)[kOrigins] = fresh ? await read() : cached!.origins;
    if (isSecureRequest(request, config)) reply.header('strict-transport-security', HSTS);
  });

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", sources('remotes', 'overrides')],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'", sources('remotes', 'overrides')],
        connectSrc: ["'self'", sources('remotes', 'overrides')],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
  });
}
