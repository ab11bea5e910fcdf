import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, DatePicker, Flex, Input, Select, Skeleton, Table, Typography } from 'antd';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { errorMessage, formatIndianNumber, indiaToday, type PartyType } from '@bahi/shared';
import { EmptyState, ErrorState, TableSkeleton } from '../page';
import { formatDate } from './format';
import { PartyFilter } from './party-filter';
import { DEFAULT_PERIOD, PERIODS, isPeriod, periodRange, type Period } from './periods';

/*
 * The parts of a document list (sales invoices and quotations, purchase bills): filters kept in the address,
 * summary cards, the filter bar and the paged table.
 */

export const LIST_PAGE_SIZES = [20, 50, 100];
export const DEFAULT_LIST_PAGE_SIZE = 20;
const PAGE_SIZES = LIST_PAGE_SIZES;

/** The pagination of every list and report table: 20, 50 or 100 a page, and "1-20 of 1,234 <noun>". */
export function listPagination(p: {
  page: number;
  pageSize: number;
  total: number;
  /** What a row is, plural: "invoices", "items", "entries". */
  noun: string;
  onChange: (page: number, pageSize: number) => void;
  hideOnSinglePage?: boolean;
}): TablePaginationConfig {
  return {
    current: p.page,
    pageSize: p.pageSize,
    total: p.total,
    ...(p.hideOnSinglePage ? { hideOnSinglePage: true } : {}),
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES,
    showTotal: (total, [from, to]) => `${from}-${to} of ${formatIndianNumber(total)} ${p.noun}`,
    onChange: p.onChange,
  };
}
const DEFAULT_PAGE_SIZE = DEFAULT_LIST_PAGE_SIZE;

export interface DocumentListQuery {
  q?: string;
  partyId?: string;
  status?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** The filters live in the address: a filtered list can be shared, and survives a reload and the back button. */
export function useDocumentListParams(statuses: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const period: Period = isPeriod(params.get('period')) ? (params.get('period') as Period) : DEFAULT_PERIOD;
  const range = periodRange(period, indiaToday(), { from: params.get('from') ?? undefined, to: params.get('to') ?? undefined });
  const status = statuses.find((s) => s === params.get('status'));
  const pageSize = PAGE_SIZES.includes(Number(params.get('pageSize'))) ? Number(params.get('pageSize')) : DEFAULT_PAGE_SIZE;
  const query: DocumentListQuery = {
    q: params.get('q') ?? undefined,
    partyId: params.get('partyId') ?? undefined,
    status,
    ...range,
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize,
  };
  const set = (patch: Record<string, string | number | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined || v === '') next.delete(k);
          else next.set(k, String(v));
        }
        // Any change but turning the page starts again at page 1.
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  const [search, setSearch] = useState(query.q ?? '');

  // Type freely; the list follows 300 ms after the last key.
  useEffect(() => {
    const t = setTimeout(() => {
      if ((query.q ?? '') !== search.trim()) set({ q: search.trim() });
    }, 300);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const filtered = !!(query.q || query.partyId || query.status);
  const clear = () => {
    setSearch('');
    set({ q: undefined, partyId: undefined, status: undefined });
  };
  const onPage = (page: number, pageSize: number) =>
    set({ page: page > 1 && pageSize === query.pageSize ? page : undefined, pageSize: pageSize === DEFAULT_PAGE_SIZE ? undefined : pageSize });
  return { params, period, query, set, search, setSearch, filtered, clear, onPage };
}

export type DocumentListParams = ReturnType<typeof useDocumentListParams>;

/** A figure of the list's sums; a placeholder of the same height until it arrives. */
export function SummaryCard({ title, value, tone }: { title: string; value: string | undefined; tone?: 'success' | 'danger' }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {/* A fixed height, so nothing moves when the figures arrive. */}
      <div style={{ height: 32, marginTop: 4, display: 'flex', alignItems: 'center' }}>
        {value === undefined ? (
          <Skeleton.Input active size="small" style={{ width: 120 }} />
        ) : (
          <Typography.Text strong type={tone} style={{ fontSize: 22, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}

export interface ListBodyProps<Row> {
  noun: { one: string; many: string };
  columns: TableColumnsType<Row>;
  rows: Row[] | undefined;
  total: number | undefined;
  error: unknown;
  loading: boolean;
  retry: () => void;
  filtered: boolean;
  page: number;
  pageSize: number;
  onPage: (page: number, pageSize: number) => void;
  onOpen: (row: Row) => void;
  onClear: () => void;
  create: ReactNode;
}

export function DocumentListBody<Row extends { id: string }>(p: ListBodyProps<Row>) {
  if (p.error && !p.rows) {
    return <ErrorState title={`Error loading ${p.noun.many}`} detail={errorMessage(p.error)} onRetry={p.retry} />;
  }
  if (!p.rows) return <TableSkeleton rows={8} />;
  return (
    <Table<Row>
      rowKey="id"
      columns={p.columns}
      dataSource={p.rows}
      loading={p.loading}
      size="middle"
      scroll={{ x: 900 }}
      onRow={(row) => ({ onClick: () => p.onOpen(row), style: { cursor: 'pointer' } })}
      pagination={listPagination({ page: p.page, pageSize: p.pageSize, total: p.total ?? 0, noun: p.noun.many, onChange: p.onPage })}
      locale={{
        emptyText: p.filtered ? (
          <EmptyState title={`No ${p.noun.one} matches these filters`} action={<Button onClick={p.onClear}>Clear filters</Button>} />
        ) : (
          <EmptyState title={`No ${p.noun.many} in this period`} action={p.create} />
        ),
      }}
    />
  );
}

export interface DocumentListFiltersProps {
  list: DocumentListParams;
  statusOptions: { value: string; label: string }[];
  /** Customers on a sales list, suppliers on a purchase list. */
  partyType?: PartyType;
  searchLabel: string;
  searchPlaceholder: string;
}

/** The period of a list kept in the address: a preset (its dates shown beside it) or custom dates. */
export function PeriodFilter({ list }: { list: Pick<DocumentListParams, 'period' | 'query' | 'set'> }) {
  const { period, query, set } = list;
  return (
    <>
      <Select
        aria-label="Period"
        style={{ width: 170 }}
        value={period}
        options={PERIODS.map((p) => ({ value: p.value, label: p.label }))}
        onChange={(v: Period) => {
          if (v === 'custom') set({ period: v, from: query.from, to: query.to });
          else set({ period: v === DEFAULT_PERIOD ? undefined : v, from: undefined, to: undefined });
        }}
      />
      {period === 'custom' ? (
        <DatePicker.RangePicker
          aria-label="Custom dates"
          format="DD/MM/YYYY"
          allowEmpty={[true, true]}
          value={[query.from ? dayjs(query.from) : null, query.to ? dayjs(query.to) : null]}
          onChange={(range) =>
            set({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })
          }
        />
      ) : (
        <Typography.Text type="secondary" style={{ alignSelf: 'center', minWidth: 190 }}>
          {formatDate(query.from)} – {formatDate(query.to)}
        </Typography.Text>
      )}
    </>
  );
}

/** Period (presets or custom dates), status, party and a search, all kept in the address. */
export function DocumentListFilters({ list, statusOptions, partyType = 'CUSTOMER', searchLabel, searchPlaceholder }: DocumentListFiltersProps) {
  const { query, set, search, setSearch } = list;
  return (
    <Flex gap={12} wrap style={{ marginBottom: 16 }}>
      <PeriodFilter list={list} />
      <Select
        allowClear
        aria-label="Filter by status"
        placeholder="All statuses"
        style={{ width: 150 }}
        value={query.status ?? null}
        options={statusOptions}
        onChange={(v: string | undefined) => set({ status: v })}
      />
      <PartyFilter value={query.partyId} partyType={partyType} onChange={(v) => set({ partyId: v })} />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={searchPlaceholder}
        aria-label={searchLabel}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        style={{ flex: '1 1 200px', maxWidth: 320 }}
      />
    </Flex>
  );
}
