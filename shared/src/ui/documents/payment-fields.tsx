import type { ReactNode } from 'react';
import { Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import type { Account, PaymentMode } from '@bahi/shared';
import { PAYMENT_MODE_OPTIONS, accountOptionLabel, defaultAccountId, itemStatus, paymentAccountId } from './form-model';
import type { BillErrors, PaymentDraft } from './bill-model';

/*
 * The fields of a payment, as every form that takes one shows them: the bill's "payment now" (sale and purchase),
 * the record-payment dialog of a document, and a party's payment in or out (mf-reports' cash & bank).
 */

/** A Form.Item's error status (see itemStatus). */
export interface FieldStatus {
  validateStatus?: 'error';
  help?: ReactNode;
}

/** Cash, UPI, card, ...: `id` when the form focuses it on an error. */
export function PaymentModeField(props: { id?: string; value: PaymentMode; onChange: (mode: PaymentMode) => void; status?: FieldStatus }) {
  const { id, value, onChange, status } = props;
  return (
    <Form.Item label="Mode" {...status} htmlFor={id}>
      <Select id={id} aria-label="Payment mode" value={value} options={PAYMENT_MODE_OPTIONS} onChange={(mode: PaymentMode) => onChange(mode)} />
    </Form.Item>
  );
}

/** The cash or bank account the money goes into or comes from ('Account', or 'Paid from' on a purchase). */
export function PaymentAccountField(props: {
  id?: string;
  label?: string;
  value: string | null | undefined;
  accounts: Account[] | undefined;
  onChange: (accountId: string) => void;
  status?: FieldStatus;
}) {
  const { id, label = 'Account', value, accounts, onChange, status } = props;
  return (
    <Form.Item label={label} {...status} htmlFor={id}>
      <Select
        id={id}
        aria-label="Account"
        placeholder="Choose the account"
        value={value ?? undefined}
        options={(accounts ?? []).map((a) => ({ value: a.id, label: accountOptionLabel(a) }))}
        onChange={(accountId: string) => onChange(accountId)}
      />
    </Form.Item>
  );
}

/** A UPI reference, a cheque number. */
export function PaymentReferenceField(props: { id: string; value: string; onChange: (reference: string) => void; maxLength?: number; status?: FieldStatus }) {
  const { id, value, onChange, maxLength = 100, status } = props;
  return (
    <Form.Item label="Reference" {...status} htmlFor={id}>
      <Input id={id} placeholder="UPI ref., cheque no." maxLength={maxLength} value={value} onChange={(e) => onChange(e.target.value)} />
    </Form.Item>
  );
}

const PAID_NOW_OPTIONS = [
  { value: 'FULL', label: 'Full' },
  { value: 'PART', label: 'Part' },
  { value: 'NONE', label: 'None' },
];

export interface PaymentNowFieldsProps {
  /** 'Payment received' on a sale invoice, 'Payment made' on a purchase. */
  title: string;
  /** The full / part / none choice: 'Received', 'Paid now'. */
  receivedLabel: string;
  /** 'Account', or 'Paid from'. */
  accountLabel?: string;
  /** The element ids of the fields by form path ('payment.amount', ...: the form's own ids will do), so an error can focus them. */
  ids: Readonly<Record<'payment.amount' | 'payment.mode' | 'payment.accountId' | 'payment.reference', string>>;
  payment: PaymentDraft;
  /** What is received or paid now as the request will carry it (the grand total when in full); null: nothing. */
  amount: string | null;
  accounts: Account[] | undefined;
  /** The form's errors by path ('payment.amount', ...). */
  errors: BillErrors;
  onChange: (patch: Partial<PaymentDraft>) => void;
}

/**
 * The money taken or paid with the bill itself: in full, in part (the amount typed) or none; its mode, account (by
 * default the mode's: Cash in hand, or the only bank account) and reference.
 */
export function PaymentNowFields({ title, receivedLabel, accountLabel, ids, payment, amount, accounts, errors, onChange }: PaymentNowFieldsProps) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Row gutter={12}>
        <Col xs={24} md={10}>
          <Form.Item label={receivedLabel}>
            <Radio.Group
              optionType="button"
              value={payment.received}
              onChange={(e) => onChange({ received: e.target.value })}
              options={PAID_NOW_OPTIONS}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item label="Amount" {...itemStatus(errors['payment.amount'])} htmlFor={ids['payment.amount']}>
            <Input
              id={ids['payment.amount']}
              prefix="₹"
              inputMode="decimal"
              disabled={payment.received !== 'PART'}
              value={payment.received === 'PART' ? payment.amount : (amount ?? '0.00')}
              onChange={(e) => onChange({ amount: e.target.value })}
            />
          </Form.Item>
        </Col>
      </Row>
      {payment.received !== 'NONE' ? (
        <Row gutter={12}>
          <Col xs={12} md={7}>
            <PaymentModeField
              id={ids['payment.mode']}
              value={payment.mode}
              status={itemStatus(errors['payment.mode'])}
              onChange={(mode) => onChange({ mode, accountId: defaultAccountId(mode, accounts) })}
            />
          </Col>
          <Col xs={12} md={9}>
            <PaymentAccountField
              id={ids['payment.accountId']}
              label={accountLabel}
              value={paymentAccountId(payment, accounts)}
              accounts={accounts}
              status={itemStatus(errors['payment.accountId'])}
              onChange={(accountId) => onChange({ accountId })}
            />
          </Col>
          <Col xs={24} md={8}>
            <PaymentReferenceField
              id={ids['payment.reference']}
              value={payment.reference}
              status={itemStatus(errors['payment.reference'])}
              onChange={(reference) => onChange({ reference })}
            />
          </Col>
        </Row>
      ) : null}
    </>
  );
}
