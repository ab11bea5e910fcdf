import { Link, useNavigate } from 'react-router-dom';
import { Button, Card, Segmented, Select, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  PARTY_IMPORT,
  formatCount,
  formatMobile,
  type Party,
  type PartyListQuery,
  type PartyType,
} from '@bahi/shared';
import { EmptyState, ListImport, ListSearch, MONOSPACE, PageHeader, ServerList, useListParams } from '@bahi/shared/ui';
import { partyTypeLabel, usePartyCategories, usePartyPage } from '../../components/party-data';
import { PartyBalance } from '../../components/party-balance';

export { SEARCH_DEBOUNCE_MS } from '@bahi/shared/ui';

const dash = <Typography.Text type="secondary">-</Typography.Text>;
const TYPE_COLORS: Record<PartyType, string> = { CUSTOMER: 'green', SUPPLIER: 'blue', BOTH: 'purple' };

/** The list's state lives in the URL, so a search or page survives reload and back. */
function usePartyListParams() {
  const list = useListParams(20);
  const { params, page, pageSize } = list;
  const query: PartyListQuery = {
    q: params.get('q') ?? undefined,
    partyType: (params.get('type') as PartyType | null) ?? undefined,
    categoryId: params.get('category') ?? undefined,
    page,
    pageSize,
  };
  return { ...list, query };
}

/** parties: every party of the business, searched, filtered and paged on the server. */
export function PartyListPage() {
  const navigate = useNavigate();
  const { query, page, pageSize, set } = usePartyListParams();
  const parties = usePartyPage(query);
  const { data, isLoading, isValidating } = parties;
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
      width: 160,
      render: (t: PartyType) => <Tag color={TYPE_COLORS[t]}>{partyTypeLabel(t)}</Tag>,
    },
    { title: 'Mobile', dataIndex: 'mobileNumber', width: 150, render: (m: string | null) => formatMobile(m) ?? dash },
    {
      title: 'GSTIN',
      dataIndex: 'gstin',
      width: 190,
      render: (g: string | null) => (g ? <span style={MONOSPACE}>{g}</span> : dash),
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
  const total = data?.meta?.total;
  const noParties = total === 0 && !filtered && page === 1;
  const body = (
    <ServerList<Party>
      noun="parties"
      result={parties}
      empty={
        noParties ? (
          <EmptyState
            title="No parties yet"
            description="Add your customers and suppliers one by one, or bring them all in at once with Bulk import."
            action={addButton}
          />
        ) : null
      }
      filters={
        <>
          <ListSearch value={query.q ?? ''} onSearch={(q) => set({ q })} placeholder="Search name, mobile or GSTIN" label="Search parties" autoFocus />
          <Segmented
            aria-label="Party type"
            value={query.partyType ?? 'ALL'}
            options={[
              { value: 'ALL', label: 'All' },
              { value: 'CUSTOMER', label: 'Customers' },
              { value: 'SUPPLIER', label: 'Suppliers' },
            ]}
            onChange={(v) => set({ type: v === 'ALL' ? undefined : String(v) })}
          />
          <Select
            allowClear
            aria-label="Category"
            placeholder="All categories"
            value={query.categoryId}
            options={(categories ?? []).map((c) => ({ value: c.id, label: c.catagory }))}
            onChange={(v: string | undefined) => set({ category: v })}
            style={{ width: 200 }}
          />
        </>
      }
      rows={data?.data}
      table={{
        columns,
        loading: isValidating && !!data && !isLoading ? { delay: 300 } : false,
        scroll: { x: 900 },
        onRow: (p) => ({ onClick: () => navigate(`/party/${p.id}`), style: { cursor: 'pointer' } }),
      }}
      paging={{ page, pageSize, total, onChange: (next, size) => set({ page: next, pageSize: size }) }}
      noMatch={{ title: 'No party matches', description: query.q ? `Nothing found for “${query.q}”.` : undefined }}
      onClearFilters={() => set({ q: undefined, type: undefined, category: undefined })}
    />
  );

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
            <ListImport area="parties" noun={{ one: 'party', many: 'parties' }} calls={PARTY_IMPORT} />
            {noParties ? null : addButton}
          </>
        }
      />
      <Card>{body}</Card>
    </>
  );
}

export default PartyListPage;
