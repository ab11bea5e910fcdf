import { useState } from 'react';
import { App, Button, Card, Dropdown, Flex, Table, Tag, Typography } from 'antd';
import { MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { CASH_ACCOUNT_NAME, accountApi, errorMessage, fromPaise, revalidateArea, toPaise, type Account } from '@bahi/shared';
import { EmptyState, ErrorState, LoadingState, PageHeader, notify } from '@bahi/shared/ui';
import { useAccounts } from '../../components/cash-bank-data';
import { AdjustForm } from './adjust-form';
import { BankAccountForm } from './bank-account-form';
import { Balance, Ledger, type LedgerFilter } from './ledger';
import { PartyPaymentForm } from './party-payment-form';
import { TransferForm, type TransferKind } from './transfer-form';
import type { PaymentDirection } from './allocation';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; account: Account }
  | { kind: 'transfer'; transfer: TransferKind }
  | { kind: 'adjust' }
  | { kind: 'payment'; direction: PaymentDirection }
  | null;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Cash & bank: every account with its balance and the total; the chosen account's ledger; adding and editing bank
 * accounts, deposits, withdrawals, transfers, adjustments, and payments in and out allocated to open bills.
 * The chosen account, dates and page live in the URL, so a reload or a shared link opens the same view.
 */
export default function CashBankPage() {
  const { data: accounts, error, mutate } = useAccounts();
  const [params, setParams] = useSearchParams();
  // ?action=payment-in (the home screen's quick action) opens the payment form at once.
  const [dialog, setDialog] = useState<Dialog>(() => (params.get('action') === 'payment-in' ? { kind: 'payment', direction: 'IN' } : null));
  const { modal } = App.useApp();

  if (error && !accounts) {
    return (
      <>
        <PageHeader title="Cash and bank" />
        <ErrorState title="Error loading accounts" detail={errorMessage(error)} onRetry={() => void mutate()} />
      </>
    );
  }
  if (!accounts) return <LoadingState label="Loading accounts..." />;

  const selected = accounts.find((a) => a.id === params.get('account')) ?? accounts[0];
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const filter: LedgerFilter = { from: DATE.test(from) ? from : undefined, to: DATE.test(to) ? to : undefined, page };
  const show = (accountId: string, f: LedgerFilter) => {
    const next = new URLSearchParams();
    next.set('account', accountId);
    if (f.from) next.set('from', f.from);
    if (f.to) next.set('to', f.to);
    if (f.page > 1) next.set('page', String(f.page));
    setParams(next, { replace: true });
  };

  const total = fromPaise(accounts.reduce((sum, a) => sum + toPaise(a.balance), 0));
  const banks = accounts.filter((a) => a.type === 'BANK' && a.isActive);
  const close = () => {
    setDialog(null);
    // A reload after the form is done shows the page, not the form again.
    if (params.has('action')) setParams((p) => (p.delete('action'), p), { replace: true });
  };

  const setActive = (account: Account, active: boolean) => {
    const run = async () => {
      try {
        await (active ? accountApi.activate(account.id) : accountApi.deactivate(account.id));
        notify.success(`${account.displayName} ${active ? 'activated' : 'deactivated'}`);
        void revalidateArea('accounts');
      } catch (e) {
        notify.error(`${account.displayName} not ${active ? 'activated' : 'deactivated'}`, { description: errorMessage(e) });
      }
    };
    if (active) return void run();
    modal.confirm({
      title: `Deactivate ${account.displayName}?`,
      content: 'It keeps its history and balance but takes no new transactions. You can activate it again later.',
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: run,
    });
  };

  const remove = (account: Account) =>
    modal.confirm({
      title: `Delete ${account.displayName}?`,
      content: 'It has no transactions, so nothing else changes.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await accountApi.deleteAccount(account.id);
          notify.success(`${account.displayName} deleted`);
          if (selected?.id === account.id) setParams(new URLSearchParams(), { replace: true });
          void revalidateArea('accounts');
        } catch (e) {
          notify.error(`${account.displayName} not deleted`, { description: errorMessage(e) });
        }
      },
    });

  const columns = [
    {
      title: 'Account',
      key: 'name',
      render: (_: unknown, a: Account) => (
        <Flex gap={8} align="center" wrap>
          <Button type="link" style={{ padding: 0 }} aria-pressed={a.id === selected?.id} onClick={() => show(a.id, { page: 1 })}>
            {a.displayName}
          </Button>
          {a.isActive ? null : <Tag>Inactive</Tag>}
        </Flex>
      ),
    },
    {
      title: 'Bank details',
      key: 'bank',
      render: (_: unknown, a: Account) =>
        a.type === 'CASH' ? (
          <Typography.Text type="secondary">Cash</Typography.Text>
        ) : (
          [a.bankName, a.accountNumber, a.ifsc, a.upiId].filter(Boolean).join(' · ')
        ),
    },
    { title: 'Balance', key: 'balance', align: 'right' as const, render: (_: unknown, a: Account) => <Balance amount={a.balance} /> },
    {
      title: <span aria-label="Actions" />,
      key: 'actions',
      width: 56,
      render: (_: unknown, a: Account) => (
        <Dropdown
          trigger={['click']}
          destroyOnHidden
          menu={{
            items: [
              ...(a.type === 'BANK' ? [{ key: 'edit', label: 'Edit' }] : []),
              { key: 'adjust', label: 'Adjust balance' },
              ...(a.type === 'BANK' ? [a.isActive ? { key: 'deactivate', label: 'Deactivate', danger: true } : { key: 'activate', label: 'Activate' }] : []),
              // Only never-used accounts can go; a used one keeps its history (deactivate it instead).
              ...(a.type === 'BANK' && !a.isUsed ? [{ key: 'delete', label: 'Delete', danger: true }] : []),
            ],
            onClick: ({ key }) => {
              if (key === 'edit') setDialog({ kind: 'edit', account: a });
              else if (key === 'adjust') {
                show(a.id, { page: 1 });
                setDialog({ kind: 'adjust' });
              } else if (key === 'delete') remove(a);
              else setActive(a, key === 'activate');
            },
          }}
        >
          <Button type="text" icon={<MoreOutlined />} aria-label={`Actions for ${a.displayName}`} />
        </Dropdown>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Cash and bank"
        extra={
          <Flex gap={8} wrap>
            <Button onClick={() => setDialog({ kind: 'payment', direction: 'IN' })}>Payment in</Button>
            <Button onClick={() => setDialog({ kind: 'payment', direction: 'OUT' })}>Payment out</Button>
            <Button onClick={() => setDialog({ kind: 'transfer', transfer: 'DEPOSIT' })} disabled={!banks.length}>
              Deposit
            </Button>
            <Button onClick={() => setDialog({ kind: 'transfer', transfer: 'WITHDRAWAL' })} disabled={!banks.length}>
              Withdraw
            </Button>
            <Button onClick={() => setDialog({ kind: 'transfer', transfer: 'TRANSFER' })} disabled={!banks.length}>
              Transfer
            </Button>
            <Button onClick={() => setDialog({ kind: 'adjust' })}>Adjust</Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              Add bank account
            </Button>
          </Flex>
        }
      />
      <Card style={{ marginBottom: 16 }}>
        <Table<Account>
          aria-label="Accounts"
          size="middle"
          rowKey="id"
          pagination={false}
          columns={columns}
          dataSource={accounts}
          rowClassName={(a) => (a.id === selected?.id ? 'ant-table-row-selected' : '')}
          locale={{ emptyText: <EmptyState title="No accounts" description={`${CASH_ACCOUNT_NAME} appears once the business is set up.`} /> }}
          summary={() => (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <Typography.Text strong>Total</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <span aria-label="Total balance">
                  <Balance amount={total} strong />
                </span>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} />
            </Table.Summary.Row>
          )}
        />
        {banks.length === 0 ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            Add a bank account to deposit, withdraw and take payments by UPI, card or bank transfer.
          </Typography.Paragraph>
        ) : null}
      </Card>
      {selected ? <Ledger key={selected.id} account={selected} filter={filter} onFilter={(f) => show(selected.id, f)} /> : null}

      <BankAccountForm open={dialog?.kind === 'add' || dialog?.kind === 'edit'} account={dialog?.kind === 'edit' ? dialog.account : undefined} onClose={close} />
      <TransferForm
        open={dialog?.kind === 'transfer'}
        kind={dialog?.kind === 'transfer' ? dialog.transfer : 'TRANSFER'}
        accounts={accounts}
        preset={selected}
        onClose={close}
      />
      <AdjustForm open={dialog?.kind === 'adjust'} accounts={accounts} preset={selected} onClose={close} />
      <PartyPaymentForm open={dialog?.kind === 'payment'} direction={dialog?.kind === 'payment' ? dialog.direction : 'IN'} accounts={accounts} onClose={close} />
    </>
  );
}
