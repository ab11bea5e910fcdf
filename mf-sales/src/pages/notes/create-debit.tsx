import { SaleNoteCreatePage } from './create';

export default function CreateDebitNotePage() {
  return <SaleNoteCreatePage type="DEBIT" />;
}
