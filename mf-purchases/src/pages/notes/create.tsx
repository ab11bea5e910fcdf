import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Alert } from 'antd';
import {
  PURCHASE_NOTE_REASONS,
  PURCHASE_NOTE_REASON_LABELS,
  formatRupees,
  purchaseNoteApi,
  revalidateArea,
  toPaise,
  type PurchaseInvoice,
  type PurchaseNoteReason,
} from '@bahi/shared';
import {
  ErrorState,
  LoadingState,
  NoteForm,
  PageHeader,
  RecordLoader,
  formatDate,
  linesLeft,
  noteSourceLines,
  type IssuedNoteLine,
  type NoteFormValues,
  type NoteReasonOption,
} from '@bahi/shared/ui';
import { useBillNotes } from '../../components/notes-data';
import { usePurchaseInvoice } from '../../components/purchase-data';

/** Goods returned go back by quantity; every other reason is a price-only note by taxable value. */
export const PURCHASE_REASONS: NoteReasonOption[] = PURCHASE_NOTE_REASONS.map((r) => ({
  value: r,
  label: PURCHASE_NOTE_REASON_LABELS[r],
  basis: r === 'PURCHASE_RETURN' ? 'RETURN' : 'PRICE',
}));

export function PurchaseNoteForm({ bill, issued }: { bill: PurchaseInvoice; issued: IssuedNoteLine[] }) {
  const navigate = useNavigate();
  const lefts = useMemo(() => linesLeft(noteSourceLines(bill.lines), issued), [bill, issued]);
  const back = `/purchases/invoice/${bill.id}`;
  const submit = async (v: NoteFormValues, opts: { idempotencyKey: string }) => {
    const saved = await purchaseNoteApi.create(
      {
        purchaseId: bill.id,
        noteDate: v.noteDate,
        reason: v.reason as PurchaseNoteReason,
        lines: v.lines.map(({ lineNo, ...rest }) => ({ purchaseLineNo: lineNo, ...rest })),
        supplierNoteNumber: v.supplierNoteNumber,
        refund: v.refund,
        notes: v.notes,
      },
      opts,
    );
    void revalidateArea('purchases', 'items', 'accounts', 'parties', 'reports');
    return saved;
  };
  return (
    <NoteForm
      noun="Debit note"
      title={`Return / debit note · ${bill.referenceNumber}`}
      back={back}
      subtitle={`${bill.party.name} · bill ${bill.billNumber} of ${formatDate(bill.billDate)} · ${formatRupees(bill.totals.grandTotal)}`}
      lefts={lefts}
      rules={{ direction: 'DOWN', taxMethod: 'SHARE_EVERY_HEAD', supplyType: bill.supplyType }}
      sgstLabel={bill.sgstLabel}
      roundOff={bill.roundOff}
      reasons={PURCHASE_REASONS}
      minDate={bill.billDate}
      supplierNoteNumber
      refund={{
        title: `Refund received from ${bill.party.name} now`,
        max: toPaise(bill.paid),
        maxReason: `At most what was paid on the bill, ${formatRupees(bill.paid)}`,
      }}
      settlementText={`Without a refund the note lowers what you owe ${bill.party.name}: it is set against this bill, then their other open bills oldest first.`}
      submit={submit}
      onSaved={(saved) => navigate(`/purchases/debit-note/${saved.id}`)}
      onCancel={() => navigate(back)}
    />
  );
}

function Loaded({ bill }: { bill: PurchaseInvoice }) {
  const notes = useBillNotes(bill.id);
  if (bill.status === 'CANCELLED') {
    return (
      <>
        <PageHeader title={`Return / debit note · ${bill.referenceNumber}`} back={`/purchases/invoice/${bill.id}`} />
        <Alert type="warning" showIcon title={`Purchase ${bill.referenceNumber} is cancelled`} description="A cancelled bill takes no debit note." />
      </>
    );
  }
  if (notes.error && !notes.data) return <ErrorState title="Could not load the bill’s notes" onRetry={() => void notes.mutate()} />;
  if (!notes.data) return <LoadingState label="Loading the bill..." />;
  return <PurchaseNoteForm bill={bill} issued={notes.data.issued} />;
}

/** /purchases/invoice/:id/debit-note: goods returned to the supplier or a price they reduced, prefilled from the bill. */
export function PurchaseNoteCreatePage() {
  const { id } = useParams();
  const bill = usePurchaseInvoice(id);
  return (
    <RecordLoader noun="purchase bill" back="/purchases" result={bill}>
      {(data) => <Loaded bill={data} />}
    </RecordLoader>
  );
}

export default PurchaseNoteCreatePage;
