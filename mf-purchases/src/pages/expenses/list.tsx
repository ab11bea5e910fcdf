import { useMemo, useState } from 'react';
import { Button, Card, Col, Flex, Pagination, Row, Select, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { EXPENSE_STATUSES, errorMessage, formatRupees, type Expense, type ExpenseListMeta, type ExpenseListQuery } from '@bahi/shared';
import {
  DocumentListFilters,
  EmptyState,
  ErrorState,
  LIST_PAGE_SIZES,
  PageHeader,
  SummaryCard,
  TableSkeleton,
  formatDate,
  useAccounts,
  useDocumentListParams,
} from '@bahi/shared/ui';
import { useExpenseCategories, useExpenses } from './data';
import { ExpenseDetailDrawer } from './expense-detail';
import { ExpenseQuickAdd } from './expense-form';
import { MonthlyExpenses } from './monthly';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const money = (v: string) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(v)}</span>;
const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'CANCELLED', label: 'Cancelled' },
];

/** A row of the grouped table: a category's heading (its total for the whole period) or one expense. */
type GroupRow = { kind: 'group'; id: string; categoryName: string; count: number; amount: string };
type ExpenseRow = { kind: 'expense' } & Expense;
type TableRow = GroupRow | ExpenseRow;

/**
 * The page's expenses under their categories, largest category first (as meta.sums orders them); each heading
 * carries the category's count and total over every match of the filters, not just this page.
 */
export function groupByCategory(rows: Expense[], sums: ExpenseListMeta['sums']): TableRow[] {
  const order = new Map(sums.byCategory.map((c, i) => [c.categoryId, i]));
  const groups = new Map<string, Expense[]>();
  for (const r of rows) groups.set(r.categoryId, [...(groups.get(r.categoryId) ?? []), r]);
  const ids = [...groups.keys()].sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity));
  return ids.flatMap((categoryId) => {
    const items = groups.get(categoryId)!;
    const sum = sums.byCategory.find((c) => c.categoryId === categoryId);
    const heading: GroupRow = {
      kind: 'group',
      id: `group-${categoryId}`,
      categoryName: items[0].categoryName,
      count: sum?.count ?? 0,
      amount: sum?.amount ?? '0.00',
    };
    return [heading, ...items.map((e): ExpenseRow => ({ kind: 'expense', ...e }))];
  });
}

const SPAN = 5;
const groupCell = (r: TableRow, span: number) => (r.kind === 'group' ? { colSpan: span } : {});

const COLUMNS: TableColumnsType<TableRow> = [
  {
    title: 'Date',
    key: 'date',
    width: 110,
    onCell: (r) => groupCell(r, SPAN),
    render: (_, r) =>
      r.kind === 'group' ? (
        <Flex gap={8} align="baseline" data-testid="category-heading">
          <Typography.Text strong>{r.categoryName}</Typography.Text>
          <Typography.Text type="secondary">
            {r.count} {r.count === 1 ? 'expense' : 'expenses'}
          </Typography.Text>
        </Flex>
      ) : (
        formatDate(r.date)
      ),
  },
  {
    title: 'Number',
    key: 'number',
    width: 150,
    onCell: (r) => groupCell(r, 0),
    render: (_, r) =>
      r.kind === 'expense' ? (
        <Flex gap={6} align="center">
          <span style={mono}>{r.expenseNumber}</span>
          {r.receipt ? (
            <Tooltip title="Receipt attached">
              <PaperClipOutlined aria-label="Receipt attached" />
            </Tooltip>
          ) : null}
        </Flex>
      ) : null,
  },
  {
    title: 'Paid from',
    key: 'account',
    width: 170,
    onCell: (r) => groupCell(r, 0),
    render: (_, r) => (r.kind === 'expense' ? r.accountName : null),
  },
  {
    title: 'Party / notes',
    key: 'party',
    onCell: (r) => groupCell(r, 0),
    render: (_, r) =>
      r.kind === 'expense' ? (
        <Flex vertical>
          {r.partyName ? <span>{r.partyName}</span> : null}
          {r.notes ? (
            <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
              {r.notes}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : null,
  },
  {
    title: 'GST',
    key: 'tax',
    align: 'right',
    width: 120,
    onCell: (r) => groupCell(r, 0),
    render: (_, r) => (r.kind === 'expense' && r.gstRate !== null ? money(r.totalTax) : null),
  },
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    width: 140,
    render: (_, r) =>
      r.kind === 'group' ? (
        <Typography.Text strong data-testid="category-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
          {formatRupees(r.amount)}
        </Typography.Text>
      ) : r.status === 'CANCELLED' ? (
        <Flex vertical align="end">
          <Typography.Text delete>{formatRupees(r.amount)}</Typography.Text>
          <Tag color="red" style={{ marginInlineEnd: 0 }}>
            Cancelled
          </Tag>
        </Flex>
      ) : (
        money(r.amount)
      ),
  },
];

/** expenses: what was spent in a period, by category, with a quick-add form and the months side by side. */
export function ExpensesPage() {
  const list = useDocumentListParams(EXPENSE_STATUSES);
  const { params, query: base, set, onPage } = list;
  const categoryId = params.get('categoryId') ?? undefined;
  const accountId = params.get('accountId') ?? undefined;
  const query: ExpenseListQuery = {
    from: base.from,
    to: base.to,
    q: base.q,
    partyId: base.partyId,
    status: base.status as ExpenseListQuery['status'],
    categoryId,
    accountId,
    page: base.page,
    pageSize: base.pageSize,
  };
  const expenses = useExpenses(query);
  const { data: categories } = useExpenseCategories();
  const { data: accounts } = useAccounts();
  // ?action=new (the home screen's quick action) opens the form at once.
  const [adding, setAdding] = useState(() => params.get('action') === 'new');
  const [openId, setOpenId] = useState<string | null>(null);
  const meta = expenses.data?.meta;
  const rows = useMemo(() => (expenses.data ? groupByCategory(expenses.data.data, expenses.data.meta.sums) : undefined), [expenses.data]);
  const filtered = !!(list.filtered || categoryId || accountId);
  const clear = () => {
    list.clear();
    set({ categoryId: undefined, accountId: undefined });
  };

  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
      Add expense
    </Button>
  );

  let body;
  if (expenses.error && !expenses.data) {
    body = <ErrorState title="Error loading expenses" detail={errorMessage(expenses.error)} onRetry={() => void expenses.mutate()} />;
  } else if (!rows || !meta) {
    body = <TableSkeleton rows={8} />;
  } else {
    body = (
      <>
        <Table<TableRow>
          aria-label="Expenses by category"
          rowKey="id"
          columns={COLUMNS}
          dataSource={rows}
          loading={expenses.isLoading}
          pagination={false}
          size="middle"
          scroll={{ x: 800 }}
          rowClassName={(r) => (r.kind === 'group' ? 'expense-group-row' : '')}
          onRow={(r) =>
            r.kind === 'expense'
              ? { onClick: () => setOpenId(r.id), style: { cursor: 'pointer' } }
              : { style: { background: 'rgba(0,0,0,0.02)' } }
          }
          locale={{
            emptyText: filtered ? (
              <EmptyState title="No expense matches these filters" action={<Button onClick={clear}>Clear filters</Button>} />
            ) : (
              <EmptyState title="No expenses in this period" description="Rent, salaries, electricity: record what the business spends." action={add} />
            ),
          }}
          summary={() =>
            rows.length ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={SPAN}>
                  <Typography.Text strong>Total for the period</Typography.Text>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  <Typography.Text strong data-testid="grand-total" style={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatRupees(meta.sums.total)}
                  </Typography.Text>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            ) : null
          }
        />
        {meta.total > 0 ? (
          <Flex justify="end" style={{ marginTop: 16 }}>
            <Pagination
              current={base.page}
              pageSize={base.pageSize}
              total={meta.total}
              showSizeChanger
              pageSizeOptions={LIST_PAGE_SIZES}
              showTotal={(total, [from, to]) => `${from}-${to} of ${new Intl.NumberFormat('en-IN').format(total)} expenses`}
              onChange={onPage}
            />
          </Flex>
        ) : null}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Expenses" extra={add} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={24} sm={8}>
          <SummaryCard title="Total spent" value={meta && formatRupees(meta.sums.total)} />
        </Col>
        <Col xs={24} sm={8}>
          <SummaryCard title="GST paid" value={meta && formatRupees(meta.sums.totalTax)} />
        </Col>
        <Col xs={24} sm={8}>
          <SummaryCard title="Input tax credit" tone="success" value={meta && formatRupees(meta.sums.itc)} />
        </Col>
      </Row>
      <Card style={{ marginBottom: 16 }}>
        <DocumentListFilters
          list={list}
          statusOptions={STATUS_OPTIONS}
          partyType="SUPPLIER"
          searchLabel="Search expenses"
          searchPlaceholder="Expense number or notes"
        />
        <Flex gap={12} wrap style={{ marginTop: -4, marginBottom: 16 }}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            aria-label="Filter by category"
            placeholder="All categories"
            style={{ width: 220 }}
            value={categoryId ?? null}
            options={(categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
            onChange={(v: string | undefined) => set({ categoryId: v })}
          />
          <Select
            allowClear
            aria-label="Filter by account"
            placeholder="All accounts"
            style={{ width: 220 }}
            value={accountId ?? null}
            options={(accounts ?? []).map((a) => ({ value: a.id, label: a.displayName }))}
            onChange={(v: string | undefined) => set({ accountId: v })}
          />
          {filtered ? <Button onClick={clear}>Clear filters</Button> : null}
        </Flex>
        {body}
      </Card>
      <MonthlyExpenses categoryId={categoryId} accountId={accountId} />
      <ExpenseQuickAdd
        open={adding}
        onClose={(saved) => {
          setAdding(false);
          if (params.has('action')) set({ action: undefined });
          if (saved) void expenses.mutate();
        }}
      />
      <ExpenseDetailDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}

export default ExpensesPage;
