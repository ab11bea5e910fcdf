import { DocumentReport } from './components/document-report';

/** /reports/sales: the sale report (GET sale/sale-reports). */
export default function SaleReportPage() {
  return <DocumentReport side="SALE" />;
}
