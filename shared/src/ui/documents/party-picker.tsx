import { forwardRef } from 'react';
import { Flex, Select, Typography } from 'antd';
import type { RefSelectProps } from 'antd';
import type { Party, PartyType } from '@bahi/shared';
import { usePartySearch } from './data';
import { useTypedSearch } from './typed-search';

const WALK_IN = '__walk_in__';
const ADD = '__add__';

function PartyOption({ party }: { party: Party }) {
  const detail = [party.gstin, party.mobileNumber, party.billingAddress?.miscData.st].filter(Boolean).join(' · ');
  return (
    <Flex vertical>
      <span>{party.name}</span>
      {detail ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{detail}</Typography.Text> : null}
    </Flex>
  );
}

export interface PartyPickerProps {
  /** The chosen party; null is a walk-in customer (a sale) or nobody yet (a purchase). */
  party: Party | null;
  /** Customers on a sale, suppliers on a purchase. */
  partyType: PartyType;
  /** A sale may be to a walk-in customer. */
  walkIn?: boolean;
  onPick: (party: Party | null) => void;
  /** "+ Add party" with what was typed as the name. */
  onAdd?: (name: string) => void;
  status?: 'error';
  id?: string;
  /** The party is fixed (an invoice converting a quotation bills the quotation's customer). */
  disabled?: boolean;
}

/** The party of the bill: searched by name, mobile or GSTIN; walk-in (a sale); or "+ Add party" in place. */
export const PartyPicker = forwardRef<RefSelectProps, PartyPickerProps>(function PartyPicker(
  { party: chosen, partyType, walkIn = false, onPick, onAdd, status, id, disabled },
  ref,
) {
  const { typed, setTyped, q } = useTypedSearch(200);
  const { data, isLoading } = usePartySearch(q, partyType);
  const parties = data?.data ?? [];
  const list = chosen && !parties.some((p) => p.id === chosen.id) ? [chosen, ...parties] : parties;
  const needle = typed.trim().toLowerCase();
  // The server searches; this hides an earlier answer that no longer matches while the next one is on its way.
  const shown = list.filter(
    (p) => !needle || [p.name, p.mobileNumber, p.gstin].some((s) => s?.toLowerCase().includes(needle)) || p.id === chosen?.id,
  );
  const options = [
    ...shown.map((p) => ({ value: p.id, label: <PartyOption party={p} />, title: p.name })),
    ...(walkIn ? [{ value: WALK_IN, label: 'Walk-in customer', title: 'Walk-in customer' }] : []),
    ...(onAdd
      ? [{ value: ADD, label: <Typography.Link>+ Add party{typed.trim() ? ` "${typed.trim()}"` : ''}</Typography.Link>, title: 'Add party' }]
      : []),
  ];
  const noun = partyType === 'SUPPLIER' ? 'Supplier' : 'Customer';

  return (
    <Select
      ref={ref}
      id={id}
      aria-label={noun}
      status={status}
      disabled={disabled}
      style={{ width: '100%' }}
      placeholder={walkIn ? undefined : `Choose the ${noun.toLowerCase()}: name, mobile or GSTIN`}
      value={chosen ? chosen.id : walkIn ? WALK_IN : undefined}
      labelRender={() => (chosen ? chosen.name : 'Walk-in customer')}
      notFoundContent={isLoading ? 'Searching…' : `No ${noun.toLowerCase()} found`}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={isLoading}
      listHeight={320}
      onChange={(value: string) => {
        const name = typed.trim();
        setTyped('');
        if (value === ADD) onAdd?.(name);
        else if (value === WALK_IN) onPick(null);
        else onPick(list.find((p) => p.id === value) ?? null);
      }}
    />
  );
});
