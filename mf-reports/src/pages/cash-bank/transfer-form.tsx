import { useEffect, useRef, useState } from 'react';
import { Col, Form, Input, Row, Select, Typography } from 'antd';
import {
  ACCOUNT_LIMITS,
  TransferRequest,
  accountApi,
  formatRupees,
  indiaToday,
  newIdempotencyKey,
  revalidateArea,
  type Account,
} from '@bahi/shared';
import { DateField, accountOptionLabel, notify } from '@bahi/shared/ui';
import { FormModal, MoneyInput, apiErrors, errorsOf, itemError, type Errors } from '../../components/form-modal';

/** Deposit: cash → a bank; Withdraw: a bank → cash; Transfer: any account → another. */
export type TransferKind = 'DEPOSIT' | 'WITHDRAWAL' | 'TRANSFER';
export const TRANSFER_TITLES: Record<TransferKind, string> = { DEPOSIT: 'Deposit cash', WITHDRAWAL: 'Withdraw cash', TRANSFER: 'Transfer' };

interface Values {
  fromAccountId: string | undefined;
  toAccountId: string | undefined;
  amount: string;
  date: string;
  note: string;
}
type Field = keyof Values;
const FIELDS: Field[] = ['fromAccountId', 'toAccountId', 'amount', 'date', 'note'];

function start(kind: TransferKind, accounts: Account[], preset?: Account): Values {
  const cash = accounts.find((a) => a.type === 'CASH');
  const banks = accounts.filter((a) => a.type === 'BANK' && a.isActive);
  const bank = preset?.type === 'BANK' ? preset : banks.length === 1 ? banks[0] : undefined;
  const base = { amount: '', date: indiaToday(), note: '' };
  if (kind === 'DEPOSIT') return { ...base, fromAccountId: cash?.id, toAccountId: bank?.id };
  if (kind === 'WITHDRAWAL') return { ...base, fromAccountId: bank?.id, toAccountId: cash?.id };
  return { ...base, fromAccountId: preset?.isActive ? preset.id : undefined, toAccountId: undefined };
}

/** Money between two of the business's accounts; a 409 (cash would go below zero) shows at the amount. */
export function TransferForm(props: { open: boolean; kind: TransferKind; accounts: Account[]; preset?: Account; onClose: () => void }) {
  const { open, kind, accounts, preset, onClose } = props;
  const [values, setValues] = useState<Values>(() => start(kind, accounts, preset));
  const [errors, setErrors] = useState<Errors<Field>>({});
  const attempt = useRef<{ key: string; body: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues(start(kind, accounts, preset));
    setErrors({});
    attempt.current = null;
    // Only when the dialog opens: a refreshed balance must not wipe what is typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, kind]);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };
  const active = accounts.filter((a) => a.isActive);
  const options = (list: Account[]) => list.map((a) => ({ value: a.id, label: accountOptionLabel(a) }));
  const fromChoices = kind === 'DEPOSIT' ? active.filter((a) => a.type === 'CASH') : kind === 'WITHDRAWAL' ? active.filter((a) => a.type === 'BANK') : active;
  const toChoices = (kind === 'DEPOSIT' ? active.filter((a) => a.type === 'BANK') : kind === 'WITHDRAWAL' ? active.filter((a) => a.type === 'CASH') : active).filter(
    (a) => a.id !== values.fromAccountId,
  );
  const from = accounts.find((a) => a.id === values.fromAccountId);

  const save = async (): Promise<boolean> => {
    const body = { fromAccountId: values.fromAccountId ?? '', toAccountId: values.toAccountId ?? '', amount: values.amount, date: values.date, note: values.note };
    const parsed = TransferRequest.safeParse(body);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues, FIELDS, 'amount')), false;
    if (body.fromAccountId === body.toAccountId) return setErrors({ toAccountId: 'Choose another account to move the money to' }), false;
    const json = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    try {
      const result = await accountApi.transfer(body, { idempotencyKey: attempt.current.key });
      notify.success(`${formatRupees(values.amount)} moved from ${result.from.displayName} to ${result.to.displayName}`);
      void revalidateArea('accounts');
      return true;
    } catch (e) {
      setErrors(apiErrors(e, FIELDS, `${TRANSFER_TITLES[kind]} not saved`));
      return false;
    }
  };

  return (
    <FormModal open={open} title={TRANSFER_TITLES[kind]} okText="Save" dirty={values.amount !== '' || values.note !== ''} onSave={save} onClose={onClose}>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="From" {...itemError(errors.fromAccountId)}>
            <Select
              aria-label="From account"
              placeholder="Choose the account"
              value={values.fromAccountId}
              options={options(fromChoices)}
              onChange={(id: string) => set({ fromAccountId: id, toAccountId: values.toAccountId === id ? undefined : values.toAccountId })}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="To" {...itemError(errors.toAccountId)}>
            <Select aria-label="To account" placeholder="Choose the account" value={values.toAccountId} options={options(toChoices)} onChange={(id: string) => set({ toAccountId: id })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Amount" htmlFor="transfer-amount" {...itemError(errors.amount)}>
            <MoneyInput id="transfer-amount" autoFocus value={values.amount} onChange={(amount) => set({ amount })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Date" htmlFor="transfer-date" {...itemError(errors.date)}>
            <DateField id="transfer-date" value={values.date} onChange={(date) => set({ date })} />
          </Form.Item>
        </Col>
      </Row>
      {from ? (
        <Typography.Paragraph type="secondary">
          {from.displayName} has {formatRupees(from.balance)}
        </Typography.Paragraph>
      ) : null}
      <Form.Item label="Note" htmlFor="transfer-note" {...itemError(errors.note)}>
        <Input id="transfer-note" maxLength={ACCOUNT_LIMITS.note} value={values.note} onChange={(e) => set({ note: e.target.value })} />
      </Form.Item>
    </FormModal>
  );
}
