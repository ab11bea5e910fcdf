import {
  BranchListQuery,
  BranchListResponse,
  BranchResponse,
  CreateBranchRequest,
  DocumentSettingsResponse,
  SetActiveBranchRequest,
  UpdateBranchRequest,
  UpdateDocumentSettingsRequest,
} from '@bahi/shared/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { authOf, requireAuth, setBranchCookie } from '../plugins/auth';
import { setActiveBranch } from '../services/auth/sessions';
import { createBranch, getBranch, listBranches, updateBranch } from '../services/branches';
import { getDocumentSettings, updateDocumentSettings } from '../services/documents/dates';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

const tags = ['store-branch'];
/** Any string: an id that is not a uuid is simply not found (404), never a 400 or 500. */
const BranchIdParams = z.object({ id: z.string().describe('Branch id (uuid)') });

export function branchRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  app.get('/document-settings', {
    schema: {
      tags,
      summary: 'The business’s document settings: how many days ahead its documents may be dated (default 0)',
      security: SESSION_SECURITY,
      response: { 200: DocumentSettingsResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await getDocumentSettings(deps.db, authOf(request).businessId) }),
  });

  app.put('/document-settings', {
    schema: {
      tags,
      summary:
        'Change how many days after today (India) invoices, bills, expenses, payments and cash movements may be dated ' +
        '(0: none ahead; quotations may always be dated 90 days ahead)',
      security: SESSION_SECURITY,
      body: UpdateDocumentSettingsRequest,
      response: { 200: DocumentSettingsResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateDocumentSettings(deps.db, authOf(request).businessId, request.body),
    }),
  });

  app.get('/branches', {
    config: { readCache: true },
    schema: {
      tags,
      summary: "The business's store branches; q searches name, city and GSTIN",
      security: SESSION_SECURITY,
      querystring: BranchListQuery,
      response: { 200: BranchListResponse, ...errorResponses(400, 401) },
    },
    handler: async (request) => ({
      success: true as const,
      // A user limited to some branches sees (and may switch to) only those.
      data: (await listBranches(deps.db, authOf(request).businessId, request.query.q)).filter((b) => {
        const allowed = authOf(request).user.branchIds;
        return allowed === null || allowed.includes(b.id);
      }),
    }),
  });

  app.get('/branch/:id', {
    schema: {
      tags,
      summary: 'One store branch',
      security: SESSION_SECURITY,
      params: BranchIdParams,
      response: { 200: BranchResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await getBranch(deps.db, authOf(request).businessId, request.params.id),
    }),
  });

  app.post('/create-branch', {
    schema: {
      tags,
      summary: 'Create a store branch (making it the default un-defaults the others)',
      security: SESSION_SECURITY,
      body: CreateBranchRequest,
      response: { 201: BranchResponse, ...errorResponses(400, 401, 409) },
    },
    handler: async (request, reply) => {
      const branch = await createBranch(deps.db, authOf(request).businessId, request.body, deps.clock());
      return reply.code(201).send({ success: true as const, data: branch });
    },
  });

  app.put('/update-branch/:id', {
    schema: {
      tags,
      summary: 'Update a store branch',
      security: SESSION_SECURITY,
      params: BranchIdParams,
      body: UpdateBranchRequest,
      response: { 200: BranchResponse, ...errorResponses(400, 401, 404, 409) },
    },
    handler: async (request) => ({
      success: true as const,
      data: await updateBranch(deps.db, authOf(request).businessId, request.params.id, request.body, deps.clock()),
    }),
  });

  app.post('/set-active', {
    schema: {
      tags,
      summary: 'Make a branch the active one for this session (also sets the bahi_branch cookie)',
      security: SESSION_SECURITY,
      body: SetActiveBranchRequest,
      response: { 200: BranchResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const branch = await getBranch(deps.db, auth.businessId, request.body.branchId);
      await setActiveBranch(deps.db, auth.sessionId, branch.id);
      setBranchCookie(reply, request, deps, branch.id);
      return { success: true as const, data: branch };
    },
  });
}
