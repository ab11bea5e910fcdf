import { DocumentReport } from './components/document-report';

/** /reports/purchase: the purchase report (GET purchase/purchase-reports). */
export default function PurchaseReportPage() {
  return <DocumentReport side="PURCHASE" />;
}
