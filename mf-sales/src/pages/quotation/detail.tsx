import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import { quotationApi, revalidateArea, useCan, type Quotation } from '@bahi/shared';
import { HistorySection, QuotationStatusTag, RecordLoader, notify } from '@bahi/shared/ui';
import { SalesDocumentPage } from '../../components/document-page';
import { useQuotation } from '../../components/sales-data';
import { ShareButton, quotationShareTarget } from '../../components/share-dialog';

function QuotationDetail({ quotation, onChange }: { quotation: Quotation; onChange: (updated: Quotation) => void }) {
  const navigate = useNavigate();
  const open = quotation.status === 'OPEN';
  // Buttons only for what the user's role may do.
  const canBill = useCan('sales.create');
  const canQuote = useCan('quotations.create');
  const canCancel = useCan('quotations.cancel');

  return (
    <SalesDocumentPage
      doc={{ kind: 'quotation', ...quotation }}
      back="/sales/quotations"
      title={`Quotation ${quotation.quotationNumber}`}
      status={<QuotationStatusTag status={quotation.status} />}
      subtitle={
        quotation.saleInvoiceId ? (
          <>
            Converted into invoice <Link to={`/sales/invoice/${quotation.saleInvoiceId}`}>{quotation.saleInvoiceNumber}</Link>
          </>
        ) : undefined
      }
      action={
        <>
          {canQuote && quotation.status !== 'CANCELLED' ? <ShareButton target={quotationShareTarget(quotation)} /> : null}
          {open && canBill ? (
            <Button type="primary" icon={<FileDoneOutlined />} onClick={() => navigate(`/sales/create-invoice?fromQuotation=${quotation.id}`)}>
              Convert to invoice
            </Button>
          ) : null}
        </>
      }
      duplicatePath={canQuote ? `/sales/create-quotation?duplicate=${quotation.id}` : undefined}
      cancel={{
        label: 'Cancel quotation',
        allowed: open && canCancel,
        title: `Cancel quotation ${quotation.quotationNumber}?`,
        consequence: 'The number stays taken and the quotation can no longer be converted into an invoice.',
        run: async (reason) => {
          const updated = await quotationApi.cancel(quotation.id, { reason });
          onChange(updated);
          notify.success(`Quotation ${quotation.quotationNumber} cancelled`);
          void revalidateArea('quotations');
        },
      }}
    >
      <HistorySection entityId={quotation.id} area="quotations" />
    </SalesDocumentPage>
  );
}

/** /sales/quotation/:id: the quotation as the customer gets it; Convert to invoice opens a prefilled invoice. */
export function QuotationDetailPage() {
  const { id } = useParams();
  const result = useQuotation(id);
  return (
    <RecordLoader noun="quotation" back="/sales/quotations" result={result}>
      {(data) => <QuotationDetail quotation={data} onChange={(updated) => void result.mutate(updated, { revalidate: false })} />}
    </RecordLoader>
  );
}

export default QuotationDetailPage;
