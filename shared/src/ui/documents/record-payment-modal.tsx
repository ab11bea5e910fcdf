import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Typography } from 'antd';
import { RecordPaymentRequest, errorMessage, formatRupees, indiaToday, isApiError, revalidateArea, toPaise, type PaymentMode } from '@bahi/shared';
import { DateField } from '../date-field';
import { notify } from '../notifications';
import { useAccounts } from './data';
import { useSaveAttempt } from './document-form';
import { itemStatus, paymentAccountId } from './form-model';
import { PaymentAccountField, PaymentModeField, PaymentReferenceField } from './payment-fields';

type Areas = Parameters<typeof revalidateArea>;

interface Values {
  amount: string;
  mode: PaymentMode;
  accountId: string | undefined;
  date: string;
  reference: string;
}
type Field = keyof Values;
const FIELDS: Field[] = ['amount', 'mode', 'accountId', 'date', 'reference'];
const fieldOf = (path: string): Field | null => (FIELDS as string[]).includes(path) ? (path as Field) : null;

/** The document a payment is recorded against. */
export interface PayableDocument {
  /** The number the user knows it by ('MUM/26-27/42', or a purchase's 'PUR/26-27/3'). */
  number: string;
  balance: string;
  grandTotal: string;
}

export interface RecordPaymentModalProps<T> {
  open: boolean;
  document: PayableDocument;
  /** Sends the payment (the API's record-payment of the document's area); answers the updated document. */
  record: (body: RecordPaymentRequest, opts: { idempotencyKey: string }) => Promise<T>;
  /** The cached areas a payment changes. */
  revalidate: Areas;
  onClose: (updated?: T) => void;
}

/**
 * A payment against a document: in against a sale invoice, out against a purchase bill. At most its balance, into
 * (or from) an account, with a date and a reference.
 */
export function RecordPaymentModal<T>({ open, document: invoice, record, revalidate, onClose }: RecordPaymentModalProps<T>) {
  const { data: accounts } = useAccounts();
  const [values, setValues] = useState<Values>({ amount: '', mode: 'CASH', accountId: undefined, date: indiaToday(), reference: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { saving, run, reset } = useSaveAttempt();

  useEffect(() => {
    if (!open) return;
    setValues({ amount: invoice.balance, mode: 'CASH', accountId: undefined, date: indiaToday(), reference: '' });
    setErrors({});
    reset();
  }, [open, invoice.balance, reset]);

  const accountId = paymentAccountId(values, accounts) ?? undefined;
  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };

  const save = async () => {
    const body = { amount: values.amount, mode: values.mode, accountId, date: values.date, reference: values.reference };
    const parsed = RecordPaymentRequest.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    if (!parsed.success) for (const i of parsed.error.issues) found[fieldOf(String(i.path[0])) ?? 'amount'] ??= i.message;
    else if (toPaise(parsed.data.amount) > toPaise(invoice.balance)) found.amount = `At most the balance, ${formatRupees(invoice.balance)}`;
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    await run(body, async (opts) => {
      try {
        const updated = await record(body, opts);
        notify.success(`Payment of ${formatRupees(values.amount)} recorded`);
        void revalidateArea(...revalidate);
        onClose(updated);
      } catch (e) {
        const f = isApiError(e) && e.field ? fieldOf(e.field) : null;
        if (f) setErrors({ [f]: errorMessage(e) });
        else notify.error('Payment not recorded', { description: errorMessage(e) });
      }
    });
  };

  const item = (f: Field) => itemStatus(errors[f]);
  return (
    <Modal
      open={open}
      title="Record payment"
      onCancel={() => !saving && onClose()}
      destroyOnHidden
      width={520}
      footer={[
        <Button key="cancel" onClick={() => onClose()} disabled={saving}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save}>
          Record payment
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary">
        {invoice.number}: balance {formatRupees(invoice.balance)} of {formatRupees(invoice.grandTotal)}
      </Typography.Paragraph>
      <Form
        layout="vertical"
        component="div"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && !(e.target as HTMLElement).closest('.ant-select, .ant-picker')) {
            e.preventDefault();
            void save();
          }
        }}
      >
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item label="Amount" {...item('amount')} htmlFor="payment-amount">
              <Input id="payment-amount" autoFocus prefix="₹" inputMode="decimal" value={values.amount} onChange={(e) => set({ amount: e.target.value })} onFocus={(e) => e.target.select()} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="Date" {...item('date')} htmlFor="payment-date">
              <DateField id="payment-date" value={values.date} onChange={(date) => set({ date })} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <PaymentModeField value={values.mode} status={item('mode')} onChange={(mode) => set({ mode, accountId: undefined })} />
          </Col>
          <Col span={12}>
            <PaymentAccountField value={accountId} accounts={accounts} status={item('accountId')} onChange={(id) => set({ accountId: id })} />
          </Col>
        </Row>
        <PaymentReferenceField id="payment-reference" value={values.reference} status={item('reference')} onChange={(reference) => set({ reference })} />
      </Form>
    </Modal>
  );
}
