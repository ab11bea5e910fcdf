import { z } from 'zod';

/** A document's PDF: A4, or a roll printer's 80 mm or 58 mm receipt. */
export const PDF_LAYOUTS = ['a4', 'thermal80', 'thermal58'] as const;
export const PdfLayout = z.enum(PDF_LAYOUTS, { error: 'Layout must be a4, thermal80 or thermal58' });
export type PdfLayout = z.infer<typeof PdfLayout>;

/** GET sale/sale-invoice/:id/pdf and quotation/quotation-estimation-invoice/:id/pdf. */
export const PdfQuery = z.object({ layout: PdfLayout.default('a4') });
export interface PdfQuery {
  layout?: PdfLayout;
}
