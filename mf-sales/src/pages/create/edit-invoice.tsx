import { useParams } from 'react-router-dom';
import { RecordLoader } from '@bahi/shared/ui';
import { useSaleInvoice } from '../../components/sales-data';
import { BillingPage } from './billing-page';

/** sales/invoice/:id/edit: the invoice's own form, pre-filled; saving edits it (it keeps its number and payments). */
export default function EditInvoicePage() {
  const { id } = useParams();
  const result = useSaleInvoice(id);
  return (
    <RecordLoader noun="invoice" back="/sales" result={result}>
      {(invoice) => <BillingPage kind="INVOICE" editing={{ id: invoice.id, number: invoice.invoiceNumber }} />}
    </RecordLoader>
  );
}
