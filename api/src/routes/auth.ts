import {
  LoginRequest,
  MessageResponse,
  OtpSentResponse,
  ProfileResponse,
  ResendOtpRequest,
  SignupRequest,
  SwitchBusinessRequest,
  VerifyOtpRequest,
  ACTIVE_BRANCH_COOKIE,
} from '@bahi/shared/contracts';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import {
  authOf,
  clearSessionCookies,
  otpBrowser,
  otpRequester,
  requireAuth,
  sessionToken,
  setSessionCookies,
} from '../plugins/auth';
import {
  getProfile,
  resendOtp,
  startLogin,
  startSignup,
  switchBusiness,
  verifyLogin,
  verifySignup,
  type SignedIn,
} from '../services/auth/signup-login';
import { clientAddressKey } from '../services/auth/rate-limit';
import { deleteSessionByToken } from '../services/auth/sessions';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['auth'];

export function authRoutes(app: ZodApp, deps: Deps) {
  const perMinute = deps.config.authRateLimitPerMinute;
  // Per-IP limit of all auth routes together (counted in the database), on top of the OTP send limits.
  const config: FastifyContextConfig =
    perMinute > 0
      ? { rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: (request) => `auth:${clientAddressKey(request.ip)}` } }
      : {};

  /** Signs this browser in, ending the session it had before (whoever's it was). */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, { token, profile }: SignedIn) => {
    const previous = sessionToken(request, deps.config);
    if (previous) await deleteSessionByToken(deps.db, previous, deps.readCache);
    setSessionCookies(reply, request, deps, token, profile.activeStoreBranch?.id ?? null);
    return { success: true as const, data: profile };
  };
  const lastBranchOf = (request: FastifyRequest) => request.cookies[ACTIVE_BRANCH_COOKIE];

  app.post('/signup', {
    config,
    schema: {
      tags,
      summary:
        'Start sign-up: sends an OTP; nothing is created until it is verified. A number that is already a user of ' +
        'a business signs up a new business as its owner (one person, several shops)',
      body: SignupRequest,
      response: { 200: OtpSentResponse, ...errorResponses(400, 429, 503) },
    },
    handler: async (request, reply) => ({
      success: true as const,
      ...(await startSignup(deps, request.body, otpRequester(request, reply, deps.config))),
    }),
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
      const { mobileNumber, otp } = request.body;
      return signIn(request, reply, await verifySignup(deps, mobileNumber, otp, otpBrowser(request, deps.config)));
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
    handler: async (request, reply) => ({
      success: true as const,
      ...(await startLogin(deps, request.body.mobileNumber, otpRequester(request, reply, deps.config))),
    }),
  });

  app.post('/verify-login', {
    config,
    schema: {
      tags,
      summary:
        'Verify the login OTP and start a new session: in the business of this browser’s last branch, else the one ' +
        'used last; `businesses` lists every business of the number (with more than one, offer switch-business). ' +
        'A deactivated user is refused (403)',
      body: VerifyOtpRequest,
      response: { 200: ProfileResponse, ...errorResponses(400, 403, 429) },
    },
    handler: async (request, reply) => {
      const { mobileNumber, otp } = request.body;
      return signIn(request, reply, await verifyLogin(deps, mobileNumber, otp, otpBrowser(request, deps.config), lastBranchOf(request)));
    },
  });

  app.post('/switch-business', {
    config,
    onRequest: requireAuth(deps),
    schema: {
      tags,
      summary:
        'Sign in to another business this mobile number is an active user of: a new session (and cookie) there; ' +
        'this one ends',
      security: SESSION_SECURITY,
      body: SwitchBusinessRequest,
      response: { 200: ProfileResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) =>
      signIn(request, reply, await switchBusiness(deps, authOf(request), request.body.businessId, lastBranchOf(request))),
  });

  app.post('/resend-otp', {
    config,
    schema: {
      tags,
      summary: "Send a new OTP, replacing this browser's previous one (a code another browser asked for stays valid)",
      body: ResendOtpRequest,
      response: { 200: OtpSentResponse, ...errorResponses(400, 429, 503) },
    },
    handler: async (request, reply) => ({
      success: true as const,
      ...(await resendOtp(deps, request.body.mobileNumber, request.body.purpose, otpRequester(request, reply, deps.config))),
    }),
  });

  app.get('/profile', {
    onRequest: requireAuth(deps),
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
      const token = sessionToken(request, deps.config);
      if (token) await deleteSessionByToken(deps.db, token, deps.readCache);
      clearSessionCookies(reply, request, deps.config);
      return { success: true as const, message: 'You have been logged out.' };
    },
  });
}
