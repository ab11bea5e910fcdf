import { useEffect, useMemo, useState } from 'react';
import { Alert, Col, Form, Input, Radio, Row, Select, Table, Typography } from 'antd';
import {
  ACCOUNT_LIMITS,
  PartyPaymentRequest,
  formatRupees,
  fromPaise,
  indiaToday,
  paymentApi,
  revalidateArea,
  toPaise,
  type Account,
  type Party,
  type PaymentMode,
} from '@bahi/shared';
import {
  DateField,
  PaymentAccountField,
  PaymentModeField,
  PaymentReferenceField,
  notify,
  paymentAccountId,
  useSaveAttempt,
} from '@bahi/shared/ui';
import { useOpenBills, usePartySearch } from '../../components/cash-bank-data';
import { FormModal, MoneyInput, apiErrors, errorsOf, itemError, type Errors } from '../../components/form-modal';
import { formatDate } from '../../components/format';
import { allocateManually, allocateOldestFirst, type AllocationLine, type PaymentDirection } from './allocation';

interface Values {
  partyId: string | undefined;
  amount: string;
  mode: PaymentMode;
  accountId: string | undefined;
  date: string;
  reference: string;
  note: string;
}
type Field = keyof Values | 'allocations';
const FIELDS: Field[] = ['partyId', 'amount', 'mode', 'accountId', 'date', 'reference', 'note', 'allocations'];
const initial = (): Values => ({ partyId: undefined, amount: '', mode: 'CASH', accountId: undefined, date: indiaToday(), reference: '', note: '' });

export const PAYMENT_TITLES: Record<PaymentDirection, string> = { IN: 'Payment in', OUT: 'Payment out' };

/** What the party owes the business, or the business owes it. */
function PartyBalance({ balance }: { balance: string }) {
  const paise = toPaise(balance);
  const text = paise > 0 ? `Owes you ${formatRupees(balance)}` : paise < 0 ? `You owe ${formatRupees(fromPaise(-paise))}` : 'Settled: nothing due';
  return (
    <Typography.Text type="secondary" aria-label="Party balance">
      {text}
    </Typography.Text>
  );
}

/** A party searched on the server as you type. */
function PartyPicker({ value, onChange }: { value: string | undefined; onChange: (party: Party) => void }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    if (!typed) return setQ('');
    const t = setTimeout(() => setQ(typed), 250);
    return () => clearTimeout(t);
  }, [typed]);
  const { data, isLoading } = usePartySearch(q);
  const parties = data?.data ?? [];
  const options = parties.map((p) => ({ value: p.id, label: p.name }));
  return (
    <Select
      aria-label="Party"
      placeholder="Search a party"
      value={value}
      options={options}
      loading={isLoading}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onChange={(id: string) => {
        setTyped('');
        const party = parties.find((p) => p.id === id);
        if (party) onChange(party);
      }}
      notFoundContent={isLoading ? 'Searching…' : 'No party found'}
    />
  );
}

/**
 * Money received from (IN) or paid to (OUT) a party, not tied to one bill: it settles the party's open bills oldest
 * first (previewed here), or by the amounts typed per bill; the rest stays with the party as an advance.
 */
export function PartyPaymentForm(props: { open: boolean; direction: PaymentDirection; accounts: Account[]; onClose: () => void }) {
  const { open, direction, accounts, onClose } = props;
  const [values, setValues] = useState<Values>(initial);
  const [party, setParty] = useState<Party | null>(null);
  const [manual, setManual] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors<Field>>({});
  const { run, reset } = useSaveAttempt();

  useEffect(() => {
    if (!open) return;
    setValues(initial());
    setParty(null);
    setManual(false);
    setTyped({});
    setErrors({});
    reset();
  }, [open, reset]);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };
  const { data: bills, error: billsError, isLoading: billsLoading } = useOpenBills(direction, values.partyId);

  const active = accounts.filter((a) => a.isActive);
  const accountId = paymentAccountId(values, active) ?? undefined;

  const check = useMemo(() => (manual ? allocateManually(values.amount, bills ?? [], typed) : null), [manual, values.amount, bills, typed]);
  const preview = check ? check.preview : allocateOldestFirst(values.amount, bills ?? []);

  const save = async (): Promise<boolean> => {
    const body: PartyPaymentRequest = {
      partyId: values.partyId ?? '',
      amount: values.amount,
      mode: values.mode,
      accountId,
      date: values.date,
      reference: values.reference,
      note: values.note,
      // Oldest first is what the server does when no allocations are sent.
      ...(check ? { allocations: check.preview.lines.filter((l) => l.amount !== '0.00').map((l) => ({ documentId: l.bill.id, amount: l.amount })) } : {}),
    };
    const parsed = PartyPaymentRequest.safeParse(body);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues, FIELDS, 'amount')), false;
    if (!accountId) return setErrors({ accountId: 'Choose the account' }), false;
    if (check && Object.keys(check.errors).length) return setErrors({ allocations: 'Fix the amounts per bill' }), false;
    if (check?.overAllocated) return setErrors({ allocations: `The bills add up to more than the payment of ${formatRupees(values.amount)}` }), false;
    return run(body, async (opts) => {
      try {
        const call = direction === 'IN' ? paymentApi.paymentIn : paymentApi.paymentOut;
        const payment = await call(body, opts);
        const advance = Number(payment.advance) > 0 ? `, ${formatRupees(payment.advance)} kept as advance` : '';
        notify.success(`${PAYMENT_TITLES[direction]} of ${formatRupees(payment.amount)} recorded for ${payment.partyName}${advance}`);
        void revalidateArea('accounts', 'parties', direction === 'IN' ? 'sales' : 'purchases');
        return true;
      } catch (e) {
        // 'allocations.2.amount': a bill's amount the server refused shows under the bills.
        const fieldOf = (f: string): Field | null => (f.startsWith('allocations') ? 'allocations' : FIELDS.includes(f as Field) ? (f as Field) : null);
        setErrors(apiErrors(e, FIELDS, `${PAYMENT_TITLES[direction]} not recorded`, fieldOf));
        return false;
      }
    });
  };

  const columns = [
    { title: direction === 'IN' ? 'Invoice' : 'Bill', key: 'number', render: (_: unknown, l: AllocationLine) => l.bill.number },
    { title: 'Date', key: 'date', render: (_: unknown, l: AllocationLine) => formatDate(l.bill.date) },
    { title: 'Due', key: 'due', align: 'right' as const, render: (_: unknown, l: AllocationLine) => formatRupees(l.bill.balance) },
    {
      title: 'Settles',
      key: 'amount',
      align: 'right' as const,
      render: (_: unknown, l: AllocationLine) =>
        manual ? (
          <Form.Item style={{ margin: 0 }} {...itemError(check?.errors[l.bill.id])}>
            <Input
              aria-label={`Amount for ${l.bill.number}`}
              inputMode="decimal"
              prefix="₹"
              value={typed[l.bill.id] ?? ''}
              onChange={(e) => {
                setTyped((t) => ({ ...t, [l.bill.id]: e.target.value }));
                setErrors({});
              }}
            />
          </Form.Item>
        ) : (
          formatRupees(l.amount)
        ),
    },
    { title: 'Due after', key: 'after', align: 'right' as const, render: (_: unknown, l: AllocationLine) => formatRupees(l.balanceAfter) },
  ];

  return (
    <FormModal
      open={open}
      title={PAYMENT_TITLES[direction]}
      okText="Save payment"
      dirty={!!values.partyId || values.amount !== ''}
      onSave={save}
      onClose={onClose}
      width={760}
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Party" {...itemError(errors.partyId)}>
            <PartyPicker
              value={values.partyId}
              onChange={(picked) => {
                set({ partyId: picked.id });
                setParty(picked);
                setTyped({});
              }}
            />
            {party?.balance !== undefined ? <PartyBalance balance={party.balance} /> : null}
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Amount" htmlFor="payment-amount" {...itemError(errors.amount)}>
            <MoneyInput id="payment-amount" value={values.amount} onChange={(amount) => set({ amount })} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <PaymentModeField value={values.mode} status={itemError(errors.mode)} onChange={(mode) => set({ mode, accountId: undefined })} />
        </Col>
        <Col span={8}>
          <PaymentAccountField value={accountId} accounts={active} status={itemError(errors.accountId)} onChange={(id) => set({ accountId: id })} />
        </Col>
        <Col span={8}>
          <Form.Item label="Date" htmlFor="payment-date" {...itemError(errors.date)}>
            <DateField id="payment-date" value={values.date} onChange={(date) => set({ date })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <PaymentReferenceField
            id="payment-reference"
            maxLength={ACCOUNT_LIMITS.reference}
            value={values.reference}
            status={itemError(errors.reference)}
            onChange={(reference) => set({ reference })}
          />
        </Col>
        <Col span={12}>
          <Form.Item label="Note" htmlFor="payment-note" {...itemError(errors.note)}>
            <Input id="payment-note" maxLength={ACCOUNT_LIMITS.note} value={values.note} onChange={(e) => set({ note: e.target.value })} />
          </Form.Item>
        </Col>
      </Row>
      {values.partyId ? (
        <section aria-label="Allocation">
          <Radio.Group
            value={manual ? 'manual' : 'oldest'}
            onChange={(e) => {
              const toManual = e.target.value === 'manual';
              // Start from what oldest-first would do; the user changes it from there.
              if (toManual) setTyped(Object.fromEntries(preview.lines.filter((l) => l.amount !== '0.00').map((l) => [l.bill.id, l.amount])));
              setManual(toManual);
              setErrors({});
            }}
            options={[
              { value: 'oldest', label: 'Oldest bills first' },
              { value: 'manual', label: 'Amounts per bill' },
            ]}
            style={{ marginBottom: 8 }}
          />
          {billsError ? (
            <Alert type="error" showIcon title="Could not load the party's open bills" />
          ) : (
            <div style={{ maxHeight: 280, overflowY: 'auto' }}>
              <Table<AllocationLine>
                aria-label="Open bills"
                size="small"
                rowKey={(l) => l.bill.id}
                loading={billsLoading}
                pagination={false}
                columns={columns}
                dataSource={preview.lines}
                locale={{ emptyText: 'No open bills: the whole amount is kept as an advance' }}
              />
            </div>
          )}
          {errors.allocations ? <Typography.Text type="danger">{errors.allocations}</Typography.Text> : null}
          <Typography.Paragraph style={{ marginTop: 8 }} aria-label="Allocation summary">
            Settles {formatRupees(preview.allocated)} · Advance {formatRupees(preview.advance)}
          </Typography.Paragraph>
        </section>
      ) : null}
    </FormModal>
  );
}
