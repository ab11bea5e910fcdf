import { useEffect, useRef, useState } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import { ACCOUNT_LIMITS, AdjustRequest, accountApi, formatRupees, indiaToday, newIdempotencyKey, revalidateArea, type Account } from '@bahi/shared';
import { DateField, accountOptionLabel, notify } from '@bahi/shared/ui';
import { FormModal, MoneyInput, apiErrors, errorsOf, itemError, type Errors } from '../../components/form-modal';

interface Values {
  accountId: string | undefined;
  amount: string;
  reason: string;
  date: string;
}
type Field = keyof Values;
const FIELDS: Field[] = ['accountId', 'amount', 'reason', 'date'];

/** A correction of an account's balance: a positive amount adds, a negative one takes away; a reason is required. */
export function AdjustForm(props: { open: boolean; accounts: Account[]; preset?: Account; onClose: () => void }) {
  const { open, accounts, preset, onClose } = props;
  const [values, setValues] = useState<Values>({ accountId: undefined, amount: '', reason: '', date: indiaToday() });
  const [errors, setErrors] = useState<Errors<Field>>({});
  const attempt = useRef<{ key: string; body: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues({ accountId: preset?.isActive ? preset.id : undefined, amount: '', reason: '', date: indiaToday() });
    setErrors({});
    attempt.current = null;
  }, [open, preset]);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };

  const save = async (): Promise<boolean> => {
    const body = { accountId: values.accountId ?? '', amount: values.amount, reason: values.reason, date: values.date };
    const parsed = AdjustRequest.safeParse(body);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues, FIELDS, 'amount')), false;
    const json = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    try {
      const result = await accountApi.adjust(body, { idempotencyKey: attempt.current.key });
      notify.success(`${result.account.displayName} adjusted: balance ${formatRupees(result.account.balance)}`);
      void revalidateArea('accounts');
      return true;
    } catch (e) {
      setErrors(apiErrors(e, FIELDS, 'Adjustment not saved'));
      return false;
    }
  };

  return (
    <FormModal open={open} title="Adjust balance" okText="Save" dirty={values.amount !== '' || values.reason !== ''} onSave={save} onClose={onClose}>
      <Form.Item label="Account" {...itemError(errors.accountId)}>
        <Select
          aria-label="Account"
          placeholder="Choose the account"
          value={values.accountId}
          options={accounts.filter((a) => a.isActive).map((a) => ({ value: a.id, label: accountOptionLabel(a) }))}
          onChange={(id: string) => set({ accountId: id })}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Amount (− to reduce)" htmlFor="adjust-amount" {...itemError(errors.amount)}>
            <MoneyInput id="adjust-amount" signed autoFocus value={values.amount} onChange={(amount) => set({ amount })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Date" htmlFor="adjust-date" {...itemError(errors.date)}>
            <DateField id="adjust-date" value={values.date} onChange={(date) => set({ date })} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="Reason" htmlFor="adjust-reason" {...itemError(errors.reason)}>
        <Input id="adjust-reason" maxLength={ACCOUNT_LIMITS.note} placeholder="Cash count difference" value={values.reason} onChange={(e) => set({ reason: e.target.value })} />
      </Form.Item>
    </FormModal>
  );
}
