import { forwardRef } from 'react';
import { Flex, Select, Typography } from 'antd';
import type { RefSelectProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { formatRupees, type Item } from '@bahi/shared';
import { useItemSearch } from './data';
import { formatQuantity } from './format';
import type { DocumentSide } from './bill-model';
import { useTypedSearch } from './typed-search';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** Does the item match what was typed: name, code, HSN or SAC. */
export function itemMatches(item: Item, typed: string): boolean {
  const needle = typed.trim().toLowerCase();
  if (!needle) return true;
  return [item.itemName, item.itemCode, item.serviceCode, item.hsnCode, item.sacCode].some((s) => s?.toLowerCase().includes(needle));
}

function ItemOption({ item, side }: { item: Item; side: DocumentSide }) {
  const price = side === 'SALE' ? item.salePrice : item.purchasePrice;
  const product = item.itemType === 'PRODUCT';
  const code = product ? item.itemCode : item.serviceCode;
  const hsn = product ? item.hsnCode : item.sacCode;
  const unit = item.unit?.shortName ?? '';
  return (
    <Flex justify="space-between" gap={12}>
      <Flex vertical style={{ minWidth: 0 }}>
        <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.itemName}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[code && <span key="c" style={mono}>{code}</span>, hsn && `${product ? 'HSN' : 'SAC'} ${hsn}`]
            .filter(Boolean)
            .flatMap((x, i) => (i ? [' · ', x] : [x]))}
        </Typography.Text>
      </Flex>
      <Flex vertical align="flex-end" style={{ flex: 'none' }}>
        <span style={{ fontVariantNumeric: 'tabular-nums' }}>{price === null ? '-' : formatRupees(price)}</span>
        {product ? (
          <Typography.Text type={item.netQuantity > 0 || side === 'PURCHASE' ? 'secondary' : 'danger'} style={{ fontSize: 12 }}>
            {item.netQuantity > 0 ? [formatQuantity(item.netQuantity), unit, 'in stock'].filter(Boolean).join(' ') : 'Out of stock'}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Service
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}

/**
 * Finds an item by name, code or HSN (on the server, as you type); Enter adds the highlighted one as a line. It
 * never holds a value: each pick adds a line and the search is ready for the next item.
 */
export const ItemSearch = forwardRef<RefSelectProps, { onPick: (item: Item) => void; autoFocus?: boolean; side?: DocumentSide }>(function ItemSearch(
  { onPick, autoFocus, side = 'SALE' },
  ref,
) {
  const { typed, setTyped, q } = useTypedSearch(150);
  const { data, isLoading } = useItemSearch(q);
  // The server searches; this hides an earlier answer that no longer matches, so a quick Enter never picks it.
  const items = (data?.data ?? []).filter((i) => itemMatches(i, typed));

  return (
    <Select
      ref={ref}
      aria-label="Add item"
      autoFocus={autoFocus}
      prefix={<SearchOutlined />}
      placeholder="Add item: type a name, code or HSN, then Enter"
      style={{ width: '100%' }}
      value={null}
      options={items.map((i) => ({ value: i.id, label: <ItemOption item={i} side={side} />, title: i.itemName }))}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      loading={isLoading}
      notFoundContent={isLoading ? 'Searching…' : typed ? `No item matches "${typed}"` : 'No items yet'}
      listHeight={360}
      onChange={(id: string) => {
        const item = items.find((i) => i.id === id);
        setTyped('');
        if (item) onPick(item);
      }}
    />
  );
});
