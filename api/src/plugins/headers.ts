import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { RemoteOrigins } from '../services/registry/origins';
import { isSecureRequest } from './auth';
import { routerPath } from './csrf';

/** Answers other than pages reuse the origins read this long ago at most. */
export const ORIGINS_MAX_AGE_MS = 30_000;
export const HSTS = 'max-age=15552000';

const NO_ORIGINS: RemoteOrigins = { remotes: [], overrides: [] };

/** A request the shell's index.html answers (its own routes), where the policy decides what code may run. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const url = routerPath(request.url);
  if (/^\/+(api|remotes)(\/|$)/i.test(url)) return false;
  const name = path.posix.basename(url);
  return !name.includes('.') || name.endsWith('.html');
}

/** The Content-Security-Policy: this server, and for scripts, styles and fetches the remotes' origins. */
function contentSecurityPolicy(origins: RemoteOrigins): string {
  const remote = [...new Set([...origins.remotes, ...origins.overrides])];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remote],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'", ...remote],
    'connect-src': ["'self'", ...remote],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';');
}

/** Every security header of an answer. */
function securityHeaders(origins: RemoteOrigins, secure: boolean): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(origins),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    ...(secure ? { 'strict-transport-security': HSTS } : {}),
  };
}

/** Sets the security headers on an answer given before any hook ran (Fastify's routing errors). */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/**
 * Security headers on every answer (API, built apps, 404s, framework errors). The Content-Security-Policy allows
 * scripts, styles and fetches from this server, the registry's remotes and the override allow-lists of remotes
 * that allow overrides, and nothing inline but styles (antd's CSS-in-JS writes <style> elements). The registry is
 * read afresh for every page, so a publish, rollback or allow-list change shows in the next page load on every
 * API instance. HSTS only over HTTPS. The headers go on the raw response, so a route may still replace one (a
 * remote's files are `cross-origin` resources).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig, loadOrigins: () => Promise<RemoteOrigins>): SecurityHeaders {
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
  const apply = (request: FastifyRequest, reply: FastifyReply, origins: RemoteOrigins) => {
    for (const [name, value] of Object.entries(securityHeaders(origins, isSecureRequest(request, config)))) {
      reply.raw.setHeader(name, value);
    }
  };

  app.addHook('onRequest', async (request, reply) => {
    const fresh = isPageRequest(request) || !cached || Date.now() - cached.at > ORIGINS_MAX_AGE_MS;
    apply(request, reply, fresh ? await read() : cached!.origins);
  });
  return (request, reply) => apply(request, reply, cached?.origins ?? NO_ORIGINS);
}
