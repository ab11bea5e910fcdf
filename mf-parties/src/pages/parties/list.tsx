import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, Flex, Input, Segmented, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import {
  PARTY_IMPORT,
  errorMessage,
  formatCount,
  formatMobile,
  revalidateArea,
  type Party,
  type PartyListQuery,
  type PartyType,
} from '@bahi/shared';
import { BulkImport, EmptyState, ErrorState, PageHeader, TableSkeleton } from '@bahi/shared/ui';
import { partyTypeLabel, usePartyCategories, usePartyPage } from '../../components/party-data';
import { PartyBalance } from '../../components/party-balance';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const dash = <Typography.Text type="secondary">-</Typography.Text>;
export const SEARCH_DEBOUNCE_MS = 300;
const PAGE_SIZES = [20, 50, 100];

/** The list's state lives in the URL, so a search or page survives reload and back. */
function useListParams() {
  const [params, setParams] = useSearchParams();
  const pageSize = Number(params.get('pageSize'));
  const query: PartyListQuery = {
    q: params.get('q') ?? undefined,
    partyType: (params.get('type') as PartyType | null) ?? undefined,
    categoryId: params.get('category') ?? undefined,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(pageSize) ? pageSize : PAGE_SIZES[0],
  };
  const update = (changes: Record<string, string | number | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v === undefined || v === '' || (k === 'page' && v === 1)) next.delete(k);
          else next.set(k, String(v));
        }
        return next;
      },
      { replace: true },
    );
  return { query, update };
}

/** The search box: types freely, asks the server once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text restarts the pause; the callback changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <Input
      allowClear
      autoFocus
      prefix={<SearchOutlined />}
      placeholder="Search name, mobile or GSTIN"
      aria-label="Search parties"
      value={text}
      onChange={(e) => setText(e.target.value)}
      style={{ width: 320, maxWidth: '100%' }}
    />
  );
}

/** parties: every party of the business, searched, filtered and paged on the server. */
export function PartyListPage() {
  const navigate = useNavigate();
  const { query, update } = useListParams();
  const { data, error, isLoading, isValidating, mutate } = usePartyPage(query);
  const { data: categories } = usePartyCategories();
  const filtered = !!(query.q || query.partyType || query.categoryId);

  const columns: TableColumnsType<Party> = [
    {
      title: 'Name',
      dataIndex: 'name',
      render: (name: string, p) => (
        <Link to={`/party/${p.id}`} style={{ fontWeight: 500 }} onClick={(e) => e.stopPropagation()}>
          {name}
        </Link>
      ),
    },
    {
      title: 'Type',
      dataIndex: 'partyType',
      width: 110,
      render: (t: PartyType) => <Tag color={t === 'CUSTOMER' ? 'green' : 'blue'}>{partyTypeLabel(t)}</Tag>,
    },
    { title: 'Mobile', dataIndex: 'mobileNumber', width: 150, render: (m: string | null) => formatMobile(m) ?? dash },
    {
      title: 'GSTIN',
      dataIndex: 'gstin',
      width: 190,
      render: (g: string | null) => (g ? <span style={mono}>{g}</span> : dash),
    },
    {
      title: 'Category',
      key: 'category',
      width: 150,
      render: (_, p) => p.partyCatagory?.catagory ?? dash,
    },
    {
      title: 'Balance',
      key: 'balance',
      width: 180,
      align: 'right',
      render: (_, p) => <PartyBalance party={p} />,
    },
  ];

  const addButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/parties/create-party')}>
      Add party
    </Button>
  );
  const importButton = (
    <BulkImport
      noun={{ one: 'party', many: 'parties' }}
      endpoint={PARTY_IMPORT.endpoint}
      templateEndpoint={PARTY_IMPORT.templateEndpoint}
      templateFileName="parties-import-template.xlsx"
      errorReportFileName="parties-import-errors.xlsx"
      onImported={() => void revalidateArea('parties')}
    />
  );

  const total = data?.meta?.total;
  const noParties = total === 0 && !filtered && query.page === 1;
  let body;
  if (error && !data) {
    body = <ErrorState title="Error loading parties" detail={errorMessage(error)} onRetry={() => mutate()} />;
  } else if (isLoading && !data) {
    body = <TableSkeleton rows={8} />;
  } else if (noParties) {
    body = (
      <EmptyState
        title="No parties yet"
        description="Add your customers and suppliers one by one, or bring them all in at once with Bulk import."
        action={addButton}
      />
    );
  } else {
    body = (
      <>
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          <SearchBox value={query.q ?? ''} onSearch={(q) => update({ q, page: 1 })} />
          <Segmented
            aria-label="Party type"
            value={query.partyType ?? 'ALL'}
            options={[
              { value: 'ALL', label: 'All' },
              { value: 'CUSTOMER', label: 'Customers' },
              { value: 'SUPPLIER', label: 'Suppliers' },
            ]}
            onChange={(v) => update({ type: v === 'ALL' ? undefined : String(v), page: 1 })}
          />
          <Select
            allowClear
            aria-label="Category"
            placeholder="All categories"
            value={query.categoryId}
            options={(categories ?? []).map((c) => ({ value: c.id, label: c.catagory }))}
            onChange={(v: string | undefined) => update({ category: v, page: 1 })}
            style={{ width: 200 }}
          />
        </Flex>
        <Table<Party>
          rowKey="id"
          columns={columns}
          dataSource={data?.data ?? []}
          loading={isValidating && !!data && !isLoading ? { delay: 300 } : false}
          size="middle"
          scroll={{ x: 900 }}
          onRow={(p) => ({ onClick: () => navigate(`/party/${p.id}`), style: { cursor: 'pointer' } })}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (n, [from, to]) => `${formatCount(from)}-${formatCount(to)} of ${formatCount(n)}`,
            onChange: (page, pageSize) => update({ page, pageSize: pageSize === PAGE_SIZES[0] ? undefined : pageSize }),
          }}
          locale={{
            emptyText: (
              <EmptyState
                title="No party matches"
                description={query.q ? `Nothing found for “${query.q}”.` : undefined}
                action={<Button onClick={() => update({ q: undefined, type: undefined, category: undefined, page: 1 })}>Clear filters</Button>}
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
        title="Parties"
        subtitle={
          total === undefined
            ? '\u00a0'
            : `${formatCount(total)} ${filtered ? 'matching ' : ''}${total === 1 ? 'party' : 'parties'}`
        }
        extra={
          // Always mounted: the import dialog must outlive the switch from the empty state to the table.
          <>
            {importButton}
            {noParties ? null : addButton}
          </>
        }
      />
      <Card>{body}</Card>
    </>
  );
}

export default PartyListPage;
