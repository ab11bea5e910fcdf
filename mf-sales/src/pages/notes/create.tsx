import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert } from 'antd';
import {
  CREDIT_NOTE_REASONS,
  DEBIT_NOTE_REASONS,
  SALE_NOTE_REASON_LABELS,
  formatRupees,
  revalidateArea,
  saleNoteApi,
  toPaise,
  type CreditNoteReason,
  type DebitNoteReason,
  type SaleInvoice,
  type SaleNoteType,
} from '@bahi/shared';
import { ErrorState, LoadingState, NoteForm, PageHeader, RecordLoader, formatDate, linesLeft, noteSourceLines, type IssuedNoteLine, type NoteFormValues, type NoteReasonOption } from '@bahi/shared/ui';
import { NOTE_NOUN, NOTE_SLUG, useInvoiceNotes } from '../../components/notes-data';
import { useSaleInvoice } from '../../components/sales-data';

/** A sales return takes goods back by quantity; every other reason is a price-only note by taxable value. */
export const CREDIT_REASONS: NoteReasonOption[] = CREDIT_NOTE_REASONS.map((r) => ({
  value: r,
  label: SALE_NOTE_REASON_LABELS[r],
  basis: r === 'SALES_RETURN' ? 'RETURN' : 'PRICE',
}));
export const DEBIT_REASONS: NoteReasonOption[] = DEBIT_NOTE_REASONS.map((r) => ({ value: r, label: SALE_NOTE_REASON_LABELS[r], basis: 'PRICE' }));

/** The form of a credit or debit note on `invoice`, given what its issued notes took off each line already. */
export function SaleNoteForm({ type, invoice, issued }: { type: SaleNoteType; invoice: SaleInvoice; issued: IssuedNoteLine[] }) {
  const navigate = useNavigate();
  const lefts = useMemo(() => linesLeft(noteSourceLines(invoice.lines), issued), [invoice, issued]);
  const noun = NOTE_NOUN[type];
  const credit = type === 'CREDIT';
  const party = invoice.party?.name ?? 'Walk-in customer';
  const back = `/sales/invoice/${invoice.id}`;

  const submit = async (v: NoteFormValues, opts: { idempotencyKey: string }) => {
    const saved = credit
      ? await saleNoteApi.createCreditNote(
          {
            invoiceId: invoice.id,
            noteDate: v.noteDate,
            reason: v.reason as CreditNoteReason,
            lines: v.lines.map(({ lineNo, ...rest }) => ({ invoiceLineNo: lineNo, ...rest })),
            restock: v.restock,
            refund: v.refund,
            notes: v.notes,
          },
          opts,
        )
      : await saleNoteApi.createDebitNote(
          {
            invoiceId: invoice.id,
            noteDate: v.noteDate,
            reason: v.reason as DebitNoteReason,
            lines: v.lines.map((l) => ({ invoiceLineNo: l.lineNo, taxableValue: l.taxableValue! })),
            notes: v.notes,
          },
          opts,
        );
    void revalidateArea('sales', 'items', 'accounts', 'parties', 'reports');
    return saved;
  };

  return (
    <NoteForm
      noun={noun}
      title={credit ? `Return / credit note · ${invoice.invoiceNumber}` : `Debit note · ${invoice.invoiceNumber}`}
      back={back}
      subtitle={`${party} · invoice of ${formatDate(invoice.invoiceDate)} · ${formatRupees(invoice.totals.grandTotal)}`}
      lefts={lefts}
      rules={{ direction: credit ? 'DOWN' : 'UP', taxMethod: 'TAX_ON_VALUE', supplyType: invoice.supplyType }}
      sgstLabel={invoice.sgstLabel}
      roundOff={invoice.roundOff}
      reasons={credit ? CREDIT_REASONS : DEBIT_REASONS}
      minDate={invoice.invoiceDate}
      restock={credit}
      refund={
        credit
          ? {
              title: `Refund paid to ${party} now`,
              max: toPaise(invoice.received),
              maxReason: `At most what the invoice received, ${formatRupees(invoice.received)}`,
            }
          : undefined
      }
      settlementText={
        credit
          ? `Without a refund the note lowers what ${party} owes: it settles this invoice, then their other open invoices oldest first; anything left is their advance.`
          : undefined
      }
      submit={submit}
      onSaved={(saved) => navigate(`/sales/${NOTE_SLUG[type]}/${saved.id}`)}
      onCancel={() => navigate(back)}
    />
  );
}

function Loaded({ type, invoice }: { type: SaleNoteType; invoice: SaleInvoice }) {
  const notes = useInvoiceNotes(invoice.id);
  const back = `/sales/invoice/${invoice.id}`;
  if (invoice.status === 'CANCELLED') {
    return (
      <>
        <PageHeader title={`${NOTE_NOUN[type]} · ${invoice.invoiceNumber}`} back={back} />
        <Alert type="warning" showIcon title={`Invoice ${invoice.invoiceNumber} is cancelled`} description="A cancelled invoice takes no credit or debit note." />
      </>
    );
  }
  if (notes.error && !notes.data) return <ErrorState title="Could not load the invoice’s notes" onRetry={() => void notes.mutate()} />;
  if (!notes.data) return <LoadingState label="Loading the invoice..." />;
  return <SaleNoteForm type={type} invoice={invoice} issued={notes.data.issued} />;
}

/** /sales/invoice/:id/credit-note and /debit-note: a note prefilled from the invoice. */
export function SaleNoteCreatePage({ type }: { type: SaleNoteType }) {
  const { id } = useParams();
  const invoice = useSaleInvoice(id);
  return (
    <RecordLoader noun="invoice" back="/sales" result={invoice}>
      {(data) => <Loaded type={type} invoice={data} />}
    </RecordLoader>
  );
}
