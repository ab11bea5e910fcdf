import { CreateShareLinkRequest, MessageResponse, ShareLinkResponse, UpiQrResponse, indiaToday } from '@bahi/shared/contracts';
import type { FastifyContextConfig, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { tooManyRequests } from '../errors';
import { authOf, requireAuth } from '../plugins/auth';
import { clientAddressKey } from '../services/auth/rate-limit';
import { invoiceUpiQr, loadPrintProfile } from '../services/business/print';
import { getBusinessProfile } from '../services/business/profile';
import { pdfFileName, renderDocumentPdf, type PrintableDocument } from '../services/pdf';
import { quotationToPrintable, saleInvoiceToPrintable } from '../services/pdf/printable';
import { getQuotation } from '../services/quotation';
import { getSaleInvoice } from '../services/sales';
import { createShareLink, findSharedDocument, revokeShareLinks, shareTokenKey, type SharedDocument, type SharedKind } from '../services/share';
import { SHARE_PAGE_CSP, renderShareNotFound, renderSharePage } from '../services/share/page';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

/** Any string: an id that is not a uuid is simply not found (404). */
const DocumentIdParams = z.object({ id: z.string().max(100).describe('Document id (uuid)') });
const TokenParams = z.object({ token: z.string().max(200).describe('The token of a share link') });

const WORDS: Record<SharedKind, { tag: string; noun: string }> = {
  SALE: { tag: 'sale', noun: 'sale invoice' },
  QUOTATION: { tag: 'quotation', noun: 'quotation' },
};

/** This server as the browser reached it (through a trusted proxy: as the proxy was reached). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** POST and DELETE share-link/:id of sale invoices (under /api/sale) or quotations (under /api/quotation). */
export function shareLinkRoutes(app: ZodApp, deps: Deps, kind: SharedKind) {
  app.addHook('onRequest', requireAuth(deps));
  const { tag, noun } = WORDS[kind];

  app.post('/share-link/:id', {
    schema: {
      tags: [tag],
      summary: `A public, read-only link to a ${noun} for its customer`,
      description:
        `A new link to the ${noun}'s page (\`/share/<token>\`: the document, its PDF${kind === 'SALE' ? ' and a UPI QR for what is due' : ''}), ` +
        'valid `expiresInDays` days (1–90, default 30). The token is answered this once; only its hash is kept. ' +
        'Earlier links stay valid until they expire or are revoked.',
      security: SESSION_SECURITY,
      params: DocumentIdParams,
      body: CreateShareLinkRequest.optional(),
      response: { 201: ShareLinkResponse, ...errorResponses(400, 401, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const link = await createShareLink(deps.db, {
        businessId: auth.businessId,
        userId: auth.user.id,
        kind,
        documentId: request.params.id,
        days: request.body?.expiresInDays ?? CreateShareLinkRequest.parse({}).expiresInDays,
        now: deps.clock(),
        origin: originOf(request),
      });
      return reply.code(201).send({ success: true as const, data: link });
    },
  });

  app.delete('/share-link/:id', {
    schema: {
      tags: [tag],
      summary: `Revoke every link to a ${noun}: they open a "not available" page from now on`,
      security: SESSION_SECURITY,
      params: DocumentIdParams,
      response: { 200: MessageResponse, ...errorResponses(401, 404) },
    },
    handler: async (request) => {
      const count = await revokeShareLinks(deps.db, { businessId: authOf(request).businessId, kind, documentId: request.params.id, now: deps.clock() });
      return { success: true as const, message: count ? `Revoked ${count} ${count === 1 ? 'link' : 'links'}.` : 'There was no live link to revoke.' };
    },
  });

  if (kind === 'SALE') {
    app.get('/sale-invoice/:id/upi-qr', {
      schema: {
        tags: [tag],
        summary: 'The UPI QR code for what is still due on an invoice (null when nothing is due or no UPI ID is set)',
        security: SESSION_SECURITY,
        params: DocumentIdParams,
        response: { 200: UpiQrResponse, ...errorResponses(401, 404) },
      },
      handler: async (request) => {
        const { businessId } = authOf(request);
        const invoice = await getSaleInvoice(deps.db, businessId, request.params.id, indiaToday(deps.clock()));
        const profile = await getBusinessProfile(deps.db, businessId);
        return { success: true as const, data: { upiQr: await invoiceUpiQr(invoice, profile) } };
      },
    });
  }
}

/** The headers of every public share answer: not indexed, not cached, no referrer, its own strict policy. */
function publicHeaders(reply: FastifyReply) {
  return reply
    .header('x-robots-tag', 'noindex, nofollow')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('content-security-policy', SHARE_PAGE_CSP);
}

/**
 * The public pages of share links, without a session: `/share/<token>` (HTML) and `/share/<token>/pdf`. They set
 * no cookie and show the one document. Rate-limited per client address (route limit) and per token (hook), so
 * guessing tokens or hammering one link is slowed; an unknown, expired or revoked token is a plain 404 page.
 */
export function publicShareRoutes(app: ZodApp, deps: Deps) {
  const perMinute = deps.config.shareRateLimitPerMinute;
  const perAddress: FastifyContextConfig = perMinute > 0 ? { rateLimit: { max: perMinute, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `share:${clientAddressKey(r.ip)}` } } : {};
  if (perMinute > 0) {
    // A second limit on the same request: the plugin runs one route limit per request, so this one is checked here.
    const perToken = app.createRateLimit({
      max: perMinute,
      timeWindow: 60_000,
      keyGenerator: (r) => `share-token:${shareTokenKey((r.params as { token?: string }).token ?? '')}`,
    });
    app.addHook('onRequest', async (request) => {
      const result = await perToken(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(`This link was opened too often. Please try again in ${result.ttlInSeconds} seconds.`, result.ttlInSeconds);
      }
    });
  }

  const load = async (token: string): Promise<{ doc: PrintableDocument; shared: SharedDocument; upi: { uri: string; png: string } | null } | null> => {
    const now = deps.clock();
    const shared = await findSharedDocument(deps.db, token, now);
    if (!shared) return null;
    const profile = await loadPrintProfile(deps.db, shared.businessId);
    if (shared.kind === 'QUOTATION') {
      const quotation = await getQuotation(deps.db, shared.businessId, shared.documentId, indiaToday(now));
      return { doc: quotationToPrintable(quotation, profile), shared, upi: null };
    }
    const invoice = await getSaleInvoice(deps.db, shared.businessId, shared.documentId, indiaToday(now));
    return { doc: saleInvoiceToPrintable(invoice, profile), shared, upi: await invoiceUpiQr(invoice, profile.upi) };
  };

  app.get('/share/:token', {
    config: perAddress,
    schema: {
      tags: ['share'],
      summary: 'The public page of a shared invoice or quotation (HTML, no session)',
      params: TokenParams,
      produces: ['text/html'],
      response: { 200: z.string(), 404: z.string(), ...errorResponses(429) },
    },
    handler: async (request, reply) => {
      const found = await load(request.params.token);
      publicHeaders(reply).type('text/html; charset=utf-8');
      if (!found) return reply.code(404).send(renderShareNotFound());
      return reply.send(renderSharePage(found.doc, { upi: found.upi, pdfUrl: `/share/${encodeURIComponent(request.params.token)}/pdf` }));
    },
  });

  app.get('/share/:token/pdf', {
    config: perAddress,
    schema: {
      tags: ['share'],
      summary: 'The PDF of a shared invoice or quotation (A4, no session)',
      params: TokenParams,
      produces: ['application/pdf'],
      response: { 200: z.unknown().describe('The PDF'), 404: z.string().describe('The "not available" page'), ...errorResponses(429) },
    },
    handler: async (request, reply) => {
      const found = await load(request.params.token);
      publicHeaders(reply);
      if (!found) return reply.code(404).type('text/html; charset=utf-8').send(renderShareNotFound());
      const pdf = await renderDocumentPdf(found.doc, 'a4');
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="${pdfFileName(found.doc)}"`)
        .send(pdf);
    },
  });
}
