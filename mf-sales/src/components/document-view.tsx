import type { CSSProperties, ReactNode } from 'react';
import { COMPOSITION_DECLARATION, SALE_NOTE_REASON_LABELS, ewayBillLine, formatRupees, type BusinessProfile, type DocumentAddress, type Quotation, type SaleInvoice, type SaleNote } from '@bahi/shared';
import { addressLine, formatDate, formatQuantity, placeOfSupplyLabel } from '@bahi/shared/ui';
import { EInvoiceBlock } from './einvoice-block';

/** A zero-rated invoice's Rule 46 declaration, with the LUT it goes under (without payment of IGST). */
function exportDeclarationOf(doc: { kind: string } & Partial<Pick<SaleInvoice, 'exportDeclaration' | 'lutNumber'>>): string | null {
  if (doc.kind !== 'invoice' || !doc.exportDeclaration) return null;
  return doc.lutNumber ? `${doc.exportDeclaration} (LUT ${doc.lutNumber})` : doc.exportDeclaration;
}

export type SalesDocument = ({ kind: 'invoice' } & SaleInvoice) | ({ kind: 'quotation' } & Quotation) | ({ kind: 'note' } & SaleNote);

/** TAX INVOICE or BILL OF SUPPLY as the invoice answers it; CREDIT NOTE or DEBIT NOTE; QUOTATION. */
const titleOf = (doc: SalesDocument) => (doc.kind === 'quotation' ? 'QUOTATION' : doc.documentTitle);
/** A bill of supply carries no tax: no rate, no tax columns, no tax totals. */
const isTaxed = (doc: SalesDocument) => !(doc.kind === 'invoice' && doc.documentTitle === 'BILL OF SUPPLY');

/** The document's number and date. */
export const numberOf = (doc: SalesDocument) =>
  doc.kind === 'invoice' ? doc.invoiceNumber : doc.kind === 'note' ? doc.noteNumber : doc.quotationNumber;
const dateOf = (doc: SalesDocument) => (doc.kind === 'invoice' ? doc.invoiceDate : doc.kind === 'note' ? doc.noteDate : doc.quotationDate);
const reasonLabel = (reason: string) => SALE_NOTE_REASON_LABELS[reason as keyof typeof SALE_NOTE_REASON_LABELS] ?? reason;

const ink = '#1f1f1f';
const muted = '#666';
const rule = '1px solid #d9d9d9';
const th: CSSProperties = { padding: '6px 6px', borderBottom: rule, borderTop: rule, background: '#f5f7fa', fontWeight: 600, textAlign: 'left', fontSize: 11, whiteSpace: 'nowrap' };
const td: CSSProperties = { padding: '6px 6px', borderBottom: '1px solid #f0f0f0', verticalAlign: 'top', fontSize: 12 };
const num: CSSProperties = { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };
const amount = (v: string) => formatRupees(v).replace('₹', '');

function Address({ title, name, gstin, address, mobile }: { title: string; name?: string; gstin?: string | null; address: DocumentAddress | null; mobile?: string | null }) {
  const line = addressLine(address);
  return (
    <div style={{ flex: 1, minWidth: 0 }}>
      <div style={{ fontSize: 11, color: muted, textTransform: 'uppercase', letterSpacing: 0.5 }}>{title}</div>
      {name ? <div style={{ fontWeight: 600 }}>{name}</div> : null}
      {line ? <div>{line}</div> : null}
      {address?.stateCode ? <div>State: {placeOfSupplyLabel(address.stateCode, address.state)}</div> : null}
      {gstin ? <div>GSTIN: <span style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>{gstin}</span></div> : null}
      {mobile ? <div>Mobile: {mobile}</div> : null}
      {!name && !line ? <div style={{ color: muted }}>-</div> : null}
    </div>
  );
}

function TotalRow({ label, value, strong }: { label: ReactNode; value: string; strong?: boolean }) {
  return (
    <tr>
      <td style={{ padding: '3px 8px', color: strong ? ink : muted, fontWeight: strong ? 700 : 400, fontSize: strong ? 15 : 12 }}>{label}</td>
      <td style={{ padding: '3px 8px', ...num, fontWeight: strong ? 700 : 400, fontSize: strong ? 15 : 12 }}>{value}</td>
    </tr>
  );
}

/** The tax columns' headers of the lines and the HSN summary: IGST, or CGST and SGST (UTGST); Cess when charged. */
function TaxHeaders({ inter, sgst, hasCess }: { inter: boolean; sgst: string; hasCess: boolean }) {
  return (
    <>
      {inter ? (
        <th style={{ ...th, ...num }}>IGST</th>
      ) : (
        <>
          <th style={{ ...th, ...num }}>CGST</th>
          <th style={{ ...th, ...num }}>{sgst}</th>
        </>
      )}
      {hasCess ? <th style={{ ...th, ...num }}>Cess</th> : null}
    </>
  );
}

/** The document as the customer gets it, A4: the same on screen and on paper (print CSS keeps only this). */
export function DocumentView({ doc, profile = null }: { doc: SalesDocument; profile?: BusinessProfile | null }) {
  const taxed = isTaxed(doc);
  const inter = doc.supplyType === 'INTER';
  const hasCess = Number(doc.totals.cess) > 0;
  const sgst = doc.sgstLabel;
  const number = numberOf(doc);
  const meta: [string, string][] =
    doc.kind === 'invoice'
      ? [
          ['Invoice no.', number],
          ['Invoice date', formatDate(doc.invoiceDate)],
          ['Due date', formatDate(doc.dueDate)],
        ]
      : doc.kind === 'note'
        ? [
            ['Note no.', number],
            ['Note date', formatDate(doc.noteDate)],
            ['Original invoice', doc.invoice.invoiceNumber],
            ['Invoice date', formatDate(doc.invoice.invoiceDate)],
            ['Reason', reasonLabel(doc.reason)],
          ]
        : [
          ['Quotation no.', number],
          ['Date', formatDate(doc.quotationDate)],
          ['Valid until', formatDate(doc.validUntil)],
        ];
  meta.push(['Place of supply', placeOfSupplyLabel(doc.placeOfSupply, doc.placeOfSupplyName)]);
  if (doc.kind === 'invoice' && doc.shippingBill) {
    const bill = doc.shippingBill;
    meta.push(['Shipping bill', [bill.number, bill.date && formatDate(bill.date), bill.portCode].filter(Boolean).join(' · ') || 'Not yet known']);
  }
  const branch = doc.branch;
  const party = doc.party;
  const shipping = party?.shippingAddress ?? party?.billingAddress ?? null;
  const cancelled = doc.cancelledAt !== null || doc.status === 'CANCELLED';
  // The business profile, once saved, names the seller and adds its logo, trade name, signature, bank and terms.
  const sellerName = profile?.updatedAt ? profile.legalName : branch.businessName;
  // As the PDF prints it: the branch's own address, else (a branch that names only its state) the profile's.
  const branchPlace = branch.address.street || branch.address.city || branch.address.pin ? addressLine(branch.address) : '';
  const sellerAddress =
    branchPlace || addressLine(profile?.address ? { ...profile.address, state: null } : null) || addressLine(branch.address);
  const terms = doc.terms ?? profile?.terms ?? null;
  const bank = profile?.bankAccount;
  const bankLines = [bank && `Bank: ${bank.bankName ?? bank.displayName}`, bank?.accountNumber && `A/c No.: ${bank.accountNumber}`, bank?.ifsc && `IFSC: ${bank.ifsc}`, profile?.upiId && `UPI: ${profile.upiId}`].filter(Boolean);

  return (
    <article
      className="bahi-a4"
      aria-label={
        doc.kind === 'invoice'
          ? doc.documentTitle === 'BILL OF SUPPLY'
            ? 'Bill of supply'
            : 'Tax invoice'
          : doc.kind === 'note'
            ? doc.noteType === 'CREDIT'
              ? 'Credit note'
              : 'Debit note'
            : 'Quotation'
      }
      style={{ position: 'relative', background: '#fff', color: ink, maxWidth: 880, margin: '0 auto', padding: 32, border: rule, boxShadow: '0 1px 4px rgba(0,0,0,0.06)', fontSize: 12, lineHeight: 1.5 }}
    >
      {cancelled ? (
        <div
          aria-label="Cancelled"
          style={{ position: 'absolute', top: 180, left: '50%', transform: 'translateX(-50%) rotate(-18deg)', border: '4px solid #cf1322', color: '#cf1322', fontSize: 56, fontWeight: 800, letterSpacing: 8, padding: '4px 24px', opacity: 0.35, pointerEvents: 'none' }}
        >
          CANCELLED
        </div>
      ) : null}
      <header style={{ display: 'flex', justifyContent: 'space-between', gap: 24, borderBottom: `2px solid ${ink}`, paddingBottom: 12 }}>
        <div style={{ display: 'flex', gap: 12 }}>
          {profile?.logoUrl ? <img src={profile.logoUrl} alt="Logo" style={{ maxWidth: 120, maxHeight: 64, objectFit: 'contain' }} /> : null}
          <div>
          <div style={{ fontSize: 20, fontWeight: 700 }}>{sellerName}</div>
          {profile?.tradeName && profile.tradeName !== sellerName ? <div>{profile.tradeName}</div> : null}
          <div>
            {branch.name}
            {sellerAddress ? ` · ${sellerAddress}` : ''}
          </div>
          {branch.gstin ? (
            <div>
              GSTIN: <strong style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>{branch.gstin}</strong>
            </div>
          ) : null}
          {[(branch.phone ?? profile?.phone) && `Phone ${branch.phone ?? profile?.phone}`, branch.email ?? profile?.email].filter(Boolean).join(' · ') || null}
          </div>
        </div>
        <div style={{ textAlign: 'right' }}>
          <div style={{ fontSize: 18, fontWeight: 700, letterSpacing: 1 }}>{titleOf(doc)}</div>
          {doc.branch.registrationType === 'COMPOSITION' ? <div style={{ fontWeight: 600 }}>{COMPOSITION_DECLARATION}</div> : null}
          {exportDeclarationOf(doc) ? <div style={{ fontWeight: 600, maxWidth: 360, marginLeft: 'auto' }}>{exportDeclarationOf(doc)}</div> : null}
          <table style={{ marginLeft: 'auto', marginTop: 4, borderCollapse: 'collapse' }}>
            <tbody>
              {meta.map(([k, v]) => (
                <tr key={k}>
                  <td style={{ color: muted, paddingRight: 8, textAlign: 'right' }}>{k}</td>
                  <td style={{ fontWeight: 600, textAlign: 'right' }}>{v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </header>

      {doc.kind !== 'quotation' ? <EInvoiceBlock einvoice={doc.einvoice} /> : null}
      {doc.kind === 'invoice' && ewayBillLine(doc.ewayBill) ? (
        <div aria-label="e-Way bill" style={{ padding: '6px 0', borderBottom: rule, fontWeight: 600 }}>
          {ewayBillLine(doc.ewayBill)}
        </div>
      ) : null}
      <section style={{ display: 'flex', gap: 24, padding: '12px 0', borderBottom: rule }}>
        <Address title="Bill to" name={party?.name ?? 'Walk-in customer'} gstin={party?.gstin} address={party?.billingAddress ?? null} mobile={party?.mobileNumber} />
        <Address title="Ship to" address={shipping} />
      </section>

      <table style={{ width: '100%', borderCollapse: 'collapse', marginTop: 12 }} aria-label="Lines">
        <thead>
          <tr>
            <th style={th}>#</th>
            <th style={th}>Item</th>
            <th style={th}>HSN/SAC</th>
            <th style={{ ...th, ...num }}>Qty</th>
            <th style={{ ...th, ...num }}>Rate</th>
            <th style={{ ...th, ...num }}>Disc.</th>
            <th style={{ ...th, ...num }}>Taxable</th>
            {taxed ? <TaxHeaders inter={inter} sgst={sgst} hasCess={hasCess} /> : null}
            <th style={{ ...th, ...num }}>Total</th>
          </tr>
        </thead>
        <tbody>
          {doc.lines.map((l) => {
            const half = Number(l.gstRate) / 2;
            return (
              <tr key={l.lineNo}>
                <td style={td}>{l.lineNo}</td>
                <td style={td}>
                  <div style={{ fontWeight: 500 }}>{l.itemName}</div>
                  {l.description ? <div style={{ color: muted }}>{l.description}</div> : null}
                  {l.serialNos.length ? <div style={{ color: muted }}>S/N: {l.serialNos.join(', ')}</div> : null}
                  {l.priceIncludesTax ? <div style={{ color: muted, fontSize: 11 }}>Rate includes tax</div> : null}
                </td>
                <td style={td}>{l.hsnSac ?? '-'}</td>
                <td style={{ ...td, ...num }}>
                  {formatQuantity(l.quantity)} {l.unit ?? ''}
                </td>
                <td style={{ ...td, ...num }}>{amount(l.unitPrice)}</td>
                <td style={{ ...td, ...num }}>{Number(l.discount) > 0 ? amount(l.discount) : '-'}</td>
                <td style={{ ...td, ...num }}>{amount(l.taxableValue)}</td>
                {!taxed ? null : inter ? (
                  <td style={{ ...td, ...num }}>
                    {amount(l.igst)}
                    <div style={{ color: muted, fontSize: 10 }}>@{l.gstRate}%</div>
                  </td>
                ) : (
                  <>
                    <td style={{ ...td, ...num }}>
                      {amount(l.cgst)}
                      <div style={{ color: muted, fontSize: 10 }}>@{half}%</div>
                    </td>
                    <td style={{ ...td, ...num }}>
                      {amount(l.sgst)}
                      <div style={{ color: muted, fontSize: 10 }}>@{half}%</div>
                    </td>
                  </>
                )}
                {taxed && hasCess ? <td style={{ ...td, ...num }}>{amount(l.cess)}</td> : null}
                <td style={{ ...td, ...num, fontWeight: 600 }}>{amount(l.total)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <section style={{ display: 'flex', gap: 24, marginTop: 16, alignItems: 'flex-start' }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          {profile?.print.showHsnSummary === false ? null : (
            <>
          <div style={{ fontSize: 11, color: muted, textTransform: 'uppercase', letterSpacing: 0.5, marginBottom: 4 }}>HSN/SAC summary</div>
          <table style={{ width: '100%', borderCollapse: 'collapse' }} aria-label="HSN summary">
            <thead>
              <tr>
                <th style={th}>HSN/SAC</th>
                {taxed ? <th style={{ ...th, ...num }}>Rate</th> : null}
                <th style={{ ...th, ...num }}>Qty</th>
                <th style={{ ...th, ...num }}>Taxable</th>
                {taxed ? <TaxHeaders inter={inter} sgst={sgst} hasCess={hasCess} /> : null}
              </tr>
            </thead>
            <tbody>
              {doc.hsnSummary.map((h) => (
                <tr key={`${h.hsnSac}|${h.gstRate}|${h.unit}`}>
                  <td style={td}>{h.hsnSac || '-'}</td>
                  {taxed ? <td style={{ ...td, ...num }}>{h.gstRate}%</td> : null}
                  <td style={{ ...td, ...num }}>
                    {formatQuantity(h.quantity)} {h.unit ?? ''}
                  </td>
                  <td style={{ ...td, ...num }}>{amount(h.taxableValue)}</td>
                  {!taxed ? null : inter ? (
                    <td style={{ ...td, ...num }}>{amount(h.igst)}</td>
                  ) : (
                    <>
                      <td style={{ ...td, ...num }}>{amount(h.cgst)}</td>
                      <td style={{ ...td, ...num }}>{amount(h.sgst)}</td>
                    </>
                  )}
                  {taxed && hasCess ? <td style={{ ...td, ...num }}>{amount(h.cess)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
            </>
          )}
          <div style={{ marginTop: 12 }}>
            <span style={{ color: muted }}>Amount in words: </span>
            <strong>{doc.totals.amountInWords}</strong>
          </div>
        </div>
        <table style={{ width: 300, borderCollapse: 'collapse' }} aria-label="Totals">
          <tbody>
            {Number(doc.totals.discount) > 0 ? <TotalRow label="Discount" value={formatRupees(doc.totals.discount)} /> : null}
            <TotalRow label="Taxable value" value={formatRupees(doc.totals.taxableValue)} />
            {!taxed ? null : inter ? (
              <TotalRow label="IGST" value={formatRupees(doc.totals.igst)} />
            ) : (
              <>
                <TotalRow label="CGST" value={formatRupees(doc.totals.cgst)} />
                <TotalRow label={sgst} value={formatRupees(doc.totals.sgst)} />
              </>
            )}
            {taxed && hasCess ? <TotalRow label="Cess" value={formatRupees(doc.totals.cess)} /> : null}
            <TotalRow label="Round off" value={formatRupees(doc.totals.roundOff)} />
            <tr>
              <td colSpan={2} style={{ borderTop: `2px solid ${ink}` }} />
            </tr>
            <TotalRow label="Grand total" value={formatRupees(doc.totals.grandTotal)} strong />
            {doc.kind === 'invoice' ? (
              <>
                <TotalRow label="Received" value={formatRupees(doc.received)} />
                <TotalRow label="Balance" value={formatRupees(doc.balance)} strong />
              </>
            ) : null}
            {doc.kind === 'note' && doc.noteType === 'CREDIT' ? (
              <>
                <TotalRow label="Refunded" value={formatRupees(doc.refunded)} />
                <TotalRow label="Adjusted against dues" value={formatRupees(doc.adjusted)} />
              </>
            ) : null}
          </tbody>
        </table>
      </section>

      <footer style={{ display: 'flex', gap: 24, marginTop: 24, alignItems: 'flex-end' }}>
        <div style={{ flex: 1, minWidth: 0, whiteSpace: 'pre-wrap' }}>
          {doc.notes ? (
            <div>
              <strong>Notes: </strong>
              {doc.notes}
            </div>
          ) : null}
          {terms ? (
            <div>
              <strong>Terms: </strong>
              {terms}
            </div>
          ) : null}
          {bankLines.length && doc.kind !== 'note' ? (
            <div aria-label="Bank details">
              <strong>Bank details: </strong>
              {bankLines.join(' · ')}
            </div>
          ) : null}
          {cancelled && doc.cancelReason ? (
            <div style={{ color: '#cf1322' }}>
              <strong>Cancelled: </strong>
              {doc.cancelReason}
            </div>
          ) : null}
        </div>
        <div style={{ textAlign: 'center', minWidth: 200 }}>
          <div style={{ fontWeight: 600 }}>For {sellerName}</div>
          {profile?.signatureUrl ? (
            <img src={profile.signatureUrl} alt="Signature" style={{ display: 'block', margin: '4px auto', maxWidth: 180, maxHeight: 48, objectFit: 'contain' }} />
          ) : (
            <div style={{ height: 40 }} />
          )}
          <div style={{ borderTop: rule, color: muted }}>Authorised signatory</div>
        </div>
      </footer>
    </article>
  );
}

/** The same document as a till receipt (80 mm or 58 mm roll): only on paper. */
export function ThermalReceipt({ doc, width }: { doc: SalesDocument; width: 80 | 58 }) {
  const number = numberOf(doc);
  const date = dateOf(doc);
  const inter = doc.supplyType === 'INTER';
  const taxed = isTaxed(doc);
  const small: CSSProperties = { fontSize: width === 80 ? 11 : 9 };
  const line = { borderTop: '1px dashed #000', margin: '4px 0' };
  const row = (label: string, value: string, strong = false) => (
    <div key={label} style={{ display: 'flex', justifyContent: 'space-between', fontWeight: strong ? 700 : 400 }}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
  return (
    <div className="bahi-thermal" data-width={width} aria-hidden style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace', color: '#000', ...small, lineHeight: 1.35 }}>
      <div style={{ textAlign: 'center' }}>
        <div style={{ fontWeight: 700, fontSize: width === 80 ? 14 : 12 }}>{doc.branch.businessName}</div>
        <div>{addressLine(doc.branch.address)}</div>
        {doc.branch.gstin ? <div>GSTIN {doc.branch.gstin}</div> : null}
        <div style={{ fontWeight: 700, marginTop: 2 }}>{titleOf(doc)}</div>
        {doc.branch.registrationType === 'COMPOSITION' ? <div>{COMPOSITION_DECLARATION}</div> : null}
        {exportDeclarationOf(doc) ? <div>{exportDeclarationOf(doc)}</div> : null}
      </div>
      <div style={line} />
      {row('No.', number)}
      {row('Date', formatDate(date))}
      {doc.kind === 'note' ? row('Against', `${doc.invoice.invoiceNumber} of ${formatDate(doc.invoice.invoiceDate)}`) : null}
      {doc.party ? row('To', doc.party.name) : null}
      {doc.party?.gstin ? row('GSTIN', doc.party.gstin) : null}
      {row('POS', placeOfSupplyLabel(doc.placeOfSupply, doc.placeOfSupplyName))}
      <div style={line} />
      {doc.lines.map((l) => (
        <div key={l.lineNo}>
          <div>{l.itemName}</div>
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <span>
              {formatQuantity(l.quantity)} x {amount(l.unitPrice)}
              {taxed ? ` @${l.gstRate}%` : ''}
            </span>
            <span>{amount(l.total)}</span>
          </div>
        </div>
      ))}
      <div style={line} />
      {row('Taxable', amount(doc.totals.taxableValue))}
      {!taxed ? null : inter ? row('IGST', amount(doc.totals.igst)) : [row('CGST', amount(doc.totals.cgst)), row(doc.sgstLabel, amount(doc.totals.sgst))]}
      {taxed && Number(doc.totals.cess) > 0 ? row('Cess', amount(doc.totals.cess)) : null}
      {row('Round off', amount(doc.totals.roundOff))}
      {row('TOTAL', formatRupees(doc.totals.grandTotal), true)}
      {doc.kind === 'invoice' ? [row('Received', amount(doc.received)), row('Balance', amount(doc.balance), true)] : null}
      {doc.kind === 'note' && Number(doc.refunded) > 0 ? row('Refunded', amount(doc.refunded)) : null}
      <div style={line} />
      {doc.kind !== 'quotation' && doc.einvoice.irn ? (
        <>
          <EInvoiceBlock einvoice={doc.einvoice} compact />
          <div style={line} />
        </>
      ) : null}
      {doc.kind === 'invoice' && ewayBillLine(doc.ewayBill) ? (
        <>
          <div>{ewayBillLine(doc.ewayBill)}</div>
          <div style={line} />
        </>
      ) : null}
      <div style={{ textAlign: 'center' }}>{doc.totals.amountInWords}</div>
      <div style={{ textAlign: 'center', marginTop: 4 }}>Thank you!</div>
    </div>
  );
}
