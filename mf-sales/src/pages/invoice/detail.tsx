import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button, Dropdown, Flex } from 'antd';
import { CopyOutlined, DollarOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import { IRN_CANCEL_HOURS, revalidateArea, saleApi, type SaleInvoice } from '@bahi/shared';
import {
  CancelModal,
  PageHeader,
  PaymentsCard,
  RecordLoader,
  RecordPaymentModal,
  SaleStatusTag,
  notify,
} from '@bahi/shared/ui';
import { PrintActions } from '../../components/document-actions';
import { DocumentView, ThermalReceipt, type SalesDocument } from '../../components/document-view';
import { PrintStyles, printDocument } from '../../components/print';
import { useSaleInvoice } from '../../components/sales-data';

function InvoiceDetail({ invoice, onChange }: { invoice: SaleInvoice; onChange: (updated: SaleInvoice) => void }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [paying, setPaying] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const doc: SalesDocument = { kind: 'invoice', ...invoice };
  const cancelled = invoice.status === 'CANCELLED';
  const printNow = params.get('print');

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
    <>
      <PrintStyles />
      <PageHeader
        back="/sales"
        title={
          <Flex align="center" gap={8} wrap>
            <span>Invoice {invoice.invoiceNumber}</span>
            <SaleStatusTag status={invoice.status} isOverdue={invoice.isOverdue} />
          </Flex>
        }
        subtitle={invoice.quotationNumber ? `From quotation ${invoice.quotationNumber}` : undefined}
        extra={
          <>
            <PrintActions kind="invoice" id={invoice.id} />
            {!cancelled && Number(invoice.balance) > 0 ? (
              <Button type="primary" icon={<DollarOutlined />} onClick={() => setPaying(true)}>
                Record payment
              </Button>
            ) : null}
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'duplicate', icon: <CopyOutlined />, label: 'Duplicate' },
                  ...(cancelled ? [] : [{ key: 'cancel', icon: <StopOutlined />, label: 'Cancel invoice', danger: true }]),
                ],
                onClick: ({ key }) => (key === 'duplicate' ? navigate(`/sales/create-invoice?duplicate=${invoice.id}`) : setCancelling(true)),
              }}
            >
              <Button icon={<MoreOutlined />} aria-label="More actions">
                More
              </Button>
            </Dropdown>
          </>
        }
      />
      <div data-print-root>
        <DocumentView doc={doc} />
        <ThermalReceipt doc={doc} width={80} />
        <ThermalReceipt doc={doc} width={58} />
      </div>
      <PaymentsCard payments={invoice.payments} emptyText="No payment received yet" />
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
      <CancelModal
        open={cancelling}
        title={`Cancel invoice ${invoice.invoiceNumber}?`}
        consequence={
          invoice.einvoice.irn
            ? `The number stays taken. The stock comes back to the branch and the payments received are reversed. This invoice has an IRN: cancel it on the e-invoice portal too, within ${IRN_CANCEL_HOURS} hours of its acknowledgement.`
            : 'The number stays taken. The stock comes back to the branch and the payments received are reversed.'
        }
        cancel={async (reason) => {
          const updated = await saleApi.cancel(invoice.id, { reason });
          onChange(updated);
          if (updated.einvoice.notice) notify.warning(`Invoice ${invoice.invoiceNumber} cancelled`, { description: updated.einvoice.notice, duration: 0 });
          else notify.success(`Invoice ${invoice.invoiceNumber} cancelled`);
          void revalidateArea('sales', 'items', 'accounts', 'parties');
        }}
        onClose={() => setCancelling(false)}
      />
    </>
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
