import { SaleNoteCreatePage } from './create';

export default function CreateCreditNotePage() {
  return <SaleNoteCreatePage type="CREDIT" />;
}
