import { amount, displayDate, dueLabel, isQuotation, isTaxed, isZero, numberLabel, placeOfSupply, quantity, rupees, stateWithCode, taxHeads } from '../pdf/format';
import type { PrintableDocument } from '../pdf/types';

/**
 * The public page of a shared invoice or quotation: plain HTML and inline styles, no script and no request
 * anywhere (images are data URLs), so its Content-Security-Policy can refuse everything else.
 */
export const SHARE_PAGE_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const e = escapeHtml;

/** The profile's images are PNG or JPEG (checked on upload): a PNG starts with 0x89. */
const dataUrl = (bytes: Buffer) => `data:${bytes[0] === 0x89 ? 'image/png' : 'image/jpeg'};base64,${bytes.toString('base64')}`;

const STYLE = `
body{margin:0;background:#f3f4f6;color:#1f1f1f;font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif}
main{max-width:860px;margin:16px auto;background:#fff;border:1px solid #ddd;padding:24px}
h1{font-size:18px;margin:0 0 4px;letter-spacing:1px}
header{display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap;border-bottom:2px solid #1f1f1f;padding-bottom:12px}
.seller{display:flex;gap:12px}.seller img{max-width:96px;max-height:72px;object-fit:contain}
.name{font-size:20px;font-weight:700}.muted{color:#666}.right{text-align:right}
table{width:100%;border-collapse:collapse;margin-top:12px}th,td{padding:6px;border-bottom:1px solid #eee;text-align:left;vertical-align:top}
th{background:#f5f7fa;font-size:12px}.num{text-align:right;white-space:nowrap;font-variant-numeric:tabular-nums}
.totals{width:auto;margin-left:auto;min-width:280px}.totals td{border:0;padding:3px 8px}.grand td{font-weight:700;font-size:16px;border-top:2px solid #1f1f1f}
.pay{display:flex;gap:20px;align-items:center;flex-wrap:wrap;margin-top:20px;padding:16px;border:1px solid #b7eb8f;background:#f6ffed}
.pay img{width:180px;height:180px;image-rendering:pixelated}
.button{display:inline-block;padding:10px 20px;border-radius:6px;background:#0b5394;color:#fff;text-decoration:none;font-weight:600}
.links{margin-top:16px}.links a{color:#0b5394}
.cancelled{color:#cf1322;font-weight:700}
footer{margin-top:24px;display:flex;justify-content:space-between;gap:16px;flex-wrap:wrap}
.sign{text-align:center;min-width:200px}.sign img{max-width:180px;max-height:54px;display:block;margin:4px auto}
@media print{.pay,.links{display:none}body{background:#fff}main{border:0;margin:0}}
`;

function shell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-IN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
<title>${e(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

/** What the page shows besides the document: its UPI QR and intent, and where its PDF is. */
export interface SharePageExtras {
  upi: { uri: string; png: string } | null;
  pdfUrl: string;
}

/** The shared document as a page: the seller, the customer, the lines, the totals and what is due. */
export function renderSharePage(doc: PrintableDocument, extras: SharePageExtras): string {
  const { seller, buyer } = doc;
  const heads = isTaxed(doc) ? taxHeads(doc) : [];
  const quotation = isQuotation(doc);
  const lines = doc.lines
    .map(
      (l) => `<tr><td>${l.no}</td><td>${e(l.name)}${l.description ? `<div class="muted">${e(l.description)}</div>` : ''}</td><td>${e(l.hsnSac ?? '')}</td>` +
        `<td class="num">${e(quantity(l.quantity, l.unit))}</td><td class="num">${e(amount(l.rate))}</td><td class="num">${e(amount(l.taxableValue))}</td>` +
        heads.map((h) => `<td class="num">${e(amount(l[h.key]))}</td>`).join('') +
        `<td class="num">${e(amount(l.total))}</td></tr>`,
    )
    .join('\n');
  const t = doc.totals;
  const totals: Array<[string, string, string?]> = [['Taxable value', rupees(t.taxableValue)]];
  for (const h of heads) totals.push([h.label, rupees(t[h.key])]);
  if (!isZero(t.cess)) totals.push(['Cess', rupees(t.cess)]);
  if (!isZero(t.roundOff)) totals.push(['Round off', rupees(t.roundOff)]);
  totals.push(['Grand total', rupees(t.grandTotal), 'grand']);
  if (!quotation && doc.received != null) totals.push(['Received', rupees(doc.received)]);
  if (!quotation && doc.balance != null) totals.push(['Balance due', rupees(doc.balance), 'grand']);
  const details: Array<[string, string]> = [
    [numberLabel(doc), doc.number],
    ['Date', displayDate(doc.date)],
    ...(doc.dueDate ? [[dueLabel(doc), displayDate(doc.dueDate)] as [string, string]] : []),
    ['Place of supply', placeOfSupply(doc.placeOfSupply)],
  ];
  const pay = extras.upi && doc.balance
    ? `<section class="pay" aria-label="Pay by UPI">
<img src="${e(extras.upi.png)}" alt="UPI QR code to pay ${e(rupees(doc.balance))}">
<div><div><strong>Pay ${e(rupees(doc.balance))} by UPI</strong></div><div class="muted">Scan the code with any UPI app, or on this phone:</div>
<p><a class="button" href="${e(extras.upi.uri)}">Pay ${e(rupees(doc.balance))}</a></p></div>
</section>`
    : '';
  const body = `<main>
<header>
<div class="seller">${seller.logo ? `<img src="${dataUrl(seller.logo)}" alt="">` : ''}<div>
<div class="name">${e(seller.name)}</div>
${seller.tradeName ? `<div>${e(seller.tradeName)}</div>` : ''}
${seller.address.map((a) => `<div>${e(a)}</div>`).join('')}
${seller.stateCode ? `<div>State: ${e(stateWithCode(seller.stateCode))}</div>` : ''}
${seller.gstin ? `<div>GSTIN: <strong>${e(seller.gstin)}</strong></div>` : ''}
${[seller.phone && `Phone ${seller.phone}`, seller.email].filter(Boolean).map((c) => `<div>${e(String(c))}</div>`).join('')}
</div></div>
<div class="right"><h1>${e(doc.title.toUpperCase())}</h1>
${doc.status === 'CANCELLED' ? '<div class="cancelled">CANCELLED</div>' : ''}
<table class="totals" aria-label="Details"><tbody>${details.map(([k, v]) => `<tr><td class="muted">${e(k)}</td><td class="num"><strong>${e(v)}</strong></td></tr>`).join('')}</tbody></table>
</div>
</header>
<section aria-label="Bill to"><p><span class="muted">${quotation ? 'Quotation for' : 'Bill to'}</span><br><strong>${e(buyer.name)}</strong>
${buyer.billingAddress.map((a) => `<br>${e(a)}`).join('')}${buyer.gstin ? `<br>GSTIN: ${e(buyer.gstin)}` : ''}</p></section>
<table aria-label="Lines"><thead><tr><th>#</th><th>Item</th><th>HSN/SAC</th><th class="num">Qty</th><th class="num">Rate</th><th class="num">Taxable</th>${heads.map((h) => `<th class="num">${e(h.label)}</th>`).join('')}<th class="num">Amount</th></tr></thead>
<tbody>
${lines}
</tbody></table>
<table class="totals" aria-label="Totals"><tbody>
${totals.map(([k, v, cls]) => `<tr${cls ? ` class="${cls}"` : ''}><td>${e(k)}</td><td class="num">${e(v)}</td></tr>`).join('\n')}
</tbody></table>
<p><span class="muted">Amount in words:</span> <strong>${e(t.amountInWords)}</strong></p>
${pay}
<footer>
<div>${doc.notes ? `<p><strong>Notes:</strong> ${e(doc.notes)}</p>` : ''}${doc.terms ? `<p><strong>Terms:</strong> ${e(doc.terms)}</p>` : ''}${doc.bankDetails?.length ? `<p><strong>Bank details</strong><br>${doc.bankDetails.map(e).join('<br>')}</p>` : ''}</div>
<div class="sign"><strong>For ${e(seller.name)}</strong>${seller.signature ? `<img src="${dataUrl(seller.signature)}" alt="">` : '<div style="height:40px"></div>'}<div class="muted">Authorised signatory</div></div>
</footer>
<p class="links"><a href="${e(extras.pdfUrl)}">Download PDF</a></p>
</main>`;
  return shell(`${doc.title} ${doc.number} · ${seller.name}`, body);
}

/** The page of a link that does not open (never was, expired, revoked): it says no more than that. */
export function renderShareNotFound(): string {
  return shell(
    'Link not available',
    `<main><h1>This link is not available</h1><p>It may have expired or been withdrawn. Please ask the sender for a new link.</p></main>`,
  );
}
