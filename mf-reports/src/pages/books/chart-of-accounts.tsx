import { useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { App, Button, Card, DatePicker, Flex, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { errorMessage, indiaToday, ledgerApi, revalidateArea, type LedgerAccount } from '@bahi/shared';
import { EmptyState, PageHeader, formatDate, notify } from '@bahi/shared/ui';
import { BranchFilter } from '../reports/components/branch-filter';
import { drCr } from '../reports/components/money';
import { useReportParams } from '../reports/components/report-params';
import { ReportBody, ReportFilters, ReportTable } from '../reports/components/report-view';
import { ledgerPath, useLedgerTree } from './data';
import { CreateLedgerForm, NATURE_LABELS, RenameLedgerForm } from './ledger-form';

interface Row {
  key: string;
  name: ReactNode;
  nature?: string;
  balance: string;
  /** A ledger row's ledger; a group row has none. */
  ledger?: LedgerAccount;
}

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid();

/** Only the user's own ledgers are renamed: the books' own and those of an account or a category keep their names. */
const renamable = (l: LedgerAccount) => l.code === null && l.cashAccountId === null && l.expenseCategoryId === null;
/** The books' own ledgers stay active; any other may be deactivated. */
const deactivatable = (l: LedgerAccount) => l.code === null;

const Balance = ({ value }: { value: string }) => <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{drCr(value)}</span>;

/**
 * /reports/accounts ('Chart of accounts'): the groups of the chart and the ledgers under each with its balance on a
 * date (GET ledger/accounts); a ledger opens its account. New ledgers go under a group with an opening balance; the
 * user's own ledgers can be renamed, and any but the books' own deactivated.
 */
export default function ChartOfAccountsPage() {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { params, set } = useReportParams();
  const today = indiaToday();
  const asOf = isDate(params.get('asOf')) ? params.get('asOf')! : today;
  const branchId = params.get('branchId') || undefined;
  const tree = useLedgerTree({ asOf, branchId });
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<LedgerAccount | null>(null);

  const setActive = (ledger: LedgerAccount, isActive: boolean) => {
    const run = async () => {
      try {
        await ledgerApi.updateAccount(ledger.id, { isActive });
        notify.success(`${ledger.name} ${isActive ? 'activated' : 'deactivated'}`);
        void revalidateArea('reports');
      } catch (e) {
        notify.error(`${ledger.name} not ${isActive ? 'activated' : 'deactivated'}`, { description: errorMessage(e) });
      }
    };
    if (isActive) return void run();
    modal.confirm({
      title: `Deactivate ${ledger.name}?`,
      content: 'It keeps its entries and balance but takes no new ones. You can activate it again later.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: run,
    });
  };

  const columns: TableColumnsType<Row> = [
    {
      title: 'Group / ledger',
      key: 'name',
      render: (_, r) =>
        r.ledger ? (
          <Flex gap={8} align="center" style={{ paddingLeft: 20 }}>
            <Link to={ledgerPath(r.ledger.id, { to: asOf, branchId })}>{r.name}</Link>
            {r.ledger.isActive ? null : <Tag>Inactive</Tag>}
          </Flex>
        ) : (
          <Typography.Text strong>{r.name}</Typography.Text>
        ),
    },
    { title: 'Nature', dataIndex: 'nature', width: 120 },
    { title: 'Balance', dataIndex: 'balance', align: 'right', width: 180, render: (v: string) => <Balance value={v} /> },
    {
      title: 'Actions',
      key: 'actions',
      width: 200,
      render: (_, r) =>
        r.ledger && deactivatable(r.ledger) ? (
          <Flex gap={4}>
            {renamable(r.ledger) ? (
              <Button size="small" aria-label={`Rename ${r.ledger.name}`} onClick={() => setRenaming(r.ledger!)}>
                Rename
              </Button>
            ) : null}
            <Button size="small" aria-label={`${r.ledger.isActive ? 'Deactivate' : 'Activate'} ${r.ledger.name}`} onClick={() => setActive(r.ledger!, !r.ledger!.isActive)}>
              {r.ledger.isActive ? 'Deactivate' : 'Activate'}
            </Button>
          </Flex>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Chart of accounts"
        back="/reports"
        subtitle={`Balances as of ${formatDate(asOf)}`}
        extra={
          <>
            <Button onClick={() => navigate('/reports/journal/new')}>Journal voucher</Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              New ledger
            </Button>
          </>
        }
      />
      <ReportFilters>
        <DatePicker
          aria-label="As of date"
          format="DD/MM/YYYY"
          allowClear={false}
          value={dayjs(asOf)}
          onChange={(d) => set({ asOf: d && d.format('YYYY-MM-DD') !== today ? d.format('YYYY-MM-DD') : undefined })}
        />
        <BranchFilter value={branchId} onChange={(v) => set({ branchId: v })} />
      </ReportFilters>
      <Card>
        <ReportBody result={tree} errorTitle="Error loading the chart of accounts">
          {(d) => (
            <ReportTable<Row>
              rowKey="key"
              columns={columns}
              rows={d.groups.flatMap((g) => [
                { key: `group-${g.code}`, name: g.name, nature: NATURE_LABELS[g.nature], balance: g.balance },
                ...g.ledgers.map((l) => ({ key: l.id, name: l.name, balance: l.balance, ledger: l })),
              ])}
              loading={tree.isValidating}
              scrollX={800}
              pagination={false}
              empty={<EmptyState title="No ledgers yet" />}
            />
          )}
        </ReportBody>
      </Card>
      <CreateLedgerForm open={creating} onClose={() => setCreating(false)} />
      <RenameLedgerForm ledger={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
