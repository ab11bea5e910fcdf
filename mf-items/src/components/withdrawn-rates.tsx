import { useMemo, useState } from 'react';
import { Alert, Button, Modal, Select, Table, Typography } from 'antd';
import useSWR from 'swr';
import {
  RATES_WITHDRAWN_ON,
  cacheKey,
  indiaToday,
  isRateInForce,
  itemApi,
  revalidateArea,
  taxRateLabel,
  type WithdrawnRateItem,
} from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { formatDate, serverMessage, useTaxRates } from './item-data';

/** The items still on a rate the law withdrew (items it keeps at their rate left out). */
export function useWithdrawnRateItems() {
  return useSWR(cacheKey('items', 'withdrawn-rates'), () => itemApi.withdrawnRates());
}

const countText = (n: number) => `${n} ${n === 1 ? 'item carries a rate' : 'items carry a rate'} withdrawn on ${formatDate(RATES_WITHDRAWN_ON)}`;

/**
 * The Items screen's notice of items on a withdrawn rate, and its review: a rate select per item, empty until the user
 * picks one; Apply moves only the items picked, nothing else changes.
 */
export function WithdrawnRatesNotice({ onMoved }: { onMoved?: () => void }) {
  const { data: items, mutate } = useWithdrawnRateItems();
  const { data: taxes } = useTaxRates();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const options = useMemo(() => {
    const today = indiaToday();
    return (taxes ?? []).filter((t) => isRateInForce(t, today)).map((t) => ({ value: t.id, label: taxRateLabel(t) }));
  }, [taxes]);
  if (!items?.length) return null;

  const moves = items.filter((i) => picked[i.id]).map((i) => ({ itemId: i.id, taxId: picked[i.id] }));
  const apply = async () => {
    setSaving(true);
    try {
      const { moved } = await itemApi.moveTaxRates({ moves });
      notify.success(`${moved} ${moved === 1 ? 'item' : 'items'} moved to the rates you picked`);
      setPicked({});
      setOpen(false);
      await mutate();
      void revalidateArea('items');
      onMoved?.();
    } catch (e) {
      notify.error(serverMessage(e) ?? 'Could not move the items');
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={countText(items.length)}
        description="12 % and 28 % (and compensation cess, except on tobacco and pan masala) are no longer in force: documents dated from then cannot use them."
        action={<Button onClick={() => setOpen(true)}>Review</Button>}
      />
      <Modal
        title="Items on a withdrawn GST rate"
        open={open}
        width={720}
        okText={moves.length ? `Apply to ${moves.length} ${moves.length === 1 ? 'item' : 'items'}` : 'Apply'}
        okButtonProps={{ disabled: moves.length === 0, loading: saving }}
        onOk={apply}
        onCancel={() => !saving && setOpen(false)}
      >
        <Typography.Paragraph type="secondary">
          Pick the rate in force for each item you want to move. Items left without a pick keep their rate.
        </Typography.Paragraph>
        <Table<WithdrawnRateItem>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={items}
          columns={[
            { title: 'Item', dataIndex: 'itemName', key: 'name' },
            { title: 'Rate now', key: 'rate', render: (_, i) => taxRateLabel(i.gstRate) },
            {
              title: 'Move to',
              key: 'to',
              width: 240,
              render: (_, i) => (
                <Select
                  aria-label={`New rate of ${i.itemName}`}
                  placeholder="Keep as it is"
                  allowClear
                  style={{ width: '100%' }}
                  value={picked[i.id]}
                  options={options}
                  onChange={(v: string | undefined) =>
                    setPicked((p) => {
                      const next = { ...p };
                      if (v) next[i.id] = v;
                      else delete next[i.id];
                      return next;
                    })
                  }
                />
              ),
            },
          ]}
        />
      </Modal>
    </>
  );
}
