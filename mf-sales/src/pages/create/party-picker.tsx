import { forwardRef, useEffect, useState } from 'react';
import { Flex, Select, Typography } from 'antd';
import type { RefSelectProps } from 'antd';
import type { Party } from '@bahi/shared';
import { useCustomerSearch } from '../../components/sales-data';
import type { Customer } from './bill-model';

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
  customer: Customer;
  onPick: (party: Party | null) => void;
  /** "+ Add party" with what was typed as the name. */
  onAdd: (name: string) => void;
  status?: 'error';
  id?: string;
}

/** The customer of the bill: searched by name, mobile or GSTIN; walk-in; or "+ Add party" in place. */
export const PartyPicker = forwardRef<RefSelectProps, PartyPickerProps>(function PartyPicker({ customer, onPick, onAdd, status, id }, ref) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    // Cleared (after a pick): at once, so no search is left pending.
    if (!typed) {
      setQ('');
      return;
    }
    const t = setTimeout(() => setQ(typed), 200);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, isLoading } = useCustomerSearch(q);
  const parties = data?.data ?? [];
  const chosen = customer.type === 'PARTY' ? customer.party : null;
  const list = chosen && !parties.some((p) => p.id === chosen.id) ? [chosen, ...parties] : parties;
  const needle = typed.trim().toLowerCase();
  // The server searches; this hides an earlier answer that no longer matches while the next one is on its way.
  const shown = list.filter(
    (p) => !needle || [p.name, p.mobileNumber, p.gstin].some((s) => s?.toLowerCase().includes(needle)) || p.id === chosen?.id,
  );
  const options = [
    ...shown.map((p) => ({ value: p.id, label: <PartyOption party={p} />, title: p.name })),
    { value: WALK_IN, label: 'Walk-in customer', title: 'Walk-in customer' },
    { value: ADD, label: <Typography.Link>+ Add party{typed.trim() ? ` "${typed.trim()}"` : ''}</Typography.Link>, title: 'Add party' },
  ];

  return (
    <Select
      ref={ref}
      id={id}
      aria-label="Customer"
      status={status}
      style={{ width: '100%' }}
      value={chosen ? chosen.id : WALK_IN}
      labelRender={() => (chosen ? chosen.name : 'Walk-in customer')}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={isLoading}
      listHeight={320}
      onChange={(value: string) => {
        const name = typed.trim();
        setTyped('');
        if (value === ADD) onAdd(name);
        else if (value === WALK_IN) onPick(null);
        else onPick(list.find((p) => p.id === value) ?? null);
      }}
    />
  );
});
