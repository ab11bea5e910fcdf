import { BillingPage } from './billing-page';

/** sales/create-quotation (also ?duplicate=<id>). */
export default function CreateQuotationPage() {
  return <BillingPage kind="QUOTATION" />;
}
