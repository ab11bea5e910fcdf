import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACTIVE_BRANCH_COOKIE, SESSION_COOKIE } from '@bahi/shared/contracts';
import type { Deps } from '../deps';
import { unauthorized } from '../errors';
import { resolveSession, type AuthContext } from '../services/auth/sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, set by `requireAuth`. */
    auth: AuthContext | null;
  }
}

export const SESSION_ENDED = 'Your session has ended. Please log in again.';

/** preHandler of every signed-in route: resolves the session cookie or answers 401. */
export function requireAuth(deps: Deps) {
  return async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) throw unauthorized('Please log in to continue.');
    const auth = await resolveSession(deps.db, token, deps.clock(), deps.config.session);
    if (!auth) throw unauthorized(SESSION_ENDED);
    request.auth = auth;
  };
}

export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** HttpOnly session cookie and the readable active-branch cookie (seed §6), Secure when served over HTTPS. */
export function setSessionCookies(
  reply: FastifyReply,
  request: FastifyRequest,
  deps: Deps,
  token: string,
  branchId: string | null,
) {
  const maxAge = deps.config.session.absoluteDays * 86_400;
  const secure = request.protocol === 'https';
  reply.setCookie(SESSION_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge });
  if (branchId) setBranchCookie(reply, request, deps, branchId);
  else reply.clearCookie(ACTIVE_BRANCH_COOKIE, { path: '/' });
}

export function setBranchCookie(reply: FastifyReply, request: FastifyRequest, deps: Deps, branchId: string) {
  reply.setCookie(ACTIVE_BRANCH_COOKIE, branchId, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: deps.config.session.absoluteDays * 86_400,
  });
}

/** Ends the session cookie; the active-branch cookie stays, so the next login on this browser resumes that branch. */
export function clearSessionCookies(reply: FastifyReply, request: FastifyRequest) {
  const secure = request.protocol === 'https';
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
