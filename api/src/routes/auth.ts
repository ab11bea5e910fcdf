import {
  LoginRequest,
  MessageResponse,
  OtpSentResponse,
  ProfileResponse,
  ResendOtpRequest,
  SESSION_COOKIE,
  SignupRequest,
  VerifyOtpRequest,
  ACTIVE_BRANCH_COOKIE,
} from '@bahi/shared/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { Deps } from '../deps';
import { authOf, clearSessionCookies, requireAuth, setSessionCookies } from '../plugins/auth';
import { getProfile, resendOtp, startLogin, startSignup, verifyLogin, verifySignup } from '../services/auth/accounts';
import { deleteSession, resolveSession } from '../services/auth/sessions';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['auth'];

export function authRoutes(app: ZodApp, deps: Deps) {
  const perMinute = deps.config.authRateLimitPerMinute;
  // Per-IP limit on top of the per-phone OTP limits kept in the database.
  const config: FastifyContextConfig = perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000 } } : {};

  app.post('/signup', {
    config,
    schema: {
      tags,
      summary: 'Start sign-up: sends an OTP; nothing is created until it is verified',
      body: SignupRequest,
      response: { 200: OtpSentResponse, ...errorResponses(400, 409, 429, 503) },
    },
    handler: async (request) => ({ success: true as const, ...(await startSignup(deps, request.body)) }),
  });

  app.post('/verify-signup', {
    config,
    schema: {
      tags,
      summary: 'Verify the sign-up OTP: creates the business, its owner and first branch, and signs in',
      body: VerifyOtpRequest,
      response: { 200: ProfileResponse, ...errorResponses(400, 409, 429) },
    },
    handler: async (request, reply) => {
      const { token, profile } = await verifySignup(deps, request.body.mobileNumber, request.body.otp);
      setSessionCookies(reply, request, deps, token, profile.activeStoreBranch?.id ?? null);
      return { success: true as const, data: profile };
    },
  });

  app.post('/login', {
    config,
    schema: {
      tags,
      summary: 'Start login: sends an OTP to a registered number (answers the same for any number)',
      body: LoginRequest,
      response: { 200: OtpSentResponse, ...errorResponses(400, 429) },
    },
    handler: async (request) => ({ success: true as const, ...(await startLogin(deps, request.body.mobileNumber)) }),
  });

  app.post('/verify-login', {
    config,
    schema: {
      tags,
      summary: 'Verify the login OTP and start a new session',
      body: VerifyOtpRequest,
      response: { 200: ProfileResponse, ...errorResponses(400, 429) },
    },
    handler: async (request, reply) => {
      const lastBranchId = request.cookies[ACTIVE_BRANCH_COOKIE];
      const { token, profile } = await verifyLogin(deps, request.body.mobileNumber, request.body.otp, lastBranchId);
      setSessionCookies(reply, request, deps, token, profile.activeStoreBranch?.id ?? null);
      return { success: true as const, data: profile };
    },
  });

  app.post('/resend-otp', {
    config,
    schema: {
      tags,
      summary: 'Send a new OTP, replacing the previous one',
      body: ResendOtpRequest,
      response: { 200: OtpSentResponse, ...errorResponses(400, 409, 429, 503) },
    },
    handler: async (request) => ({
      success: true as const,
      ...(await resendOtp(deps, request.body.mobileNumber, request.body.purpose)),
    }),
  });

  app.get('/profile', {
    preHandler: requireAuth(deps),
    schema: {
      tags,
      summary: 'The signed-in user, their business and the active store branch',
      security: SESSION_SECURITY,
      response: { 200: ProfileResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await getProfile(deps, authOf(request)) }),
  });

  app.post('/logout', {
    schema: {
      tags,
      summary: 'End the session: its cookie no longer works',
      security: SESSION_SECURITY,
      response: { 200: MessageResponse },
    },
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) {
        const auth = await resolveSession(deps.db, token, deps.clock(), deps.config.session);
        if (auth) await deleteSession(deps.db, auth.sessionId);
      }
      clearSessionCookies(reply, request);
      return { success: true as const, message: 'You have been logged out.' };
    },
  });
}
