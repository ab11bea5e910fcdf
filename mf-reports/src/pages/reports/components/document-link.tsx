import { Link } from 'react-router-dom';

/** Where a document of a report opens: sale invoices, purchase bills, notes, parties and ledgers have a screen of their own. */
const DOCUMENT_PATHS: Record<string, string> = {
  SALE: '/sales/invoice/',
  PURCHASE: '/purchases/invoice/',
  CREDIT_NOTE: '/sales/credit-note/',
  DEBIT_NOTE: '/sales/debit-note/',
  PURCHASE_DEBIT_NOTE: '/purchases/debit-note/',
  PARTY: '/party/',
  LEDGER: '/reports/accounts/',
};
/** Documents without a screen of their own open their list. */
const LIST_PATHS: Record<string, string> = { EXPENSE: '/expenses', ACCOUNT: '/cash-bank' };

/** A report row's document number, linked to its screen (or its list) where it has one; '-' without a number. */
export function DocumentLink({ type, id, number }: { type: string | null; id: string | null; number: string | null }) {
  if (!number) return <>-</>;
  const path = type && id && DOCUMENT_PATHS[type] ? `${DOCUMENT_PATHS[type]}${id}` : type ? LIST_PATHS[type] : undefined;
  return path ? <Link to={path}>{number}</Link> : <>{number}</>;
}
