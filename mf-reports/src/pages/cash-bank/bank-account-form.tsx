import { useEffect, useRef, useState } from 'react';
import { Col, DatePicker, Form, Input, Row } from 'antd';
import dayjs from 'dayjs';
import {
  ACCOUNT_LIMITS,
  AddBankAccountRequest,
  UpdateAccountRequest,
  accountApi,
  indiaToday,
  newIdempotencyKey,
  revalidateArea,
  type Account,
} from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { FormModal, MoneyInput, apiErrors, errorsOf, itemError, type Errors } from '../../components/form-modal';

interface Values {
  displayName: string;
  bankName: string;
  accountNumber: string;
  ifsc: string;
  upiId: string;
  openingBalance: string;
  asOfDate: string;
}
type Field = keyof Values;
const FIELDS: Field[] = ['displayName', 'bankName', 'accountNumber', 'ifsc', 'upiId', 'openingBalance', 'asOfDate'];

const blank = (): Values => ({ displayName: '', bankName: '', accountNumber: '', ifsc: '', upiId: '', openingBalance: '', asOfDate: indiaToday() });
const of = (a: Account): Values => ({
  displayName: a.displayName,
  bankName: a.bankName ?? '',
  // The API never answers the whole number: left empty, it stays as it is.
  accountNumber: '',
  ifsc: a.ifsc ?? '',
  upiId: a.upiId ?? '',
  openingBalance: a.openingBalance,
  asOfDate: a.asOfDate,
});

/** Add a bank account, or edit one (`account` given): name, bank, number, IFSC (format-checked), UPI ID. */
export function BankAccountForm({ open, account, onClose }: { open: boolean; account?: Account; onClose: () => void }) {
  const editing = !!account;
  const [values, setValues] = useState<Values>(blank);
  const [initial, setInitial] = useState<Values>(blank);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const attempt = useRef<{ key: string; body: string } | null>(null);

  useEffect(() => {
    if (!open) return;
    const start = account ? of(account) : blank();
    setValues(start);
    setInitial(start);
    setErrors({});
    attempt.current = null;
  }, [open, account]);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as Field[]) delete next[k];
      return next;
    });
  };
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  const save = async (): Promise<boolean> => {
    if (editing) {
      const body: UpdateAccountRequest = {
        displayName: values.displayName,
        bankName: values.bankName,
        ifsc: values.ifsc,
        upiId: values.upiId.trim() === '' ? null : values.upiId,
        ...(values.accountNumber.trim() ? { accountNumber: values.accountNumber } : {}),
      };
      const parsed = UpdateAccountRequest.safeParse(body);
      if (!parsed.success) return setErrors(errorsOf(parsed.error.issues, FIELDS, 'displayName')), false;
      try {
        const saved = await accountApi.updateAccount(account.id, body);
        notify.success(`${saved.displayName} saved`);
        void revalidateArea('accounts');
        return true;
      } catch (e) {
        setErrors(apiErrors(e, FIELDS, 'Account not saved'));
        return false;
      }
    }
    const body: AddBankAccountRequest = { ...values };
    const parsed = AddBankAccountRequest.safeParse(body);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues, FIELDS, 'displayName')), false;
    const json = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    try {
      const saved = await accountApi.addBankAccount(body, { idempotencyKey: attempt.current.key });
      notify.success(`${saved.displayName} added`);
      void revalidateArea('accounts');
      return true;
    } catch (e) {
      setErrors(apiErrors(e, FIELDS, 'Bank account not added'));
      return false;
    }
  };

  const text = (field: Field, label: string, extra: { maxLength?: number; placeholder?: string; autoFocus?: boolean; upper?: boolean } = {}) => (
    <Form.Item label={label} htmlFor={`bank-${field}`} {...itemError(errors[field])}>
      <Input
        id={`bank-${field}`}
        autoFocus={extra.autoFocus}
        maxLength={extra.maxLength}
        placeholder={extra.placeholder}
        value={values[field]}
        onChange={(e) => set({ [field]: extra.upper ? e.target.value.toUpperCase() : e.target.value })}
      />
    </Form.Item>
  );

  return (
    <FormModal
      open={open}
      title={editing ? `Edit ${account.displayName}` : 'Add bank account'}
      okText={editing ? 'Save' : 'Add account'}
      dirty={dirty}
      onSave={save}
      onClose={onClose}
      width={600}
    >
      <Row gutter={12}>
        <Col span={12}>{text('displayName', 'Account name', { maxLength: ACCOUNT_LIMITS.displayName, placeholder: 'HDFC Current', autoFocus: true })}</Col>
        <Col span={12}>{text('bankName', 'Bank name', { maxLength: ACCOUNT_LIMITS.bankName, placeholder: 'HDFC Bank' })}</Col>
        <Col span={12}>
          {text('accountNumber', 'Account number', {
            maxLength: 24,
            placeholder: editing && account.accountNumber ? `${account.accountNumber} (unchanged)` : '9 to 18 digits',
          })}
        </Col>
        <Col span={12}>{text('ifsc', 'IFSC', { maxLength: 11, placeholder: 'SBIN0001234', upper: true })}</Col>
        <Col span={12}>{text('upiId', 'UPI ID (optional)', { maxLength: ACCOUNT_LIMITS.upiId, placeholder: 'shop@okhdfcbank' })}</Col>
        {editing ? null : (
          <>
            <Col span={12}>
              <Form.Item label="Opening balance" htmlFor="bank-openingBalance" {...itemError(errors.openingBalance)}>
                <MoneyInput id="bank-openingBalance" signed value={values.openingBalance} onChange={(v) => set({ openingBalance: v })} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="As of date" htmlFor="bank-asOfDate" {...itemError(errors.asOfDate)}>
                <DatePicker
                  id="bank-asOfDate"
                  format="DD/MM/YYYY"
                  allowClear={false}
                  style={{ width: '100%' }}
                  value={dayjs(values.asOfDate)}
                  onChange={(d) => d && set({ asOfDate: d.format('YYYY-MM-DD') })}
                />
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </FormModal>
  );
}
