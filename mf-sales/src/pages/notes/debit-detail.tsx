import { SaleNoteDetailPage } from './detail';

export default function DebitNoteDetailPage() {
  return <SaleNoteDetailPage type="DEBIT" />;
}
