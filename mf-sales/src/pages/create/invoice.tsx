import { BillingPage } from './billing-page';

/** sales/create-invoice (also ?fromQuotation=<id> and ?duplicate=<id>). */
export default function CreateInvoicePage() {
  return <BillingPage kind="INVOICE" />;
}
