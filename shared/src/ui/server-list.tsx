import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Flex, Input, Table } from 'antd';
import type { TableProps } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { errorMessage, formatCount, revalidateArea, type CacheArea } from '@bahi/shared';
import { BulkImport, type BulkImportProps } from './bulk-import';
import { LIST_PAGE_SIZES, listPagination } from './documents/list';
import { EmptyState, ErrorState, TableSkeleton } from './page';

/*
 * The parts of a master list (items, parties): searched, filtered and paged on the server, its state kept in the
 * address so a list survives a reload and the back button and can be shared.
 */

/** The search box asks the server once typing pauses this long. */
export const SEARCH_DEBOUNCE_MS = 300;

type ParamValue = string | number | boolean | undefined;

/**
 * The list's page and page size from the address, and `set` to change what the address holds. Empty values
 * (undefined, '', false), page 1 and the default page size are left out; any change but turning the page starts
 * again at page 1.
 */
export function useListParams(defaultPageSize: number) {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('pageSize'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = LIST_PAGE_SIZES.includes(size) ? size : defaultPageSize;
  const set = (patch: Record<string, ParamValue>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          const blank = v === undefined || v === '' || v === false;
          if (blank || (k === 'page' && v === 1) || (k === 'pageSize' && v === defaultPageSize)) next.delete(k);
          else next.set(k, String(v));
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { params, page, pageSize, set };
}

/**
 * The search box of a list: shows what is typed at once and calls `onSearch` with it (trimmed) once typing
 * pauses. It follows `value` when the query changes elsewhere (Clear filters, the back button).
 */
export function ListSearch(props: { value: string; onSearch: (q: string) => void; placeholder: string; label: string; autoFocus?: boolean }) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value);
  // A trailing space typed before the pause is kept: the query without it is the same.
  useEffect(() => setText((typed) => (typed.trim() === value ? typed : value)), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Only the typed text restarts the pause; the callback changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return (
    <Input
      allowClear
      autoFocus={props.autoFocus}
      prefix={<SearchOutlined />}
      placeholder={props.placeholder}
      aria-label={props.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      style={{ width: 320, maxWidth: '100%' }}
    />
  );
}

/**
 * The "Bulk import" of an area's list: the template and error report are named after the rows
 * ("items-import-template.xlsx"), and the area's lists refresh after an import.
 */
export function ListImport(props: {
  area: CacheArea;
  noun: BulkImportProps['noun'];
  calls: { endpoint: string; templateEndpoint: string };
  help?: ReactNode;
}) {
  const { area, noun, calls } = props;
  return (
    <BulkImport
      noun={noun}
      endpoint={calls.endpoint}
      templateEndpoint={calls.templateEndpoint}
      templateFileName={`${noun.many}-import-template.xlsx`}
      errorReportFileName={`${noun.many}-import-errors.xlsx`}
      onImported={() => void revalidateArea(area)}
      help={props.help}
    />
  );
}

export interface ServerListProps<Row> {
  /** The rows, plural: "Error loading items". */
  noun: string;
  /** The list's request (SWR's answer). */
  result: { data?: unknown; error?: unknown; isLoading: boolean; mutate: () => unknown };
  /** Shown instead of filters and table while the business has no rows at all. */
  empty?: ReactNode;
  /** The search box and filters above the table. */
  filters: ReactNode;
  rows: Row[] | undefined;
  /** The table's columns, row handlers, loading and scroll. */
  table: Omit<TableProps<Row>, 'rowKey' | 'dataSource' | 'size' | 'pagination' | 'locale'>;
  paging: {
    page: number;
    pageSize: number;
    total: number | undefined;
    /** After the count: "1-50 of 120 items"; without it "1-50 of 120". */
    noun?: string;
    onChange: (page: number, pageSize: number) => void;
  };
  /** What the table says when no row matches the filters; its action is Clear filters. */
  noMatch: { title: string; description?: string };
  onClearFilters: () => void;
}

/** A server-paged list: its error (with Retry) and loading states, the empty state, or filters over the table. */
export function ServerList<Row extends { id: string }>(props: ServerListProps<Row>) {
  const { result, paging } = props;
  if (result.error && !result.data) {
    return <ErrorState title={`Error loading ${props.noun}`} detail={errorMessage(result.error)} onRetry={() => void result.mutate()} />;
  }
  if (!result.data && result.isLoading) return <TableSkeleton rows={8} />;
  if (props.empty) return <>{props.empty}</>;
  const suffix = paging.noun ? ` ${paging.noun}` : '';
  return (
    <>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        {props.filters}
      </Flex>
      <Table<Row>
        rowKey="id"
        dataSource={props.rows ?? []}
        size="middle"
        {...props.table}
        pagination={{
          ...listPagination({ ...paging, total: paging.total ?? 0, noun: paging.noun ?? '' }),
          showTotal: (total, [from, to]) => `${formatCount(from)}-${formatCount(to)} of ${formatCount(total)}${suffix}`,
        }}
        locale={{
          emptyText: <EmptyState {...props.noMatch} action={<Button onClick={props.onClearFilters}>Clear filters</Button>} />,
        }}
      />
    </>
  );
}
