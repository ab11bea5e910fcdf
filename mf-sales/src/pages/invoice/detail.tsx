import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from 'antd';
import { DollarOutlined, FileAddOutlined, RollbackOutlined } from '@ant-design/icons';
import { IRN_CANCEL_HOURS, revalidateArea, saleApi, useCan, type SaleInvoice } from '@bahi/shared';
import { EditDocumentButton, PaymentsCard, RecordLoader, RecordPaymentModal, SaleStatusTag, WithHistoryTab, editRefusal, notify, useLockedUntil } from '@bahi/shared/ui';
import { SalesDocumentPage } from '../../components/document-page';
import { printDocument } from '../../components/print';
import { useSaleInvoice } from '../../components/sales-data';
import { InvoiceNotesCard } from '../../components/invoice-notes';
import { EWayBillCard } from '../../components/ewaybill-card';
import { ShareButton, invoiceShareTarget } from '../../components/share-dialog';
import { UpiPayCard } from '../../components/upi-pay-card';
import { useInvoiceNotes } from '../../components/notes-data';

const CANCEL_CONSEQUENCE = 'The number stays taken. The stock comes back to the branch and the payments received are reversed.';

function InvoiceDetail({ invoice, onChange }: { invoice: SaleInvoice; onChange: (updated: SaleInvoice) => void }) {
  const [params, setParams] = useSearchParams();
  const [paying, setPaying] = useState(false);
  // Buttons only for what the user's role may do.
  const canNote = useCan('sales.create');
  const canEdit = useCan('sales.edit');
  const canCancel = useCan('sales.cancel');
  const canReceive = useCan('payments-in.create');
  const navigate = useNavigate();
  const cancelled = invoice.status === 'CANCELLED';
  const printNow = params.get('print');
  const lockedUntil = useLockedUntil();
  const notes = useInvoiceNotes(invoice.id);
  const refusal = editRefusal({
    cancelled,
    irn: invoice.einvoice.irn,
    notes: notes.data?.notes.filter((n) => n.status === 'ISSUED').length ?? 0,
    noteWord: 'credit or debit notes',
    date: invoice.invoiceDate,
    lockedUntil,
  });

  // Save & print lands here with ?print=a4: print once the document is on the page.
  useEffect(() => {
    if (printNow !== 'a4') return;
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('print');
      return next;
    }, { replace: true });
    printDocument('a4');
  }, [printNow, setParams]);

  return (
    <SalesDocumentPage
      doc={{ kind: 'invoice', ...invoice }}
      back="/sales"
      title={`Invoice ${invoice.invoiceNumber}`}
      status={<SaleStatusTag status={invoice.status} isOverdue={invoice.isOverdue} />}
      subtitle={invoice.quotationNumber ? `From quotation ${invoice.quotationNumber}` : undefined}
      action={
        cancelled ? (
          <EditDocumentButton refusal={refusal} onClick={() => navigate(`/sales/invoice/${invoice.id}/edit`)} />
        ) : (
          <>
            {canNote ? <ShareButton target={invoiceShareTarget(invoice)} /> : null}
            {canEdit ? <EditDocumentButton refusal={refusal} onClick={() => navigate(`/sales/invoice/${invoice.id}/edit`)} /> : null}
            {canNote ? (
              <Button icon={<RollbackOutlined />} onClick={() => navigate(`/sales/invoice/${invoice.id}/credit-note`)}>
                Return / credit note
              </Button>
            ) : null}
            {canReceive && Number(invoice.balance) > 0 ? (
              <Button type="primary" icon={<DollarOutlined />} onClick={() => setPaying(true)}>
                Record payment
              </Button>
            ) : null}
          </>
        )
      }
      moreItems={
        cancelled || !canNote
          ? []
          : [{ key: 'debit-note', icon: <FileAddOutlined />, label: 'Debit note', onClick: () => navigate(`/sales/invoice/${invoice.id}/debit-note`) }]
      }
      duplicatePath={canNote ? `/sales/create-invoice?duplicate=${invoice.id}` : undefined}
      cancel={{
        label: 'Cancel invoice',
        allowed: !cancelled && canCancel,
        title: `Cancel invoice ${invoice.invoiceNumber}?`,
        consequence: invoice.einvoice.irn
          ? `${CANCEL_CONSEQUENCE} This invoice has an IRN: cancel it on the e-invoice portal too, within ${IRN_CANCEL_HOURS} hours of its acknowledgement.`
          : CANCEL_CONSEQUENCE,
        run: async (reason) => {
          const updated = await saleApi.cancel(invoice.id, { reason });
          onChange(updated);
          if (updated.einvoice.notice) notify.warning(`Invoice ${invoice.invoiceNumber} cancelled`, { description: updated.einvoice.notice, duration: 0 });
          else notify.success(`Invoice ${invoice.invoiceNumber} cancelled`);
          void revalidateArea('sales', 'items', 'accounts', 'parties');
        },
      }}
    >
      <UpiPayCard invoice={invoice} />
      <WithHistoryTab entityId={invoice.id} area="sales" label="Payments & notes">
        <PaymentsCard payments={invoice.payments} emptyText="No payment received yet" />
        <InvoiceNotesCard invoice={invoice} />
        <EWayBillCard invoice={invoice} onChange={onChange} />
      </WithHistoryTab>
      <RecordPaymentModal
        open={paying}
        document={{ number: invoice.invoiceNumber, balance: invoice.balance, grandTotal: invoice.totals.grandTotal }}
        record={(body, opts) => saleApi.recordPayment(invoice.id, body, opts)}
        revalidate={['sales', 'accounts', 'parties']}
        onClose={(updated) => {
          setPaying(false);
          if (updated) onChange(updated);
        }}
      />
    </SalesDocumentPage>
  );
}

/** /sales/invoice/:id: the invoice as the customer gets it, with its payments and actions. */
export function InvoiceDetailPage() {
  const { id } = useParams();
  const result = useSaleInvoice(id);
  return (
    <RecordLoader noun="invoice" back="/sales" result={result}>
      {(data) => <InvoiceDetail invoice={data} onChange={(updated) => void result.mutate(updated, { revalidate: false })} />}
    </RecordLoader>
  );
}

export default InvoiceDetailPage;
