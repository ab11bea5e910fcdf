import { useEffect, useRef, useState } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import {
  CreateLedgerAccountRequest,
  LEDGER_GROUPS,
  UpdateLedgerAccountRequest,
  indiaToday,
  ledgerApi,
  revalidateArea,
  type LedgerAccount,
  type LedgerNature,
} from '@bahi/shared';
import { DateField, nextSaveAttempt, notify, type SaveAttempt } from '@bahi/shared/ui';
import { FormModal, MoneyInput, apiErrors, errorsOf, itemError, type Errors } from '../../components/form-modal';

export const NATURE_LABELS: Record<LedgerNature, string> = { ASSET: 'Assets', LIABILITY: 'Liabilities', CAPITAL: 'Capital', INCOME: 'Income', EXPENSE: 'Expenses' };

/**
 * Groups whose ledgers the books keep themselves (a cash or bank account's, a party's, the stock): the API refuses a
 * ledger of the user's there.
 */
const KEPT_GROUPS = new Set<string>(['CASH_IN_HAND', 'BANK_ACCOUNTS', 'SUNDRY_DEBTORS', 'SUNDRY_CREDITORS', 'STOCK_IN_HAND']);

/** The groups a ledger of the user's may go under, by nature, for a group select. */
const GROUP_OPTIONS = (Object.keys(NATURE_LABELS) as LedgerNature[]).map((nature) => ({
  label: NATURE_LABELS[nature],
  title: NATURE_LABELS[nature],
  options: LEDGER_GROUPS.filter((g) => g.nature === nature && !KEPT_GROUPS.has(g.code)).map((g) => ({ value: g.code, label: g.name })),
}));

/** The side a group's balances normally sit on: assets and expenses Dr, the rest Cr. */
const usualSide = (group: string | undefined): 'Dr' | 'Cr' => {
  const nature = LEDGER_GROUPS.find((g) => g.code === group)?.nature;
  return nature === 'LIABILITY' || nature === 'CAPITAL' || nature === 'INCOME' ? 'Cr' : 'Dr';
};

interface Values {
  name: string;
  group: string | undefined;
  openingBalance: string;
  side: 'Dr' | 'Cr';
  asOfDate: string;
}
type Field = 'name' | 'group' | 'openingBalance' | 'asOfDate';
const FIELDS: Field[] = ['name', 'group', 'openingBalance', 'asOfDate'];
const blank = (): Values => ({ name: '', group: undefined, openingBalance: '', side: 'Dr', asOfDate: indiaToday() });

/**
 * A ledger of the user's under a group of the chart (a loan, a fixed asset, drawings), with an opening balance Dr or
 * Cr on a date, which the books post against Opening balance equity.
 */
export function CreateLedgerForm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<Errors<Field>>({});
  const attempt = useRef<SaveAttempt | null>(null);

  useEffect(() => {
    if (!open) return;
    setValues(blank());
    setErrors({});
    attempt.current = null;
  }, [open]);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };

  const save = async (): Promise<boolean> => {
    const opening = values.openingBalance && Number(values.openingBalance) !== 0 ? values.openingBalance : undefined;
    const body = {
      name: values.name,
      group: values.group ?? '',
      ...(opening ? { openingBalance: values.side === 'Cr' ? `-${opening}` : opening, asOfDate: values.asOfDate } : {}),
    };
    const parsed = CreateLedgerAccountRequest.safeParse(body);
    if (!parsed.success) return setErrors(errorsOf(parsed.error.issues, FIELDS, 'name')), false;
    // A retry of the same ledger (after a lost answer) is sent with the same key, so it is never created twice.
    attempt.current = nextSaveAttempt(attempt.current, parsed.data);
    try {
      const created = await ledgerApi.createAccount(parsed.data, { idempotencyKey: attempt.current.key });
      notify.success(`${created.name} created`);
      void revalidateArea('reports');
      return true;
    } catch (e) {
      setErrors(apiErrors(e, FIELDS, 'Ledger not created'));
      return false;
    }
  };

  return (
    <FormModal open={open} title="New ledger" okText="Create" dirty={values.name !== '' || values.openingBalance !== ''} onSave={save} onClose={onClose}>
      <Form.Item label="Ledger name" htmlFor="ledger-name" {...itemError(errors.name)}>
        <Input id="ledger-name" autoFocus maxLength={100} placeholder="Loan from HDFC Bank" value={values.name} onChange={(e) => set({ name: e.target.value })} />
      </Form.Item>
      <Form.Item label="Group" {...itemError(errors.group)}>
        <Select
          aria-label="Group"
          placeholder="Choose the group"
          showSearch={{ optionFilterProp: 'label' }}
          value={values.group}
          options={GROUP_OPTIONS}
          onChange={(group: string) => set({ group, side: usualSide(group) })}
        />
      </Form.Item>
      <Row gutter={12}>
        <Col span={10}>
          <Form.Item label="Opening balance" htmlFor="ledger-opening" {...itemError(errors.openingBalance)}>
            <MoneyInput id="ledger-opening" value={values.openingBalance} onChange={(openingBalance) => set({ openingBalance })} />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item label="Dr / Cr">
            <Select
              aria-label="Dr or Cr"
              value={values.side}
              options={[
                { value: 'Dr', label: 'Dr' },
                { value: 'Cr', label: 'Cr' },
              ]}
              onChange={(side: 'Dr' | 'Cr') => set({ side })}
            />
          </Form.Item>
        </Col>
        <Col span={9}>
          <Form.Item label="As of date" htmlFor="ledger-as-of" {...itemError(errors.asOfDate)}>
            <DateField id="ledger-as-of" value={values.asOfDate} onChange={(asOfDate) => set({ asOfDate })} />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

/** A new name for a ledger of the user's. */
export function RenameLedgerForm({ ledger, onClose }: { ledger: LedgerAccount | null; onClose: () => void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    setName(ledger?.name ?? '');
    setError(undefined);
  }, [ledger]);

  const save = async (): Promise<boolean> => {
    if (!ledger) return false;
    const parsed = UpdateLedgerAccountRequest.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0].message), false;
    try {
      const saved = await ledgerApi.updateAccount(ledger.id, parsed.data);
      notify.success(`${saved.name} renamed`);
      void revalidateArea('reports');
      return true;
    } catch (e) {
      setError(apiErrors(e, ['name'], 'Ledger not renamed').name);
      return false;
    }
  };

  return (
    <FormModal open={!!ledger} title={`Rename ${ledger?.name ?? ''}`} okText="Save" dirty={!!ledger && name !== ledger.name} onSave={save} onClose={onClose}>
      <Form.Item label="Ledger name" htmlFor="ledger-rename" {...itemError(error)}>
        <Input
          id="ledger-rename"
          autoFocus
          maxLength={100}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
      </Form.Item>
    </FormModal>
  );
}
