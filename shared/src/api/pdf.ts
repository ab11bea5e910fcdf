import type { PdfLayout } from '../contracts';
import { apiBase } from './client';

const url = (path: string, id: string, layout: PdfLayout) =>
  `${apiBase()}/${path}/${encodeURIComponent(id)}/pdf?layout=${layout}`;

/**
 * Where a document's PDF downloads from, for a link or `window.open`: a plain GET that carries the session cookie,
 * answered with `content-disposition: attachment` and a file name such as Invoice-MUM-26-27-42.pdf.
 */
export const pdfUrls = {
  saleInvoice: (id: string, layout: PdfLayout = 'a4') => url('sale/sale-invoice', id, layout),
  creditNote: (id: string, layout: PdfLayout = 'a4') => url('sale/credit-note', id, layout),
  debitNote: (id: string, layout: PdfLayout = 'a4') => url('sale/debit-note', id, layout),
  quotation: (id: string, layout: PdfLayout = 'a4') => url('quotation/quotation-estimation-invoice', id, layout),
  purchaseDebitNote: (id: string, layout: PdfLayout = 'a4') => url('purchase/debit-note', id, layout),
};
