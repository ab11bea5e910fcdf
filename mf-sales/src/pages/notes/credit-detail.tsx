import { SaleNoteDetailPage } from './detail';

export default function CreditNoteDetailPage() {
  return <SaleNoteDetailPage type="CREDIT" />;
}
