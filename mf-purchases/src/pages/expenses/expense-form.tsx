import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Col, DatePicker, Drawer, Flex, Form, Input, Row, Select, Space, Switch, Typography, Upload } from 'antd';
import { PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CreateExpenseCategoryRequest,
  CreateExpenseRequest,
  EXPENSE_LIMITS,
  EXPENSE_RECEIPT_MAX_BYTES,
  EXPENSE_RECEIPT_TYPES,
  GSTIN_MESSAGES,
  GST_RATES,
  PAYMENT_MODES,
  errorMessage,
  expenseApi,
  formatRupees,
  gstinProblem,
  indiaToday,
  isApiError,
  newIdempotencyKey,
  revalidateArea,
  computeLine,
  isGstRate,
  isValidGstin,
  stateCodeFromGstin,
  supplyTypeOf,
  useSession,
  type Expense,
  type Party,
  type PaymentMode,
} from '@bahi/shared';
import {
  PAYMENT_MODE_LABELS,
  PartyPicker,
  fieldErrors,
  notify,
  recheckShownErrors,
  reportSaveError,
  rupeesOfPaise,
  useAccounts,
  useSaveShortcut,
  useUnsavedChanges,
  type FieldPath,
} from '@bahi/shared/ui';
import { useExpenseCategories } from './data';

interface Values {
  date: Dayjs;
  categoryId?: string;
  amount: string;
  withGst: boolean;
  gstRate?: string;
  supplierGstin: string;
  itcEligible: boolean;
  mode: PaymentMode;
  accountId?: string;
  reference: string;
  notes: string;
}

const initialValues = (): Values => ({
  date: dayjs(indiaToday()),
  amount: '',
  withGst: false,
  supplierGstin: '',
  itcEligible: true,
  mode: 'CASH',
  reference: '',
  notes: '',
});

/** The contract's paths as the form's fields: gst.rate is the GST rate, payment.accountId the account. */
const FORM_FIELD: Record<string, FieldPath> = {
  date: ['date'],
  categoryId: ['categoryId'],
  amount: ['amount'],
  'gst.rate': ['gstRate'],
  'gst.supplierGstin': ['supplierGstin'],
  'gst.itcEligible': ['itcEligible'],
  'payment.mode': ['mode'],
  'payment.accountId': ['accountId'],
  'payment.reference': ['reference'],
  partyId: ['partyId'],
  notes: ['notes'],
};
const formFieldOf = (path: readonly PropertyKey[]) => FORM_FIELD[path.map(String).join('.')] ?? null;

/** What the API would be sent for these values (blank optional fields left out by the contract). */
export function expenseBody(v: Values, accountId: string | undefined, party: Party | null): CreateExpenseRequest {
  return {
    date: v.date.format('YYYY-MM-DD'),
    categoryId: v.categoryId ?? '',
    amount: v.amount.trim(),
    gst: v.withGst ? { rate: v.gstRate as string, supplierGstin: v.supplierGstin.trim().toUpperCase() || null, itcEligible: v.itcEligible } : null,
    payment: { mode: v.mode, accountId: accountId ?? null, reference: v.reference.trim() || null },
    partyId: party?.id ?? null,
    notes: v.notes.trim() || null,
  };
}

/** A receipt's problem before anything is sent: PDF, PNG or JPEG of at most 5 MB. */
export function receiptProblem(file: File): string | null {
  if (!(EXPENSE_RECEIPT_TYPES as readonly string[]).includes(file.type)) return 'The receipt must be a PDF, PNG or JPEG file';
  if (file.size > EXPENSE_RECEIPT_MAX_BYTES) return 'The receipt must be at most 5 MB';
  return null;
}

/**
 * The GST inside what was paid, as the API will split it (the shared engine, one line of quantity 1): CGST + SGST
 * for a supplier in the branch's state or without a GSTIN, IGST for a GSTIN of another state. Null until the
 * amount and the rate are valid.
 */
export function gstPreview(amount: string, rate: string | undefined, supplierGstin: string, branchState: string | null | undefined) {
  if (!rate || !isGstRate(rate) || !/^\d+(\.\d{1,2})?$/.test(amount.trim()) || Number(amount) <= 0) return null;
  const gstin = supplierGstin.trim().toUpperCase();
  let supplyType: 'INTRA' | 'INTER' = 'INTRA';
  if (branchState && isValidGstin(gstin)) {
    try {
      supplyType = supplyTypeOf({ supplierState: stateCodeFromGstin(gstin), placeOfSupply: branchState });
    } catch {
      supplyType = 'INTRA';
    }
  }
  const line = computeLine({ quantity: '1', unitPrice: amount.trim(), priceIncludesTax: true, gstRate: rate }, supplyType);
  return { supplyType, taxable: line.taxableValue, cgst: line.cgst, sgst: line.sgst, igst: line.igst };
}

/** "Add category" in place: the new category is created at once and chosen. */
function AddCategory({ onAdded }: { onAdded: (id: string) => void }) {
  const { mutate } = useExpenseCategories();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [saving, setSaving] = useState(false);

  const add = async () => {
    const parsed = CreateExpenseCategoryRequest.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setSaving(true);
    try {
      const category = await expenseApi.createCategory(parsed.data);
      await mutate((list) => [...(list ?? []), category], { revalidate: false });
      onAdded(category.id);
      notify.success(`Category ${category.name} added`);
      setOpen(false);
      setName('');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  if (!open) {
    return (
      <Button type="link" size="small" icon={<PlusOutlined />} style={{ padding: 0 }} onClick={() => setOpen(true)}>
        Add category
      </Button>
    );
  }
  return (
    <Flex vertical gap={4} style={{ marginTop: 4 }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          aria-label="New category"
          autoFocus
          placeholder="e.g. Advertising"
          maxLength={EXPENSE_LIMITS.categoryName}
          status={error ? 'error' : undefined}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
              e.preventDefault();
              e.stopPropagation();
              void add();
            }
          }}
        />
        <Button loading={saving} onClick={() => void add()}>
          Add
        </Button>
        <Button onClick={() => setOpen(false)} disabled={saving}>
          Close
        </Button>
      </Space.Compact>
      {error ? (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/**
 * Quick add: an expense paid now from an account, with optional GST and a receipt uploaded once the expense
 * exists. Ctrl+Enter saves; closing with unsaved changes asks first.
 */
export function ExpenseQuickAdd({ open, onClose }: { open: boolean; onClose: (saved?: Expense) => void }) {
  const [form] = Form.useForm();
  const { data: categories } = useExpenseCategories();
  const { data: accounts } = useAccounts();
  const [party, setParty] = useState<Party | null>(null);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [receiptError, setReceiptError] = useState<string>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const unsaved = useUnsavedChanges(dirty);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setParty(null);
    setReceipt(null);
    setReceiptError(undefined);
    setDirty(false);
    attempt.current = null;
  }, [open, form]);

  const withGst = Form.useWatch('withGst', form);
  const branchState = useSession().activeStoreBranch?.address.stateCode;
  const preview = gstPreview(
    Form.useWatch('amount', form) ?? '',
    Form.useWatch('gstRate', form),
    Form.useWatch('supplierGstin', form) ?? '',
    branchState,
  );
  const mode = Form.useWatch('mode', form) ?? 'CASH';
  const chosenAccount = Form.useWatch('accountId', form);
  const cash = accounts?.find((a) => a.type === 'CASH');
  const banks = accounts?.filter((a) => a.type === 'BANK' && a.isActive) ?? [];
  // Cash is paid from Cash in hand; the other modes from the only bank account when there is one.
  const defaultAccountFor = (m: PaymentMode) => (m === 'CASH' ? cash?.id : banks.length === 1 ? banks[0].id : undefined);
  const defaultAccount = defaultAccountFor(mode);
  const accountId = chosenAccount ?? defaultAccount;
  // The default account is shown (and can be changed) once the accounts are known; not a change of the user's.
  useEffect(() => {
    if (open && defaultAccount && !form.getFieldValue('accountId')) form.setFieldsValue({ accountId: defaultAccount });
  }, [open, defaultAccount, form]);
  const account = accounts?.find((a) => a.id === accountId);

  const save = async () => {
    if (saving) return;
    const values = form.getFieldsValue(true) as Values;
    const body = expenseBody(values, accountId, party);
    const parsed = CreateExpenseRequest.safeParse(body);
    const problems = parsed.success ? [] : fieldErrors(parsed.error.issues, formFieldOf);
    if (!parsed.success) {
      form.setFields(problems);
      if (problems[0]) form.scrollToField(problems[0].name);
      else notify.error('Expense not saved', { description: parsed.error.issues[0].message });
      return;
    }
    if (receiptError) return;
    const json = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    setSaving(true);
    try {
      let expense = await expenseApi.create(body, { idempotencyKey: attempt.current.key });
      if (receipt) {
        try {
          expense = await expenseApi.attachReceipt(expense.id, receipt, receipt.name);
        } catch (e) {
          notify.warning(`Expense ${expense.expenseNumber} saved, but the receipt was not attached`, { description: errorMessage(e) });
        }
      }
      notify.success(`Expense ${expense.expenseNumber} of ${formatRupees(expense.amount)} saved`);
      void revalidateArea('expenses', 'accounts');
      unsaved.markSaved();
      setDirty(false);
      onClose(expense);
    } catch (e) {
      // Not enough cash (409) is about the amount paid from the account.
      const apiField = isApiError(e) ? (e.status === 409 && (!e.field || e.field.startsWith('payment')) ? 'amount' : e.field) : undefined;
      reportSaveError(form, e, (f) => (f ? FORM_FIELD[apiField ?? f] ?? null : null), 'Expense not saved');
    } finally {
      setSaving(false);
    }
  };
  const shortcut = useSaveShortcut(() => void save(), !saving);
  const close = () => unsaved.confirmDiscard(() => onClose());

  return (
    <Drawer
      open={open}
      title="Add expense"
      size={520}
      onClose={close}
      destroyOnHidden
      maskClosable={false}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={close} disabled={saving}>
            Cancel
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save()} {...shortcut.button}>
            Save expense
          </Button>
        </Flex>
      }
    >
      {unsaved.guard}
      <div {...shortcut.form}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={initialValues()}
          onValuesChange={(changed) => {
            setDirty(true);
            recheckShownErrors(form, changed);
            // A changed amount, account or mode may settle what the API refused.
            if ('mode' in changed || 'accountId' in changed) form.setFields([{ name: ['amount'], errors: [] }]);
          }}
        >
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item label="Date" name="date" htmlFor="expense-date">
                <DatePicker id="expense-date" format="DD/MM/YYYY" allowClear={false} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="Amount" name="amount" htmlFor="expense-amount" extra="Paid, tax included">
                <Input id="expense-amount" autoFocus prefix="₹" inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="Category" required style={{ marginBottom: 8 }}>
            <Form.Item name="categoryId" noStyle>
              <Select
                aria-label="Category"
                placeholder="Choose a category"
                showSearch={{ optionFilterProp: 'label' }}
                options={(categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
              />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() => {
                const errors = form.getFieldError(['categoryId']);
                return errors.length ? <Typography.Text type="danger">{errors[0]}</Typography.Text> : null;
              }}
            </Form.Item>
            <div>
              <AddCategory
                onAdded={(id) => {
                  form.setFieldsValue({ categoryId: id });
                  form.setFields([{ name: ['categoryId'], errors: [] }]);
                  setDirty(true);
                }}
              />
            </div>
          </Form.Item>
          <Form.Item name="withGst" valuePropName="checked" label="GST on this expense" htmlFor="expense-gst">
            <Switch id="expense-gst" />
          </Form.Item>
          {withGst ? (
            <Row gutter={12}>
              <Col span={8}>
                <Form.Item label="GST rate" name="gstRate">
                  <Select aria-label="GST rate" placeholder="Rate" virtual={false} options={GST_RATES.map((r) => ({ value: r, label: `${r} %` }))} />
                </Form.Item>
              </Col>
              <Col span={16}>
                <Form.Item
                  label="Supplier GSTIN"
                  name="supplierGstin"
                  htmlFor="expense-gstin"
                  normalize={(v: string) => v.toUpperCase()}
                  validateTrigger="onBlur"
                  rules={[
                    {
                      validator: async (_, v: string) => {
                        const problem = v?.trim() ? gstinProblem(v.trim()) : null;
                        if (problem) throw new Error(GSTIN_MESSAGES[problem]);
                      },
                    },
                  ]}
                >
                  <Input id="expense-gstin" maxLength={15} placeholder="Optional" autoComplete="off" />
                </Form.Item>
              </Col>
              {preview ? (
                <Col span={24}>
                  <Typography.Paragraph type="secondary" data-testid="gst-preview" style={{ marginTop: -8 }}>
                    Taxable {rupeesOfPaise(preview.taxable)} ·{' '}
                    {preview.supplyType === 'INTER'
                      ? `IGST ${rupeesOfPaise(preview.igst)}`
                      : `CGST ${rupeesOfPaise(preview.cgst)} · SGST ${rupeesOfPaise(preview.sgst)}`}
                  </Typography.Paragraph>
                </Col>
              ) : null}
              <Col span={24}>
                <Form.Item name="itcEligible" valuePropName="checked" extra="Input tax credit is counted only with the supplier's GSTIN">
                  <Checkbox>ITC eligible</Checkbox>
                </Form.Item>
              </Col>
            </Row>
          ) : null}
          <Row gutter={12}>
            <Col span={10}>
              <Form.Item label="Mode" name="mode">
                <Select
                  aria-label="Payment mode"
                  options={PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))}
                  onChange={(m: PaymentMode) => form.setFieldsValue({ accountId: defaultAccountFor(m) })}
                />
              </Form.Item>
            </Col>
            <Col span={14}>
              <Form.Item
                label="Paid from"
                name="accountId"
                extra={account ? `Balance ${formatRupees(account.balance)}` : undefined}
              >
                <Select
                  aria-label="Paid from"
                  placeholder="Choose the account"
                  options={(accounts ?? [])
                    .filter((a) => a.isActive)
                    .map((a) => ({ value: a.id, label: a.accountNumber ? `${a.displayName} (${a.accountNumber})` : a.displayName }))}
                />
              </Form.Item>
            </Col>
          </Row>
          {mode !== 'CASH' ? (
            <Form.Item label="Reference" name="reference" htmlFor="expense-reference">
              <Input id="expense-reference" maxLength={100} placeholder="UPI ref., cheque no." />
            </Form.Item>
          ) : null}
          <Form.Item label="Party" name="partyId" extra="Optional: who was paid">
            <PartyPicker
              party={party}
              partyType="SUPPLIER"
              onPick={(p) => {
                setParty(p);
                setDirty(true);
              }}
            />
          </Form.Item>
          <Form.Item label="Notes" name="notes" htmlFor="expense-notes">
            <Input.TextArea id="expense-notes" rows={2} maxLength={EXPENSE_LIMITS.notes} />
          </Form.Item>
          <Form.Item
            label="Receipt"
            validateStatus={receiptError ? 'error' : undefined}
            help={receiptError ?? 'PDF, PNG or JPEG, at most 5 MB'}
          >
            <Upload
              accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
              maxCount={1}
              fileList={receipt ? [{ uid: 'receipt', name: receipt.name, status: 'done' }] : []}
              beforeUpload={(file) => {
                const problem = receiptProblem(file);
                setReceiptError(problem ?? undefined);
                setReceipt(problem ? null : file);
                setDirty(true);
                return false;
              }}
              onRemove={() => {
                setReceipt(null);
                setReceiptError(undefined);
              }}
            >
              <Button icon={<PaperClipOutlined />}>Attach receipt</Button>
            </Upload>
          </Form.Item>
        </Form>
      </div>
    </Drawer>
  );
}
