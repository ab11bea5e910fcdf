import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Card, Input, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { errorMessage, formatCount, type ItemCategoryEntry } from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@bahi/shared/ui';
import { CreateItemCategoryModal } from '../../components/category-modal';
import { useItemCategories } from '../../components/item-data';

const columns: TableColumnsType<ItemCategoryEntry> = [
  {
    title: 'Category',
    dataIndex: 'catagory',
    sorter: (a, b) => a.catagory.localeCompare(b.catagory, 'en-IN'),
    render: (name: string, c) => (
      <Link to={`/items?categoryId=${c.id}`} style={{ fontWeight: 500 }}>
        {name}
      </Link>
    ),
  },
  {
    title: 'Items',
    dataIndex: 'itemCount',
    align: 'right',
    width: 140,
    sorter: (a, b) => a.itemCount - b.itemCount,
    render: (n: number) => formatCount(n),
  },
];

/** create-category: the item categories with how many items each has, and a way to add one. */
export function ItemCategoriesPage() {
  const { data, error, isLoading, mutate } = useItemCategories();
  const [adding, setAdding] = useState(false);
  const [q, setQ] = useState('');
  const rows = useMemo(
    () => (data ?? []).filter((c) => c.catagory.toLowerCase().includes(q.trim().toLowerCase())),
    [data, q],
  );

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
      Add Category
    </Button>
  );

  let body;
  if (error && !data) {
    body = <ErrorState title="Error loading item categories" detail={errorMessage(error)} onRetry={() => mutate()} />;
  } else if (isLoading || !data) {
    body = <TableSkeleton rows={5} />;
  } else if (data.length === 0) {
    body = (
      <EmptyState
        title="No item categories yet"
        description="Group your items (Mobiles, Accessories, Repairs...) to find and report on them faster."
        action={addButton}
      />
    );
  } else {
    body = (
      <>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search categories"
          aria-label="Search categories"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          style={{ maxWidth: 320, marginBottom: 16 }}
        />
        <Table<ItemCategoryEntry>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          size="middle"
          pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: `No category matches “${q}”` }}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        back="/items"
        title="Item Categories"
        subtitle={data && data.length ? `${data.length} ${data.length === 1 ? 'category' : 'categories'}` : undefined}
        extra={data && data.length ? addButton : undefined}
      />
      <Card>{body}</Card>
      <CreateItemCategoryModal
        open={adding}
        onClose={(created) => {
          setAdding(false);
          if (created) void mutate();
        }}
      />
    </>
  );
}

export default ItemCategoriesPage;
