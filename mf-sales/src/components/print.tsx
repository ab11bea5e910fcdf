import type { PdfLayout } from '@bahi/shared';

/**
 * Printing a document from inside the shell: print CSS hides everything that is not the document or holds it,
 * and lays the holders flat, so neither the sidebar nor the header print. `data-print-layout` on <html> picks
 * the A4 page or the thermal receipt; the @page size is set just for the one print.
 */
export const PRINT_CSS = `
.bahi-thermal { position: absolute; left: -10000px; top: 0; visibility: hidden; }
.bahi-thermal[data-width="80"] { width: 72mm; }
.bahi-thermal[data-width="58"] { width: 48mm; }
@media print {
  body *:not(:has([data-print-root])):not([data-print-root]):not([data-print-root] *) { display: none !important; }
  *:has([data-print-root]) {
    margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important;
    background: #fff !important; overflow: visible !important; height: auto !important; min-height: 0 !important;
    max-width: none !important; width: auto !important; position: static !important; display: block !important;
  }
  [data-print-root] .bahi-no-print { display: none !important; }
  html[data-print-layout="a4"] .bahi-thermal { display: none !important; }
  html[data-print-layout^="thermal"] .bahi-a4 { display: none !important; }
  html[data-print-layout^="thermal"] .bahi-thermal { position: static; visibility: visible; display: block; }
  html[data-print-layout="thermal80"] .bahi-thermal[data-width="58"],
  html[data-print-layout="thermal58"] .bahi-thermal[data-width="80"] { display: none !important; }
  .bahi-a4 { box-shadow: none !important; border: 0 !important; padding: 0 !important; max-width: none !important; }
  .bahi-a4 tr { break-inside: avoid; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
`;

/** The print rules, once per page that can print. */
export function PrintStyles() {
  return <style>{PRINT_CSS}</style>;
}

const PX_TO_MM = 25.4 / 96;

/** The @page rule of a layout: A4, or a receipt as long as its content (one page of roll paper). */
export function pageRule(layout: PdfLayout, receiptHeightPx = 0): string {
  if (layout === 'a4') return '@page { size: A4; margin: 10mm; }';
  const width = layout === 'thermal80' ? 80 : 58;
  const height = Math.max(60, Math.ceil(receiptHeightPx * PX_TO_MM) + 8);
  return `@page { size: ${width}mm ${height}mm; margin: 3mm 4mm; }`;
}

/** Prints the document on the page in one layout; the page goes back to normal after the print dialog. */
export function printDocument(layout: PdfLayout) {
  const root = document.documentElement;
  const receipt = document.querySelector<HTMLElement>(`.bahi-thermal[data-width="${layout === 'thermal58' ? 58 : 80}"]`);
  const style = document.createElement('style');
  style.textContent = pageRule(layout, receipt?.offsetHeight ?? 0);
  document.head.appendChild(style);
  root.dataset.printLayout = layout;
  const done = () => {
    style.remove();
    delete root.dataset.printLayout;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}
