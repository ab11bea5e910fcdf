import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Checkbox, Flex, Segmented, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, TagsOutlined } from '@ant-design/icons';
import {
  ITEM_IMPORT,
  formatCount,
  formatQuantity,
  formatRupees,
  isLowStock,
  useCan,
  type Item,
  type ItemListParams,
  type ItemType,
} from '@bahi/shared';
import { EmptyState, ListImport, ListSearch, MONOSPACE, PageHeader, ServerList, useListParams } from '@bahi/shared/ui';
import { ItemDialog } from '../../components/item-dialog';
import { WithdrawnRatesNotice } from '../../components/withdrawn-rates';
import { itemPath, useItemCategories, useItems } from '../../components/item-data';

const dash = <Typography.Text type="secondary">-</Typography.Text>;

/** The list's filters live in the address, so a filtered list can be shared and survives a reload. */
function useItemListParams() {
  const list = useListParams(50);
  const { params, page, pageSize } = list;
  const query: ItemListParams = {
    q: params.get('q') ?? undefined,
    categoryId: params.get('categoryId') ?? undefined,
    itemType: (['PRODUCT', 'SERVICE'] as const).find((t) => t === params.get('itemType')),
    lowStock: params.get('lowStock') === 'true' ? true : undefined,
    page,
    pageSize,
  };
  return { ...list, query };
}

/** items/*: every item of the business, searched, filtered and paged on the server. */
export function ItemListPage() {
  const { query, page, pageSize, set } = useItemListParams();
  const navigate = useNavigate();
  const items = useItems(query);
  const { data, isLoading, mutate } = items;
  const total = data ? (data.meta?.total ?? data.data.length) : undefined;
  const { data: categories } = useItemCategories();
  const [dialog, setDialog] = useState<ItemType | null>(null);
  // The purchase price column and the add buttons only for roles that may see cost and add items.
  const seeCost = useCan('cost.view');
  const canCreate = useCan('items.create');

  const columns: TableColumnsType<Item> = useMemo(
    () => [
      {
        title: 'Name',
        key: 'name',
        render: (_, item) => (
          <Flex align="center" gap={8} wrap>
            <Link to={itemPath(item)} style={{ fontWeight: 500 }}>
              {item.itemName}
            </Link>
            {item.itemType === 'SERVICE' ? <Tag color="purple">Service</Tag> : null}
            {item.itemProductType === 'OLD' ? <Tag>Preowned</Tag> : null}
          </Flex>
        ),
      },
      {
        title: 'Code',
        key: 'code',
        width: 120,
        render: (_, item) => <span style={MONOSPACE}>{item.itemCode ?? item.serviceCode}</span>,
      },
      {
        title: 'Category',
        key: 'category',
        width: 150,
        render: (_, item) => item.itemCatagory?.catagory ?? dash,
      },
      {
        title: 'Sale Price',
        dataIndex: 'salePrice',
        align: 'right',
        width: 120,
        render: (v: string | null) => (v === null ? dash : formatRupees(v)),
      },
      ...(seeCost
        ? [
            {
              title: 'Purchase Price',
              dataIndex: 'purchasePrice',
              align: 'right' as const,
              width: 130,
              render: (v: string | null | undefined) => (v == null ? dash : formatRupees(v)),
            },
          ]
        : []),
      {
        title: 'Stock',
        key: 'stock',
        align: 'right',
        width: 170,
        render: (_, item) =>
          item.itemType === 'SERVICE' ? (
            dash
          ) : (
            <Flex justify="flex-end" align="center" gap={6}>
              {isLowStock(item) ? <Tag color="red">Low stock</Tag> : null}
              <span>
                {formatQuantity(item.netQuantity)}
                {item.unit ? ` ${item.unit.shortName}` : ''}
              </span>
            </Flex>
          ),
      },
    ],
    [seeCost],
  );

  const filtered = !!(query.q || query.categoryId || query.itemType || query.lowStock);
  const addButtons = !canCreate ? null : (
    <>
      <ListImport
        area="items"
        noun={{ one: 'item', many: 'items' }}
        calls={ITEM_IMPORT}
        help={
          <Typography.Text type="secondary">
            Products and services, with category (created when new), unit short name (NOS, PCS, KGS, ...), GST rate and
            cess, prices and opening stock, which goes to the active branch.
          </Typography.Text>
        }
      />
      <Button icon={<PlusOutlined />} onClick={() => setDialog('SERVICE')}>
        Add Service
      </Button>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog('PRODUCT')}>
        Add Item
      </Button>
    </>
  );

  const body = (
    <ServerList<Item>
      noun="items"
      result={items}
      empty={
        total === 0 && !filtered ? (
          <EmptyState
            title="No items yet"
            description="Add what you sell and buy: products with stock, serial numbers and images, or services."
            action={<Flex gap={8} justify="center">{addButtons}</Flex>}
          />
        ) : null
      }
      filters={
        <>
          <ListSearch
            value={query.q ?? ''}
            onSearch={(q) => set({ q })}
            placeholder="Search by name, code, HSN or SAC"
            label="Search items"
          />
          <Select
            allowClear
            aria-label="Filter by category"
            placeholder="All categories"
            style={{ width: 200 }}
            value={query.categoryId ?? null}
            options={(categories ?? []).map((c) => ({ value: c.id, label: c.catagory }))}
            onChange={(v: string | undefined) => set({ categoryId: v })}
            showSearch={{ optionFilterProp: 'label' }}
          />
          <Segmented
            aria-label="Item type"
            value={query.itemType ?? 'ALL'}
            options={[
              { value: 'ALL', label: 'All' },
              { value: 'PRODUCT', label: 'Products' },
              { value: 'SERVICE', label: 'Services' },
            ]}
            onChange={(v) => set({ itemType: v === 'ALL' ? undefined : String(v) })}
          />
          <Checkbox checked={!!query.lowStock} onChange={(e) => set({ lowStock: e.target.checked })}>
            Low stock only
          </Checkbox>
        </>
      }
      rows={data?.data}
      table={{
        columns,
        loading: isLoading,
        // Fits a 1280-pixel screen beside the side bar, stock included; narrower screens scroll.
        scroll: { x: 920 },
        onRow: (item) => ({ onDoubleClick: () => navigate(itemPath(item)) }),
      }}
      paging={{
        page,
        pageSize,
        total,
        noun: 'items',
        // A new page size starts again at page 1.
        onChange: (next, size) => set({ page: size === pageSize ? next : 1, pageSize: size }),
      }}
      noMatch={{ title: 'No item matches these filters' }}
      onClearFilters={() => set({ q: undefined, categoryId: undefined, itemType: undefined, lowStock: undefined })}
    />
  );

  return (
    <>
      <PageHeader
        title="Items"
        subtitle={total ? `${formatCount(total)}${filtered ? ' matching' : ''} ${total === 1 ? 'item' : 'items'}` : undefined}
        extra={
          <>
            <Link to="/create-category">
              <Button icon={<TagsOutlined />}>Categories</Button>
            </Link>
            {total || filtered ? addButtons : null}
          </>
        }
      />
      <WithdrawnRatesNotice onMoved={() => void mutate()} />
      <Card>{body}</Card>
      <ItemDialog
        open={dialog !== null}
        itemType={dialog ?? 'PRODUCT'}
        onClose={(saved) => {
          setDialog(null);
          if (saved) void mutate();
        }}
      />
    </>
  );
}

export default ItemListPage;
