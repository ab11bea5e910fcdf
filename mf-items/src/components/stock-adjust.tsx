import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { ITEM_BOUNDS, UpdateItemStockRequest, formatQuantity, itemApi, revalidateArea, useSession, type Item } from '@bahi/shared';
import { BoundedNumber, DateField, notify } from '@bahi/shared/ui';
import { serverMessage } from './item-data';
import { todayInIndia } from './item-rules';

export interface StockAdjustModalProps {
  open: boolean;
  item: Item;
  onClose: (updated?: Item) => void;
}

/**
 * Adds or reduces a product's stock at the active branch with a date and a reason (a stock movement). A serialised
 * product names the serials added or taken out, one per unit: the quantity follows them.
 */
export function StockAdjustModal({ open, item, onClose }: StockAdjustModalProps) {
  const { activeStoreBranch } = useSession();
  const [type, setType] = useState<'ADD' | 'REDUCE'>('ADD');
  const [quantity, setQuantity] = useState<number | null>(null);
  const [date, setDate] = useState(todayInIndia());
  const [reason, setReason] = useState('');
  const [serialNos, setSerialNos] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setType('ADD');
    setQuantity(null);
    setDate(todayInIndia());
    setReason('');
    setSerialNos([]);
    setProblem(null);
  }, [open]);

  const serialised = item.hasSerialisation;
  const chooseType = (next: 'ADD' | 'REDUCE') => {
    setType(next);
    // Serials to add are new ones; serials to take out are the item's: a change of direction starts over.
    setSerialNos([]);
    if (serialised) setQuantity(null);
  };
  const chooseSerials = (next: string[]) => {
    const serials = next.map((s) => s.trim()).filter(Boolean);
    setSerialNos(serials);
    setQuantity(serials.length || null);
  };

  const after = item.netQuantity + (type === 'ADD' ? 1 : -1) * (quantity ?? 0);

  const save = async () => {
    const parsed = UpdateItemStockRequest.safeParse({
      itemId: item.id,
      type,
      quantity: quantity ?? undefined,
      date,
      reason,
      ...(serialised ? { serialNos } : {}),
    });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0].message);
      return;
    }
    if (after < 0) {
      setProblem(`Only ${formatQuantity(item.netQuantity)} in stock here: stock never goes below 0.`);
      return;
    }
    if (serialised && serialNos.length !== parsed.data.quantity) {
      const n = parsed.data.quantity;
      setProblem(`Name ${n} serial ${n === 1 ? 'number' : 'numbers'}, one for each unit`);
      return;
    }
    setProblem(null);
    setSaving(true);
    try {
      const updated = await itemApi.updateStock(parsed.data);
      notify.success(`Stock updated: ${formatQuantity(updated.netQuantity)} in stock`);
      onClose(updated);
      void revalidateArea('items');
    } catch (e) {
      setProblem(serverMessage(e) ?? 'Could not update the stock');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Adjust Stock"
      onCancel={() => !saving && onClose()}
      destroyOnHidden
      width={480}
      footer={[
        <Button key="cancel" onClick={() => onClose()} disabled={saving}>
          Cancel
        </Button>,
        <Button key="save" type="primary" onClick={save} loading={saving}>
          Save
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {item.itemName} at {activeStoreBranch?.name ?? 'the active branch'}: {formatQuantity(item.netQuantity)} in stock
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Adjustment">
          <Radio.Group
            optionType="button"
            value={type}
            onChange={(e) => chooseType(e.target.value)}
            options={[
              { value: 'ADD', label: 'Add Stock' },
              { value: 'REDUCE', label: 'Reduce Stock' },
            ]}
          />
        </Form.Item>
        {serialised ? (
          <Form.Item label="Serial Numbers" htmlFor="stock-serials" required extra="One for each unit: the quantity follows them">
            <Select
              id="stock-serials"
              mode="tags"
              aria-label="Serial Numbers"
              placeholder={type === 'ADD' ? 'Type each new serial number, then Enter' : 'Pick or type the serial numbers taken out'}
              value={serialNos}
              onChange={chooseSerials}
              options={type === 'REDUCE' ? item.itemSerialNo.map(({ serialNo }) => ({ value: serialNo, label: serialNo })) : []}
              notFoundContent={null}
              tokenSeparators={[',']}
            />
          </Form.Item>
        ) : null}
        <Form.Item label="Quantity" htmlFor="stock-quantity" required extra={quantity ? `Stock after: ${formatQuantity(after)}` : undefined}>
          <BoundedNumber id="stock-quantity" bounds={ITEM_BOUNDS.stockAdjustment} value={quantity} onChange={setQuantity} />
        </Form.Item>
        <Form.Item label="Date" htmlFor="stock-date" required>
          <DateField id="stock-date" value={date} onChange={setDate} />
        </Form.Item>
        <Form.Item label="Reason" htmlFor="stock-reason" required>
          <Input
            id="stock-reason"
            maxLength={200}
            placeholder="Ex: Damaged, Stock count correction, Received from supplier"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
    </Modal>
  );
}
