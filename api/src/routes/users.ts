import {
  BusinessUserListResponse,
  BusinessUserResponse,
  InviteUserRequest,
  UpdateUserRequest,
} from '@bahi/shared/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth } from '../plugins/auth';
import { assertManagesUsers, inviteUser, listUsers, setUserActive, updateUser } from '../services/users';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['user'];
/** Any string: an id that is not a uuid is simply not found (404), never a 400 or 500. */
const UserIdParams = z.object({ id: z.string().describe('User id (uuid)') });

/** The users of the signed-in business: only an OWNER or ADMIN (403 for anyone else). */
export function userRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  app.get('/users', {
    schema: {
      tags,
      summary: "The business's users (active first, then by name) with their role, branches and whether active",
      security: SESSION_SECURITY,
      response: { 200: BusinessUserListResponse, ...errorResponses(401, 403) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      assertManagesUsers(auth);
      return { success: true as const, data: await listUsers(deps.db, auth.businessId) };
    },
  });

  app.post('/invite', {
    schema: {
      tags,
      summary:
        'Add a user with a role, at some branches (branchIds) or all (allBranches); they log in with an OTP to ' +
        'their mobile number. Only an owner may add an owner',
      security: SESSION_SECURITY,
      body: InviteUserRequest,
      response: { 201: BusinessUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      const user = await inviteUser(deps, authOf(request), request.body);
      return reply.code(201).send({ success: true as const, data: user });
    },
  });

  app.put('/update-user/:id', {
    schema: {
      tags,
      summary:
        "Change a user's name, role or branches (only what is sent). An admin cannot make or change an owner; the " +
        'last active owner stays an owner (409)',
      security: SESSION_SECURITY,
      params: UserIdParams,
      body: UpdateUserRequest,
      response: { 200: BusinessUserResponse, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateUser(deps, authOf(request), request.params.id, request.body),
    }),
  });

  app.post('/deactivate/:id', {
    schema: {
      tags,
      summary:
        'Deactivate a user: their sessions end at once and they cannot log in. Not yourself, nor the last active ' +
        'owner (409)',
      security: SESSION_SECURITY,
      params: UserIdParams,
      response: { 200: BusinessUserResponse, ...errorResponses(401, 403, 404, 409) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await setUserActive(deps, authOf(request), request.params.id, false),
    }),
  });

  app.post('/activate/:id', {
    schema: {
      tags,
      summary: 'Activate a deactivated user: they can log in again',
      security: SESSION_SECURITY,
      params: UserIdParams,
      response: { 200: BusinessUserResponse, ...errorResponses(401, 403, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await setUserActive(deps, authOf(request), request.params.id, true),
    }),
  });
}
