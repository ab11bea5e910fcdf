import { Link, useParams } from 'react-router-dom';
import { Tag } from 'antd';
import { revalidateArea, saleNoteApi, type SaleNote, type SaleNoteType } from '@bahi/shared';
import { HistorySection, RecordLoader, formatDate, notify } from '@bahi/shared/ui';
import { SalesDocumentPage } from '../../components/document-page';
import { NOTE_NOUN, useSaleNote } from '../../components/notes-data';

const CANCEL_CONSEQUENCE: Record<SaleNoteType, string> = {
  CREDIT:
    'The number stays taken. Returned goods leave the stock again, a refund is reversed, and what the note settled is owed again.',
  DEBIT: 'The number stays taken. What the note added to the party’s dues is taken off again.',
};

function NoteDetail({ type, note, onChange }: { type: SaleNoteType; note: SaleNote; onChange: (updated: SaleNote) => void }) {
  const noun = NOTE_NOUN[type];
  const cancelled = note.status === 'CANCELLED';
  return (
    <SalesDocumentPage
      doc={{ kind: 'note', ...note }}
      back={`/sales/${type === 'CREDIT' ? 'credit-notes' : 'debit-notes'}`}
      title={`${noun} ${note.noteNumber}`}
      status={cancelled ? <Tag color="default">Cancelled</Tag> : <Tag color="blue">Issued</Tag>}
      subtitle={
        <>
          Against invoice <Link to={`/sales/invoice/${note.invoice.id}`}>{note.invoice.invoiceNumber}</Link> of {formatDate(note.invoice.invoiceDate)}
        </>
      }
      cancel={{
        label: `Cancel ${noun.toLowerCase()}`,
        allowed: !cancelled,
        title: `Cancel ${noun.toLowerCase()} ${note.noteNumber}?`,
        consequence: CANCEL_CONSEQUENCE[type],
        run: async (reason) => {
          const updated = type === 'CREDIT' ? await saleNoteApi.cancelCreditNote(note.id, { reason }) : await saleNoteApi.cancelDebitNote(note.id, { reason });
          onChange(updated);
          notify.success(`${noun} ${note.noteNumber} cancelled`);
          void revalidateArea('sales', 'items', 'accounts', 'parties', 'reports');
        },
      }}
    >
      <HistorySection entityId={note.id} area="sales" />
    </SalesDocumentPage>
  );
}

/** /sales/credit-note/:id and /sales/debit-note/:id: the note as the customer gets it, with print, PDF and cancel. */
export function SaleNoteDetailPage({ type }: { type: SaleNoteType }) {
  const { id } = useParams();
  const result = useSaleNote(type, id);
  return (
    <RecordLoader noun={NOTE_NOUN[type].toLowerCase()} back={`/sales/${type === 'CREDIT' ? 'credit-notes' : 'debit-notes'}`} result={result}>
      {(data) => <NoteDetail type={type} note={data} onChange={(updated) => void result.mutate(updated, { revalidate: false })} />}
    </RecordLoader>
  );
}
