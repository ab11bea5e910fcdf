import {
  BusinessProfileResponse,
  UpdateBusinessProfileRequest,
  type BusinessImageKind,
} from '@bahi/shared/contracts';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { authOf, requireAuth } from '../plugins/auth';
import { getBusinessProfile, parseProfile, readBusinessImage, readProfileForm, updateBusinessProfile } from '../services/business/profile';
import { SESSION_SECURITY, errorResponses, multipartParts, type ZodApp } from './common';

const tags = ['settings'];

const PROFILE_PARTS = multipartParts({
  legalName: 'text',
  tradeName: 'text',
  'address.street': 'text',
  'address.city': 'text',
  'address.stateCode': 'text',
  'address.pin': 'text',
  phone: 'text',
  email: 'text',
  upiId: 'text',
  payeeName: 'text',
  bankAccountId: 'text',
  terms: 'text',
  notes: 'text',
  'print.showHsnSummary': 'text',
  'print.showItemImages': 'text',
  'print.thermalWidth': 'text',
  removeLogo: 'text',
  removeSignature: 'text',
  logo: 'file',
  signature: 'file',
});

/** The business profile printed on its documents: GET, PUT (JSON or multipart with images), and its images. */
export function businessProfileRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  app.get('/business', {
    schema: {
      tags,
      summary: 'The business profile: names, address, contact, UPI ID, bank account to print, default terms and notes, print options',
      security: SESSION_SECURITY,
      response: { 200: BusinessProfileResponse, ...errorResponses(401) },
    },
    handler: async (request) => ({ success: true as const, data: await getBusinessProfile(deps.db, authOf(request).businessId) }),
  });

  app.put('/business', {
    config: { multipart: true },
    schema: {
      tags,
      summary: 'Save the business profile (settings.edit: owner or admin)',
      description:
        'The whole profile: a field left out or blank is cleared. JSON, or multipart/form-data with the same fields as ' +
        'text (`address.street`, `print.showHsnSummary` "true"/"false", ...) and a `logo` and/or `signature` file ' +
        '(PNG or JPEG judged by its bytes, at most 1 MB: 413 when larger, 415 when not an image); `removeLogo` / ' +
        '`removeSignature` "true" delete an image. The PIN must belong to the chosen state.',
      security: SESSION_SECURITY,
      consumes: ['application/json', 'multipart/form-data'],
      body: UpdateBusinessProfileRequest.or(PROFILE_PARTS).optional(),
      response: { 200: BusinessProfileResponse, ...errorResponses(400, 401, 403, 413, 415) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const { body, images } = request.isMultipart() ? await readProfileForm(request) : { body: request.body, images: {} };
      const values = parseProfile(body);
      return { success: true as const, data: await updateBusinessProfile(deps.db, auth.businessId, values, images, deps.clock()) };
    },
  });

  for (const kind of ['logo', 'signature'] as const satisfies readonly BusinessImageKind[]) {
    app.get(`/business/${kind}`, {
      schema: {
        tags,
        summary: `The business’s ${kind} image (PNG or JPEG)`,
        security: SESSION_SECURITY,
        produces: ['image/png', 'image/jpeg'],
        response: { 200: z.unknown().describe('The image bytes'), ...errorResponses(401, 404) },
      },
      handler: async (request, reply) => {
        const image = await readBusinessImage(deps.db, authOf(request).businessId, kind);
        if (!image) throw notFound(`No ${kind} has been set`);
        return reply
          .type(image.contentType)
          .header('etag', `"${image.sha256}"`)
          .header('cache-control', 'private, no-cache')
          .header('content-security-policy', "default-src 'none'").header('content-length', String(image.bytes.length)).send(image.bytes);
      },
    });
  }
}
