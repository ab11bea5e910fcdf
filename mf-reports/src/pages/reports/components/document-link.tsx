import { Link } from 'react-router-dom';

/** Where a document of a report opens: sale invoices and purchase bills have a screen. */
const DOCUMENT_PATHS: Record<string, string> = { SALE: '/sales/invoice/', PURCHASE: '/purchases/invoice/' };

/** A report row's document number, linked to its screen where it has one; '-' without a number. */
export function DocumentLink({ type, id, number }: { type: string | null; id: string | null; number: string | null }) {
  if (!number) return <>-</>;
  const path = type && id ? DOCUMENT_PATHS[type] : undefined;
  return path ? <Link to={`${path}${id}`}>{number}</Link> : <>{number}</>;
}
