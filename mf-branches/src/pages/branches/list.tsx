import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, Input, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { errorMessage, formatMobile, useActiveBranchId, type Branch } from '@bahi/shared';
import { EmptyState, ErrorState, PageHeader, TableSkeleton } from '@bahi/shared/ui';
import { branchMatches, branchPlace, useBranches } from '../../components/branch-data';
import { BranchDrawer } from '../../components/branch-drawer';
import { BranchTags } from '../../components/branch-tags';
import { useMakeActive } from '../../components/make-active';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** /store-branch: every branch of the business, searchable, with create and make-active. */
export function BranchListPage() {
  const { data, error, isLoading, mutate } = useBranches();
  const activeId = useActiveBranchId();
  const { makeActive, pendingId } = useMakeActive();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const q = params.get('q') ?? '';

  const setQuery = (value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('q', value);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );

  const rows = useMemo(() => (data ?? []).filter((b) => branchMatches(b, q)), [data, q]);
  const activeBranch = data?.find((b) => b.id === activeId);

  const columns: TableColumnsType<Branch> = [
    {
      title: 'Branch',
      key: 'name',
      render: (_, b) => (
        <Flex align="center" gap={8} wrap>
          <Link to={`/store-branch/${b.id}`} style={{ fontWeight: 500 }}>
            {b.name}
          </Link>
          <BranchTags branch={b} />
        </Flex>
      ),
      sorter: (a, b) => a.name.localeCompare(b.name, 'en-IN'),
    },
    {
      title: 'City / State',
      key: 'place',
      width: 240,
      render: (_, b) => branchPlace(b) ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: 'GSTIN',
      dataIndex: 'gstin',
      width: 200,
      render: (gstin: string | null) =>
        gstin ? <span style={mono}>{gstin}</span> : <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      title: 'Phone',
      dataIndex: 'phone',
      width: 170,
      render: (phone: string | null) =>
        formatMobile(phone) ?? <Typography.Text type="secondary">-</Typography.Text>,
    },
    {
      key: 'actions',
      align: 'right',
      width: 140,
      render: (_, b) =>
        activeId === b.id ? null : (
          <Button
            size="small"
            loading={pendingId === b.id}
            disabled={!!pendingId && pendingId !== b.id}
            onClick={() => makeActive(b)}
            aria-label={`Make ${b.name} active`}
          >
            Make active
          </Button>
        ),
    },
  ];

  const createButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
      Create branch
    </Button>
  );

  let body;
  if (error && !data) {
    body = <ErrorState title="Error loading branches" detail={errorMessage(error)} onRetry={() => mutate()} />;
  } else if (isLoading || !data) {
    body = <TableSkeleton rows={6} />;
  } else if (data.length === 0) {
    body = (
      <EmptyState
        title="No branches yet"
        description="Add your shops, godowns and offices to bill from each with its own GSTIN and address."
        action={createButton}
      />
    );
  } else {
    body = (
      <>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Search by name, city, state, GSTIN or phone"
          aria-label="Search branches"
          value={q}
          onChange={(e) => setQuery(e.target.value)}
          style={{ maxWidth: 420, marginBottom: 16 }}
        />
        <Table<Branch>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          size="middle"
          scroll={{ x: 1000 }}
          pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{
            emptyText: (
              <EmptyState
                title={`No branch matches “${q}”`}
                action={<Button onClick={() => setQuery('')}>Clear search</Button>}
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
        title="Store branches"
        subtitle={
          data && data.length > 0
            ? `${data.length} ${data.length === 1 ? 'branch' : 'branches'}${
                activeBranch ? ` · active: ${activeBranch.name}` : ''
              }`
            : undefined
        }
        extra={data && data.length > 0 ? createButton : undefined}
      />
      <Card>{body}</Card>
      <BranchDrawer open={creating} onClose={() => setCreating(false)} />
    </>
  );
}

export default BranchListPage;
