import { PdfQuery, indiaToday } from '@bahi/shared/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps';
import { notFound } from '../errors';
import { authOf, requireAuth } from '../plugins/auth';
import { pdfFileName, renderDocumentPdf, type PdfLayout, type PrintableDocument } from '../services/pdf';
import { loadPrintProfile } from '../services/business/print';
import { quotationToPrintable, saleInvoiceToPrintable, saleNoteToPrintable } from '../services/pdf/printable';
import { paymentVoucherToPrintable, selfInvoiceToPrintable } from '../services/pdf/rcm';
import { getPurchase } from '../services/purchases';
import { getPaymentVoucher } from '../services/purchases/rcm';
import { purchaseDebitNoteToPrintable } from '../services/pdf/purchase-note';
import { getPurchaseDebitNote } from '../services/purchases/debit-notes';
import { CREDIT_NOTE, DEBIT_NOTE, getSaleNote } from '../services/sale-notes';
import { getQuotation } from '../services/quotation';
import { getSaleInvoice } from '../services/sales';
import { SESSION_SECURITY, errorResponses, type ZodApp } from './common';

/** Any string: an id that is not a uuid is simply not found (404). */
const DocumentIdParams = z.object({ id: z.string().max(100).describe('Document id (uuid)') });

const PurchaseIdParams = z.object({ purchaseId: z.string().max(100).describe('Purchase bill id (uuid)') });
const PaymentIdParams = z.object({ paymentId: z.string().max(100).describe('Payment id (uuid): the bill payment’s, or the payment out’s') });

const schema = <P extends z.ZodTypeAny = typeof DocumentIdParams>(tag: string, summary: string, params?: P) => ({
  tags: [tag],
  summary,
  description:
    'Answers application/pdf as an attachment named after the document number (Invoice-MUM-26-27-42.pdf). ' +
    'layout: a4 (default; long documents run over several pages), thermal80 or thermal58 (one receipt-long page).',
  security: SESSION_SECURITY,
  params: (params ?? DocumentIdParams) as P,
  querystring: PdfQuery,
  produces: ['application/pdf'],
  response: errorResponses(400, 401, 404),
});

export async function sendPdf(reply: FastifyReply, doc: PrintableDocument, layout: PdfLayout) {
  const pdf = await renderDocumentPdf(doc, layout);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${pdfFileName(doc)}"`)
    .header('cache-control', 'no-store')
    .send(pdf);
}

/** The PDF of a sale invoice, a quotation or a purchase debit note, for the session's business only. */
export function pdfRoutes(app: ZodApp, deps: Deps) {
  app.addHook('onRequest', requireAuth(deps));

  app.get('/sale/sale-invoice/:id/pdf', {
    schema: schema('sale', 'A sale invoice as a PDF: tax invoice (or bill of supply) on A4, or a thermal receipt'),
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      const invoice = await getSaleInvoice(deps.db, businessId, request.params.id, indiaToday(deps.clock()));
      return sendPdf(reply, saleInvoiceToPrintable(invoice, await loadPrintProfile(deps.db, businessId)), request.query.layout);
    },
  });

  for (const kind of [CREDIT_NOTE, DEBIT_NOTE]) {
    app.get(`/sale/${kind.type === 'CREDIT' ? 'credit' : 'debit'}-note/:id/pdf`, {
      schema: schema('sale', `A sale ${kind.word.toLowerCase()} as a PDF, naming the invoice it follows, on A4 or as a thermal receipt`),
      handler: async (request, reply) => {
        const { businessId } = authOf(request);
        const note = await getSaleNote(deps.db, businessId, request.params.id, kind);
        return sendPdf(reply, saleNoteToPrintable(note, await loadPrintProfile(deps.db, businessId)), request.query.layout);
      },
    });
  }

  app.get('/quotation/quotation-estimation-invoice/:id/pdf', {
    schema: schema('quotation', 'A quotation as a PDF, on A4 or as a thermal receipt'),
    handler: async (request, reply) => {
      const { businessId } = authOf(request);
      const quotation = await getQuotation(deps.db, businessId, request.params.id, indiaToday(deps.clock()));
      return sendPdf(reply, quotationToPrintable(quotation, await loadPrintProfile(deps.db, businessId)), request.query.layout);
    },
  });

  app.get('/purchase/self-invoice/:purchaseId/pdf', {
    schema: schema('purchase', 'The self-invoice of a bill received under reverse charge from an unregistered supplier, as a PDF', PurchaseIdParams),
    handler: async (request, reply) => {
      const bill = await getPurchase(deps.db, authOf(request).businessId, request.params.purchaseId, indiaToday(deps.clock()));
      if (!bill.selfInvoiceNumber) throw notFound(SELF_INVOICE_NOT_FOUND);
      return sendPdf(reply, selfInvoiceToPrintable({ ...bill, selfInvoiceNumber: bill.selfInvoiceNumber }), request.query.layout);
    },
  });

  app.get('/purchase/payment-voucher/:paymentId/pdf', {
    schema: schema('purchase', 'The payment voucher of a payment for bills under reverse charge from an unregistered supplier, as a PDF', PaymentIdParams),
    handler: async (request, reply) => {
      const voucher = await getPaymentVoucher(deps.db, authOf(request).businessId, request.params.paymentId);
      return sendPdf(reply, paymentVoucherToPrintable(voucher), request.query.layout);
    },
  });

  app.get('/purchase/debit-note/:id/pdf', {
    schema: schema('purchase', 'A purchase debit note as a PDF titled DEBIT NOTE, naming the bill and its date: A4 or a thermal receipt'),
    handler: async (request, reply) => {
      const note = await getPurchaseDebitNote(deps.db, authOf(request).businessId, request.params.id);
      return sendPdf(reply, purchaseDebitNoteToPrintable(note), request.query.layout);
    },
  });
}

const SELF_INVOICE_NOT_FOUND = 'Self-invoice not found: this bill is not under reverse charge from an unregistered supplier';
