import { useState } from 'react';
import { Button, Card, DatePicker, Flex, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { TRANSACTION_PAGE_SIZE_DEFAULT, errorMessage, formatRupees, type Account, type AccountTransaction } from '@bahi/shared';
import { ErrorState, notify } from '@bahi/shared/ui';
import { useTransactions } from '../../components/cash-bank-data';
import { PAYMENT_MODE_LABELS, TRANSACTION_TYPE_LABELS, formatDate, isNegative } from '../../components/format';
import { downloadLedgerXlsx, downloadText, fetchLedger, ledgerCsv, ledgerFileName } from './ledger-export';

export interface LedgerFilter {
  from?: string;
  to?: string;
  page: number;
}

/** Where a transaction's document opens (a sale invoice, a purchase bill); null for those without a page. */
function documentPath(type: AccountTransaction['documentType'], id: string): string | null {
  if (type === 'SALE') return `/sales/invoice/${id}`;
  if (type === 'PURCHASE') return `/purchases/invoice/${id}`;
  return null;
}

/** Red when below zero (an overdrawn bank account). */
export function Balance({ amount, strong }: { amount: string; strong?: boolean }) {
  const negative = isNegative(amount);
  return (
    <Typography.Text type={negative ? 'danger' : undefined} strong={strong} title={negative ? 'Below zero' : undefined}>
      {formatRupees(amount)}
    </Typography.Text>
  );
}

/** An account's transactions, newest first, each with the balance after it; filtered by date, paged, exportable. */
export function Ledger({ account, filter, onFilter }: { account: Account; filter: LedgerFilter; onFilter: (f: LedgerFilter) => void }) {
  const pageSize = TRANSACTION_PAGE_SIZE_DEFAULT;
  const query = { accountId: account.id, from: filter.from, to: filter.to, page: filter.page, pageSize };
  const { data, error, isLoading, mutate } = useTransactions(query);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);

  const exportLedger = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      if (format === 'xlsx') {
        await downloadLedgerXlsx(account, filter.from, filter.to);
        return;
      }
      const { rows, total } = await fetchLedger(account.id, filter.from, filter.to);
      downloadText(ledgerCsv(account, rows, filter.from, filter.to), ledgerFileName(account, 'csv', filter.from, filter.to));
      if (rows.length < total) notify.warning(`Exported the ${rows.length} oldest of ${total} transactions: narrow the dates to export the rest`);
    } catch (e) {
      notify.error('Ledger not exported', { description: errorMessage(e) });
    } finally {
      setExporting(null);
    }
  };

  const columns = [
    { title: 'Date', key: 'date', render: (_: unknown, t: AccountTransaction) => formatDate(t.date) },
    {
      title: 'Type',
      key: 'type',
      render: (_: unknown, t: AccountTransaction) => (
        <>
          {TRANSACTION_TYPE_LABELS[t.type]}
          {t.mode ? <Typography.Text type="secondary"> · {PAYMENT_MODE_LABELS[t.mode]}</Typography.Text> : null}
        </>
      ),
    },
    {
      title: 'Details',
      key: 'details',
      render: (_: unknown, t: AccountTransaction) => {
        const link = t.documentId && t.documentNumber ? documentPath(t.documentType, t.documentId) : null;
        const rest = [t.reference, t.note].filter(Boolean);
        const parts = [t.partyName, link ? null : t.documentNumber, ...rest].filter(Boolean);
        if (!link) return parts.join(' · ') || '-';
        return (
          <>
            {t.partyName ? `${t.partyName} · ` : null}
            <Link to={link}>{t.documentNumber}</Link>
            {rest.length ? ` · ${rest.join(' · ')}` : null}
          </>
        );
      },
    },
    { title: 'In', key: 'in', align: 'right' as const, render: (_: unknown, t: AccountTransaction) => (t.direction === 'IN' ? formatRupees(t.amount) : '') },
    { title: 'Out', key: 'out', align: 'right' as const, render: (_: unknown, t: AccountTransaction) => (t.direction === 'OUT' ? formatRupees(t.amount) : '') },
    { title: 'Balance', key: 'balance', align: 'right' as const, render: (_: unknown, t: AccountTransaction) => <Balance amount={t.runningBalance} /> },
  ];

  return (
    <Card
      title={
        <Flex gap={8} align="center">
          Ledger: {account.displayName}
          {account.isActive ? null : <Tag>Inactive</Tag>}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            Balance <Balance amount={account.balance} />
          </Typography.Text>
        </Flex>
      }
      extra={
        <Flex gap={8} wrap>
          <DatePicker.RangePicker
            aria-label="Dates"
            format="DD/MM/YYYY"
            allowEmpty={[true, true]}
            value={[filter.from ? dayjs(filter.from) : null, filter.to ? dayjs(filter.to) : null]}
            onChange={(range) =>
              onFilter({ from: range?.[0]?.format('YYYY-MM-DD') ?? undefined, to: range?.[1]?.format('YYYY-MM-DD') ?? undefined, page: 1 })
            }
            placeholder={['From', 'To']}
          />
          <Button
            icon={<DownloadOutlined />}
            loading={exporting === 'xlsx'}
            disabled={exporting !== null}
            onClick={() => void exportLedger('xlsx')}
            title="Download the ledger for these dates as an Excel workbook: opening balance, debit, credit, running and closing balance"
          >
            Export .xlsx
          </Button>
          <Button
            loading={exporting === 'csv'}
            disabled={exporting !== null}
            onClick={() => void exportLedger('csv')}
            title="Download the ledger for these dates as a CSV file"
          >
            Export CSV
          </Button>
        </Flex>
      }
    >
      {error && !data ? (
        <ErrorState title="Error loading transactions" detail={errorMessage(error)} onRetry={() => void mutate()} />
      ) : (
        <Table<AccountTransaction>
          aria-label="Ledger"
          size="small"
          rowKey="id"
          loading={isLoading}
          columns={columns}
          dataSource={data?.data ?? []}
          locale={{ emptyText: filter.from || filter.to ? 'No transactions in these dates' : 'No transactions yet' }}
          pagination={{
            current: filter.page,
            pageSize,
            total: data?.meta.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (page) => onFilter({ ...filter, page }),
          }}
          scroll={{ x: 720 }}
        />
      )}
    </Card>
  );
}
