import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVE_BRANCH_COOKIE, OTP_COOKIE, SESSION_COOKIE, hostCookieName } from '@bahi/shared/contracts';
import type { AppConfig } from '../config';
import type { Deps } from '../deps';
import { unauthorized } from '../errors';
import type { Requester } from '../services/auth/otp';
import { clientAddressKey } from '../services/auth/rate-limit';
import { hashToken, resolveSession, type AuthContext } from '../services/auth/sessions';
import { checkPermission } from './permissions';
import { replyFromReadCache } from './read-cache';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, set by `requireAuth`. */
    auth: AuthContext | null;
  }
}

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/**
 * Whether cookies are Secure (and `__Host-`-named): COOKIE_SECURE, or by default whether this request came over
 * HTTPS (X-Forwarded-Proto counts only from a trusted proxy, see TRUST_PROXY).
 */
export function isSecureRequest(request: FastifyRequest, config: AppConfig): boolean {
  return config.cookieSecure === 'auto' ? request.protocol === 'https' : config.cookieSecure;
}

/** The session cookie's name for this request: over HTTPS only the `__Host-` one is read or written. */
export const sessionCookieName = (request: FastifyRequest, config: AppConfig) =>
  hostCookieName(SESSION_COOKIE, isSecureRequest(request, config));

/** The token of this browser's session cookie, if it sent one. */
export const sessionToken = (request: FastifyRequest, config: AppConfig): string | undefined =>
  request.cookies[sessionCookieName(request, config)];

/**
 * onRequest hook of every signed-in route: resolves the session cookie or answers 401 before the body is read or
 * validated, so a caller without a session learns nothing about what a valid request looks like; then 403 when the
 * user's role lacks the route's permission (api/src/permissions/routes.ts). A `readCache` route may answer here.
 */
export function requireAuth(deps: Deps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const token = sessionToken(request, deps.config);
    if (!token) throw unauthorized('Please log in to continue.');
    const now = deps.clock();
    const auth = await resolveSession(deps.db, token, now, deps.config.session, deps.readCache);
    if (!auth) throw unauthorized(SESSION_ENDED);
    request.auth = auth;
    checkPermission(request, auth);
    if (replyFromReadCache(request, reply, deps.readCache, auth, now)) return reply;
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** HttpOnly session cookie and the readable active-branch cookie, Secure when served over HTTPS. */
export function setSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  deps: Deps,
  token: string,
  branchId: string | null,
) {
  const maxAge = deps.config.session.absoluteDays * 86_400;
  const secure = isSecureRequest(request, deps.config);
  reply.setCookie(sessionCookieName(request, deps.config), token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  if (branchId) setBranchCookie(reply, request, deps, branchId);
  else reply.clearCookie(ACTIVE_BRANCH_COOKIE, { path: '/' });
}

export function setBranchCookie(reply: FastifyReply, request: FastifyRequest, deps: Deps, branchId: string) {
  reply.setCookie(ACTIVE_BRANCH_COOKIE, branchId, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: isSecureRequest(request, deps.config),
    maxAge: deps.config.session.absoluteDays * 86_400,
  });
}

/** Ends the session cookie; the active-branch cookie stays, so the next login on this browser resumes that branch. */
export function clearSessionCookies(reply: FastifyReply, request: FastifyRequest, config: AppConfig) {
  const secure = isSecureRequest(request, config);
  reply.clearCookie(sessionCookieName(request, config), { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

const OTP_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browser asking for a code, by its OTP cookie (made on its first request), and its address. A code can be
 * tried only from the browser that asked for it, so a stranger's requests and guesses never touch the owner's.
 */
export function otpRequester(request: FastifyRequest, reply: FastifyReply, config: AppConfig): Requester {
  const secure = isSecureRequest(request, config);
  const name = hostCookieName(OTP_COOKIE, secure);
  let token = request.cookies[name];
  if (!token || !OTP_TOKEN.test(token)) {
    token = randomBytes(32).toString('base64url');
    reply.setCookie(name, token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: 86_400 });
  }
  return { browser: hashToken(token), address: clientAddressKey(request.ip) };
}

/** The browser's OTP cookie, hashed as challenges keep it; null when it sent none. */
export function otpBrowser(request: FastifyRequest, config: AppConfig): string | null {
  const token = request.cookies[hostCookieName(OTP_COOKIE, isSecureRequest(request, config))];
  return token && OTP_TOKEN.test(token) ? hashToken(token) : null;
}
