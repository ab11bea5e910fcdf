import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Button, Dropdown, Flex } from 'antd';
import { CopyOutlined, FileDoneOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import { quotationApi, revalidateArea, type Quotation } from '@bahi/shared';
import {
  CancelModal,
  PageHeader,
  QuotationStatusTag,
  RecordLoader,
  notify,
} from '@bahi/shared/ui';
import { PrintActions } from '../../components/document-actions';
import { DocumentView, ThermalReceipt, type SalesDocument } from '../../components/document-view';
import { PrintStyles } from '../../components/print';
import { useQuotation } from '../../components/sales-data';

function QuotationDetail({ quotation, onChange }: { quotation: Quotation; onChange: (updated: Quotation) => void }) {
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const doc: SalesDocument = { kind: 'quotation', ...quotation };
  const open = quotation.status === 'OPEN';

  return (
    <>
      <PrintStyles />
      <PageHeader
        back="/sales/quotations"
        title={
          <Flex align="center" gap={8} wrap>
            <span>Quotation {quotation.quotationNumber}</span>
            <QuotationStatusTag status={quotation.status} />
          </Flex>
        }
        subtitle={
          quotation.saleInvoiceId ? (
            <>
              Converted into invoice <Link to={`/sales/invoice/${quotation.saleInvoiceId}`}>{quotation.saleInvoiceNumber}</Link>
            </>
          ) : undefined
        }
        extra={
          <>
            <PrintActions kind="quotation" id={quotation.id} />
            {open ? (
              <Button type="primary" icon={<FileDoneOutlined />} onClick={() => navigate(`/sales/create-invoice?fromQuotation=${quotation.id}`)}>
                Convert to invoice
              </Button>
            ) : null}
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  { key: 'duplicate', icon: <CopyOutlined />, label: 'Duplicate' },
                  ...(open ? [{ key: 'cancel', icon: <StopOutlined />, label: 'Cancel quotation', danger: true }] : []),
                ],
                onClick: ({ key }) =>
                  key === 'duplicate' ? navigate(`/sales/create-quotation?duplicate=${quotation.id}`) : setCancelling(true),
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
      <CancelModal
        open={cancelling}
        title={`Cancel quotation ${quotation.quotationNumber}?`}
        consequence="The number stays taken and the quotation can no longer be converted into an invoice."
        cancel={async (reason) => {
          const updated = await quotationApi.cancel(quotation.id, { reason });
          onChange(updated);
          notify.success(`Quotation ${quotation.quotationNumber} cancelled`);
          void revalidateArea('quotations');
        }}
        onClose={() => setCancelling(false)}
      />
    </>
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
