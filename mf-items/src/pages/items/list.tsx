import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Checkbox, Flex, Input, Segmented, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined, TagsOutlined } from '@ant-design/icons';
import {
  ITEM_IMPORT,
  errorMessage,
  formatCount,
  formatQuantity,
  formatRupees,
  isLowStock,
  revalidateArea,
  type Item,
  type ItemListParams,
  type ItemType,
} from '@bahi/shared';
import { BulkImport, EmptyState, ErrorState, PageHeader, TableSkeleton } from '@bahi/shared/ui';
import { ItemDialog } from '../../components/item-dialog';
import { itemPath, useItemCategories, useItems } from '../../components/item-data';

const PAGE_SIZES = [20, 50, 100];
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const dash = <Typography.Text type="secondary">-</Typography.Text>;

/** The list's filters live in the address, so a filtered list can be shared and survives a reload. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const query: ItemListParams = {
    q: params.get('q') ?? undefined,
    categoryId: params.get('categoryId') ?? undefined,
    itemType: (['PRODUCT', 'SERVICE'] as const).find((t) => t === params.get('itemType')),
    lowStock: params.get('lowStock') === 'true' ? true : undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : 50,
  };
  const set = (patch: Record<string, string | number | boolean | undefined>, resetPage = true) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '' || v === false) next.delete(k);
          else next.set(k, String(v));
        }
        if (resetPage && !('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { query, set };
}

/** items/*: every item of the business, searched, filtered and paged on the server. */
export function ItemListPage() {
  const { query, set } = useListParams();
  const navigate = useNavigate();
  const { data, error, isLoading, mutate } = useItems(query);
  const total = data ? (data.meta?.total ?? data.data.length) : undefined;
  const { data: categories } = useItemCategories();
  const [search, setSearch] = useState(query.q ?? '');
  const [dialog, setDialog] = useState<ItemType | null>(null);

  // Type freely; the list follows 300 ms after the last key.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((query.q ?? '') !== search.trim()) set({ q: search.trim() });
    }, 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

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
        render: (_, item) => <span style={mono}>{item.itemCode ?? item.serviceCode}</span>,
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
      {
        title: 'Purchase Price',
        dataIndex: 'purchasePrice',
        align: 'right',
        width: 130,
        render: (v: string | null) => (v === null ? dash : formatRupees(v)),
      },
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
    [],
  );

  const filtered = !!(query.q || query.categoryId || query.itemType || query.lowStock);
  const addButtons = (
    <>
      <BulkImport
        noun={{ one: 'item', many: 'items' }}
        endpoint={ITEM_IMPORT.endpoint}
        templateEndpoint={ITEM_IMPORT.templateEndpoint}
        templateFileName="items-import-template.xlsx"
        errorReportFileName="items-import-errors.xlsx"
        onImported={() => void revalidateArea('items')}
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

  let body;
  if (error && !data) {
    body = <ErrorState title="Error loading items" detail={errorMessage(error)} onRetry={() => mutate()} />;
  } else if (!data && isLoading) {
    body = <TableSkeleton rows={8} />;
  } else if (total === 0 && !filtered) {
    body = (
      <EmptyState
        title="No items yet"
        description="Add what you sell and buy: products with stock, serial numbers and images, or services."
        action={<Flex gap={8} justify="center">{addButtons}</Flex>}
      />
    );
  } else {
    body = (
      <>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Search by name, code, HSN or SAC"
            aria-label="Search items"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            style={{ width: 320 }}
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
          <Checkbox checked={!!query.lowStock} onChange={(e) => set({ lowStock: e.target.checked })} style={{ alignSelf: 'center' }}>
            Low stock only
          </Checkbox>
        </Flex>
        <Table<Item>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isLoading}
          size="middle"
          // Fits a 1280-pixel screen beside the side bar, stock included; narrower screens scroll.
          scroll={{ x: 920 }}
          onRow={(item) => ({ onDoubleClick: () => navigate(itemPath(item)) })}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total, [from, to]) => `${formatCount(from)}-${formatCount(to)} of ${formatCount(total)} items`,
            onChange: (page, pageSize) =>
              set({ page: page > 1 && pageSize === query.pageSize ? page : undefined, pageSize: pageSize === 50 ? undefined : pageSize }, false),
          }}
          locale={{
            emptyText: (
              <EmptyState
                title="No item matches these filters"
                action={
                  <Button
                    onClick={() => {
                      setSearch('');
                      set({ q: undefined, categoryId: undefined, itemType: undefined, lowStock: undefined });
                    }}
                  >
                    Clear filters
                  </Button>
                }
              />
            ),
          }}
        />
      </>
    );
  }

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
