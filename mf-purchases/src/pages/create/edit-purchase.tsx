import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { itemApi, partyApi, type Item, type PurchaseInvoice } from '@bahi/shared';
import { LoadingState, RecordLoader } from '@bahi/shared/ui';
import { usePurchaseInvoice } from '../../components/purchase-data';
import { purchaseDraftOf, type PurchaseDraft } from './purchase-model';
import { PurchaseForm } from './purchase-page';

async function optional<T>(p: Promise<T>): Promise<T | undefined> {
  try {
    return await p;
  } catch {
    return undefined;
  }
}

/** The bill's form: its supplier and items read again (today's addresses and credit period), else as recorded. */
async function draftOf(bill: PurchaseInvoice) {
  const [supplier, items] = await Promise.all([
    bill.party.id ? optional(partyApi.get(bill.party.id)) : Promise.resolve(undefined),
    Promise.all([...new Map(bill.lines.map((l) => [l.itemId, l.itemType])).entries()].map(([id, type]) => optional(itemApi.get(id, type).then((r) => r.data)))),
  ]);
  return purchaseDraftOf(bill, supplier ?? null, new Map(items.filter((i): i is Item => !!i).map((i) => [i.id, i])));
}

function EditForm({ bill }: { bill: PurchaseInvoice }) {
  const location = useLocation();
  // Read once per visit: the form starts from the bill as it is now.
  const [source] = useState(bill);
  const [draft, setDraft] = useState<PurchaseDraft | null>(null);
  useEffect(() => {
    let live = true;
    void draftOf(source).then((d) => live && setDraft(d));
    return () => {
      live = false;
    };
  }, [source]);
  if (!draft) return <LoadingState label="Loading the bill..." />;
  return <PurchaseForm key={location.key} initial={draft} onNew={() => undefined} editing={{ id: bill.id, number: bill.referenceNumber }} />;
}

/** purchases/invoice/:id/edit: the bill's own form, pre-filled; saving edits it (it keeps its reference and payments). */
export default function EditPurchasePage() {
  const { id } = useParams();
  const result = usePurchaseInvoice(id);
  return (
    <RecordLoader noun="purchase" back="/purchases" result={result}>
      {(bill) => <EditForm bill={bill} />}
    </RecordLoader>
  );
}
