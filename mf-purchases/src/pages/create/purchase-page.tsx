import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Input, Radio, Row, Select, Switch, Typography, Upload } from 'antd';
import type { RefSelectProps } from 'antd';
import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  INDIAN_STATES,
  PAYMENT_MODES,
  PURCHASE_LIMITS,
  addDays,
  documentSeriesPrefix,
  errorMessage,
  financialYearOf,
  indiaToday,
  isApiError,
  newIdempotencyKey,
  purchaseApi,
  revalidateArea,
  toPaise,
  useSession,
  type Account,
  type Party,
  type PaymentMode,
  type TaxRate,
} from '@bahi/shared';
import {
  ItemSearch,
  LineGrid,
  PAYMENT_MODE_LABELS,
  PageHeader,
  PartyPicker,
  QuickPartyModal,
  TotalsPanel,
  computeBill,
  lineFromItem,
  lineInputId,
  notify,
  rupeesOfPaise,
  useAccounts,
  useSaveShortcut,
  useTaxRates,
  useUnsavedChanges,
  type BillErrors,
  type LineDraft,
  type LineField,
} from '@bahi/shared/ui';
import {
  attachmentProblem,
  emptyPurchase,
  paidNow,
  purchaseErrors,
  purchaseFormPathOf,
  purchaseSupplyOf,
  toPurchaseRequest,
  type PurchaseDraft,
} from './purchase-model';
import { useNextPurchaseReference } from '../../components/purchase-data';

const NO_TAXES: TaxRate[] = [];
const POS_OPTIONS = INDIAN_STATES.map((s) => ({ value: s.code, label: `${s.code}-${s.name}` }));
const ID = {
  supplier: 'purchase-supplier',
  billNumber: 'purchase-bill-number',
  billDate: 'purchase-bill-date',
  dueDate: 'purchase-due-date',
  placeOfSupply: 'purchase-place-of-supply',
  reverseCharge: 'purchase-reverse-charge',
  'payment.amount': 'purchase-payment-amount',
  'payment.mode': 'purchase-payment-mode',
  'payment.accountId': 'purchase-payment-account',
  'payment.reference': 'purchase-payment-reference',
  notes: 'purchase-notes',
} as const;
type TopField = keyof typeof ID;
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

function elementOf(path: string, lines: LineDraft[]): HTMLElement | null {
  const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (m) {
    const line = lines[Number(m[1])];
    return line ? document.getElementById(lineInputId(line.key, m[2] as LineField)) : null;
  }
  return path in ID ? document.getElementById(ID[path as TopField]) : null;
}

/** Cash goes from Cash in hand; the rest from the only bank account. */
function defaultAccount(mode: PaymentMode, accounts: Account[] | undefined): string | null {
  if (!accounts) return null;
  if (mode === 'CASH') return accounts.find((a) => a.type === 'CASH')?.id ?? null;
  const banks = accounts.filter((a) => a.type === 'BANK');
  return banks.length === 1 ? banks[0].id : null;
}

const lineErrorsOnly = (errors: BillErrors) => Object.fromEntries(Object.entries(errors).filter(([k]) => /^lines\.\d+\./.test(k)));

/** The supplier's bill, dropped or chosen: kept until the bill is saved, then uploaded. */
function AttachmentDrop({ file, error, onFile }: { file: File | null; error: string | null; onFile: (file: File | null, error: string | null) => void }) {
  return (
    <Form.Item label="Supplier's bill (PDF, PNG or JPEG, up to 5 MB)" validateStatus={error ? 'error' : undefined} help={error}>
      {file ? (
        <Flex align="center" gap={8} data-testid="attachment-chosen">
          <PaperClipOutlined />
          <span>{file.name}</span>
          <Typography.Text type="secondary">({Math.max(1, Math.round(file.size / 1024))} KB, uploaded when the bill is saved)</Typography.Text>
          <Button size="small" type="link" onClick={() => onFile(null, null)}>
            Remove
          </Button>
        </Flex>
      ) : (
        <Upload.Dragger
          accept={ACCEPT}
          multiple={false}
          showUploadList={false}
          beforeUpload={(f) => {
            const problem = attachmentProblem(f);
            onFile(problem ? null : f, problem);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Drop the supplier&apos;s bill here, or click to choose it</p>
        </Upload.Dragger>
      )}
    </Form.Item>
  );
}

/** The input tax that can be claimed: the GST and cess of the ITC-eligible lines, in paise. */
function itcPaise(draft: PurchaseDraft, figures: ReturnType<typeof computeBill> | null): number {
  if (!figures) return 0;
  return figures.lines.reduce((sum, o, i) => (o.result && draft.lines[i]?.itcEligible ? sum + o.result.total - o.result.taxableValue : sum), 0);
}

type After = 'open' | 'new';

function PurchaseForm({ initial, onNew }: { initial: PurchaseDraft; onNew: () => void }) {
  const navigate = useNavigate();
  const { user, activeStoreBranch: branch } = useSession();
  const [draft, setDraft] = useState(initial);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<BillErrors>({});
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const supplierPicker = useRef<RefSelectProps>(null);
  const itemSearch = useRef<RefSelectProps>(null);
  const focusNext = useRef<string | null>(null);
  /** Kept while the bill is unchanged, so a retry never enters it twice. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);

  const { data: taxes } = useTaxRates();
  const { data: accounts } = useAccounts();
  const nextReference = useNextPurchaseReference(branch?.id, draft.billDate);
  const supply = useMemo(() => purchaseSupplyOf(draft, branch, user?.business ?? null), [draft, branch, user]);
  const figures = useMemo(
    () => (supply.supplyType ? computeBill(draft, supply.supplyType, draft.reverseCharge) : null),
    [draft, supply.supplyType],
  );
  const errors = useMemo(() => (figures ? purchaseErrors(draft, supply, figures) : {}), [draft, supply, figures]);
  const shown = { ...(submitted ? errors : lineErrorsOnly(errors)), ...serverErrors };
  const dirty = useMemo(() => file !== null || JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial, file]);
  const { confirmDiscard, markSaved, guard } = useUnsavedChanges(dirty);
  const grandTotal = figures?.document.totals.grandTotal ?? 0;
  const noWarnings = useMemo(() => new Map<string, string>(), []);

  // Keyboard first: the supplier, then their bill number, then the items.
  useEffect(() => {
    supplierPicker.current?.focus();
  }, []);

  useEffect(() => {
    if (!focusNext.current) return;
    const el = document.getElementById(focusNext.current);
    focusNext.current = null;
    el?.focus();
  });

  const update = (patch: Partial<PurchaseDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setServerErrors({});
  };
  const updateLine = useCallback((key: string, patch: Partial<LineDraft>) => {
    setDraft((d) => ({ ...d, lines: d.lines.map((l) => (l.key === key ? { ...l, ...patch } : l)) }));
    setServerErrors({});
  }, []);
  const removeLine = useCallback((key: string) => {
    setDraft((d) => ({ ...d, lines: d.lines.filter((l) => l.key !== key) }));
    setServerErrors({});
  }, []);
  const focusSearch = useCallback(() => itemSearch.current?.focus(), []);
  const addLine = (line: LineDraft) => {
    setDraft((d) => ({ ...d, lines: [...d.lines, line] }));
    setServerErrors({});
    focusNext.current = lineInputId(line.key, line.item.hasSerialisation ? 'serialNos' : 'quantity');
  };
  const pickSupplier = (supplier: Party | null) => {
    update({ supplier, dueDate: null, placeOfSupply: null });
    setTimeout(() => document.getElementById(ID.billNumber)?.focus());
  };
  const setMode = (mode: PaymentMode) => update({ payment: { ...draft.payment, mode, accountId: defaultAccount(mode, accounts) } });
  const accountId = draft.payment.accountId ?? defaultAccount(draft.payment.mode, accounts);

  const save = async (after: After) => {
    if (inFlight.current || !figures) return;
    setSubmitted(true);
    const first = Object.keys(errors)[0];
    if (first) {
      elementOf(first, draft.lines)?.focus();
      return;
    }
    const body = toPurchaseRequest({ ...draft, payment: { ...draft.payment, accountId } }, supply, grandTotal);
    const json = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    inFlight.current = true;
    setSaving(true);
    try {
      const saved = await purchaseApi.create(body, { idempotencyKey: attempt.current.key });
      attempt.current = null;
      markSaved();
      notify.success(`Purchase ${saved.referenceNumber} saved (bill ${saved.billNumber})`);
      if (file) {
        try {
          await purchaseApi.attachBill(saved.id, file, file.name);
        } catch (e) {
          notify.warning('The bill is saved, but its attachment was not uploaded', {
            description: `${errorMessage(e)} Attach it again from the bill.`,
          });
        }
      }
      void revalidateArea('purchases', 'items', 'accounts', 'parties');
      if (after === 'new') onNew();
      else navigate(`/purchases/invoice/${saved.id}`);
    } catch (e) {
      const path = isApiError(e) && e.field ? purchaseFormPathOf(e.field) : null;
      if (path) {
        setServerErrors({ [path]: errorMessage(e) });
        setTimeout(() => elementOf(path, draft.lines)?.focus());
      } else {
        notify.error('Purchase not saved', { description: errorMessage(e) });
      }
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  const shortcut = useSaveShortcut(() => void save('open'), !saving);

  let preview: string;
  try {
    // The number itself once the server answers; until then the series, its number still to come.
    preview = nextReference.data?.number ?? `${documentSeriesPrefix('PUR', financialYearOf(draft.billDate).label)}…`;
  } catch {
    preview = '…';
  }
  const field = (path: TopField) => ({ validateStatus: shown[path] ? ('error' as const) : undefined, help: shown[path] });
  const supplier = draft.supplier;
  const supplierDetail = supplier
    ? [supplier.gstin && `GSTIN ${supplier.gstin}`, supplier.billingAddress?.miscData.st, supplier.mobileNumber].filter(Boolean).join(' · ')
    : '';
  const paid = (() => {
    const amount = paidNow(draft, grandTotal);
    try {
      return amount === null ? 0 : toPaise(amount.replace(/,/g, ''));
    } catch {
      return 0;
    }
  })();

  if (!branch) {
    return (
      <>
        <PageHeader title="New purchase" back="/purchases" />
        <Alert type="warning" showIcon title="Choose a branch first" description="Stock comes in to a store branch: pick one in the header." />
      </>
    );
  }

  return (
    <div {...shortcut.form}>
      {guard}
      <PageHeader
        title="New purchase"
        back="/purchases"
        subtitle={`Received at ${branch.name} · Enter adds the item · Ctrl+Enter saves`}
        extra={
          <Typography.Text type="secondary" style={{ alignSelf: 'center', whiteSpace: 'nowrap' }} title="Our reference for this bill: given when it is saved">
            Our ref.{' '}
            <Typography.Text strong data-testid="number-preview" style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
              {preview}
            </Typography.Text>
          </Typography.Text>
        }
      />
      {!supply.branchState ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={`${branch.name} has no GST state`}
          description={
            <>
              Tax depends on where the branch is: set its GSTIN or its address state on the{' '}
              <Link to={`/store-branch/${branch.id}`}>branch page</Link>.
            </>
          }
        />
      ) : null}
      <Form layout="vertical" component="div">
        <Card>
          <Row gutter={24}>
            <Col xs={24} lg={10}>
              <Form.Item label="Supplier" {...field('supplier')} htmlFor={ID.supplier}>
                <PartyPicker
                  ref={supplierPicker}
                  id={ID.supplier}
                  party={supplier}
                  partyType="SUPPLIER"
                  onPick={pickSupplier}
                  onAdd={setAdding}
                  status={shown.supplier ? 'error' : undefined}
                />
              </Form.Item>
              <Typography.Paragraph type="secondary" style={{ marginTop: -8, minHeight: 22 }}>
                {supplierDetail}
              </Typography.Paragraph>
            </Col>
            <Col xs={24} lg={14}>
              <Row gutter={12}>
                <Col xs={12} md={8}>
                  <Form.Item label="Supplier's bill no." {...field('billNumber')} htmlFor={ID.billNumber}>
                    <Input
                      id={ID.billNumber}
                      maxLength={PURCHASE_LIMITS.billNumber}
                      value={draft.billNumber}
                      onChange={(e) => update({ billNumber: e.target.value })}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
                          e.preventDefault();
                          itemSearch.current?.focus();
                        }
                      }}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item label="Bill date" {...field('billDate')} htmlFor={ID.billDate}>
                    <DatePicker
                      id={ID.billDate}
                      format="DD/MM/YYYY"
                      allowClear={false}
                      style={{ width: '100%' }}
                      value={dayjs(draft.billDate)}
                      onChange={(d) => d && update({ billDate: d.format('YYYY-MM-DD') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item label="Due date" {...field('dueDate')} htmlFor={ID.dueDate}>
                    <DatePicker
                      id={ID.dueDate}
                      format="DD/MM/YYYY"
                      allowClear={false}
                      style={{ width: '100%' }}
                      value={dayjs(draft.dueDate ?? addDays(draft.billDate, supplier?.creditPeriod ?? 0))}
                      onChange={(d) => d && update({ dueDate: d.format('YYYY-MM-DD') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={12}>
                  <Form.Item
                    label="Place of supply"
                    {...field('placeOfSupply')}
                    htmlFor={ID.placeOfSupply}
                    help={
                      shown.placeOfSupply ?? (
                        <span data-testid="pos-reason">
                          {draft.placeOfSupply === null ? (
                            "the receiving branch's state"
                          ) : (
                            <>
                              chosen by you · <Typography.Link onClick={() => update({ placeOfSupply: null })}>use default</Typography.Link>
                            </>
                          )}
                        </span>
                      )
                    }
                  >
                    <Select
                      id={ID.placeOfSupply}
                      aria-label="Place of supply"
                      showSearch={{ optionFilterProp: 'label' }}
                      options={POS_OPTIONS}
                      value={supply.placeOfSupply ?? undefined}
                      onChange={(code: string) => update({ placeOfSupply: code })}
                      popupMatchSelectWidth={260}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={12}>
                  <Form.Item
                    label="Reverse charge"
                    {...field('reverseCharge')}
                    help={draft.reverseCharge ? 'The supplier charges no GST: you pay it to the government' : undefined}
                  >
                    <Switch
                      id={ID.reverseCharge}
                      aria-label="Reverse charge"
                      checked={draft.reverseCharge}
                      onChange={(reverseCharge) => update({ reverseCharge })}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
          </Row>
        </Card>

        <Card
          title="Items"
          style={{ marginTop: 16 }}
          extra={
            supply.supplyType ? (
              <Typography.Text type="secondary" data-testid="supply-type">
                {supply.supplyType === 'INTER' ? 'Inter-state: IGST' : 'Intra-state: CGST + SGST'}
                {draft.reverseCharge ? ' · reverse charge' : ''}
              </Typography.Text>
            ) : null
          }
        >
          <LineGrid
            side="PURCHASE"
            lines={draft.lines}
            outcomes={figures?.lines ?? []}
            errors={shown}
            warnings={noWarnings}
            taxes={taxes ?? NO_TAXES}
            onChange={updateLine}
            onRemove={removeLine}
            onEnter={focusSearch}
            search={<ItemSearch ref={itemSearch} side="PURCHASE" onPick={(item) => addLine(lineFromItem(item, 'PURCHASE'))} />}
          />
        </Card>

        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={14}>
            <Card style={{ height: '100%' }}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                Payment made
              </Typography.Title>
              <Row gutter={12}>
                <Col xs={24} md={10}>
                  <Form.Item label="Paid now">
                    <Radio.Group
                      optionType="button"
                      value={draft.payment.received}
                      onChange={(e) => update({ payment: { ...draft.payment, received: e.target.value } })}
                      options={[
                        { value: 'FULL', label: 'Full' },
                        { value: 'PART', label: 'Part' },
                        { value: 'NONE', label: 'None' },
                      ]}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={14}>
                  <Form.Item label="Amount" {...field('payment.amount')} htmlFor={ID['payment.amount']}>
                    <Input
                      id={ID['payment.amount']}
                      prefix="₹"
                      inputMode="decimal"
                      disabled={draft.payment.received !== 'PART'}
                      value={draft.payment.received === 'PART' ? draft.payment.amount : (paidNow(draft, grandTotal) ?? '0.00')}
                      onChange={(e) => update({ payment: { ...draft.payment, amount: e.target.value } })}
                    />
                  </Form.Item>
                </Col>
              </Row>
              {draft.payment.received !== 'NONE' ? (
                <Row gutter={12}>
                  <Col xs={12} md={7}>
                    <Form.Item label="Mode" {...field('payment.mode')} htmlFor={ID['payment.mode']}>
                      <Select
                        id={ID['payment.mode']}
                        aria-label="Payment mode"
                        value={draft.payment.mode}
                        options={PAYMENT_MODES.map((m) => ({ value: m, label: PAYMENT_MODE_LABELS[m] }))}
                        onChange={setMode}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} md={9}>
                    <Form.Item label="Paid from" {...field('payment.accountId')} htmlFor={ID['payment.accountId']}>
                      <Select
                        id={ID['payment.accountId']}
                        aria-label="Account"
                        placeholder="Choose the account"
                        value={accountId ?? undefined}
                        options={(accounts ?? []).map((a) => ({
                          value: a.id,
                          label: a.accountNumber ? `${a.displayName} (${a.accountNumber})` : a.displayName,
                        }))}
                        onChange={(id: string) => update({ payment: { ...draft.payment, accountId: id } })}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={8}>
                    <Form.Item label="Reference" {...field('payment.reference')} htmlFor={ID['payment.reference']}>
                      <Input
                        id={ID['payment.reference']}
                        placeholder="UPI ref., cheque no."
                        maxLength={100}
                        value={draft.payment.reference}
                        onChange={(e) => update({ payment: { ...draft.payment, reference: e.target.value } })}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ) : null}
              <Form.Item label="Notes" {...field('notes')} htmlFor={ID.notes}>
                <Input.TextArea id={ID.notes} rows={2} maxLength={2000} value={draft.notes} onChange={(e) => update({ notes: e.target.value })} />
              </Form.Item>
              <AttachmentDrop
                file={file}
                error={fileError}
                onFile={(f, problem) => {
                  setFile(f);
                  setFileError(problem);
                }}
              />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card style={{ height: '100%' }}>
              <TotalsPanel
                totals={
                  figures?.document.totals ?? { taxableValue: 0, discount: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, subtotal: 0, roundOff: 0, grandTotal: 0 }
                }
                amountInWords={figures?.document.amountInWords ?? ''}
                supplyType={supply.supplyType}
                placeOfSupply={supply.placeOfSupply}
                roundOff={draft.roundOff}
                onRoundOff={(roundOff) => update({ roundOff })}
                received={paid}
                receivedLabel="Paid"
              />
              <Flex justify="space-between" style={{ marginTop: 8 }}>
                <Typography.Text type="secondary">Input tax credit (ITC)</Typography.Text>
                <Typography.Text data-testid="total-itc" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {rupeesOfPaise(itcPaise(draft, figures))}
                </Typography.Text>
              </Flex>
            </Card>
          </Col>
        </Row>
      </Form>

      <Flex
        justify="flex-end"
        gap={8}
        wrap
        style={{ position: 'sticky', bottom: 0, zIndex: 5, marginTop: 16, padding: '12px 0', background: 'rgba(245,245,245,0.95)' }}
      >
        <Button onClick={() => confirmDiscard(() => navigate('/purchases'))} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void save('new')} loading={saving}>
          Save &amp; new
        </Button>
        <Button type="primary" onClick={() => void save('open')} loading={saving} {...shortcut.button}>
          Save
        </Button>
      </Flex>
      <QuickPartyModal
        open={adding !== null}
        partyType="SUPPLIER"
        initialName={adding ?? ''}
        onClose={(created) => {
          setAdding(null);
          if (created) pickSupplier(created);
          else setTimeout(() => supplierPicker.current?.focus());
        }}
      />
    </div>
  );
}

/** purchase/create-invoice: a supplier's bill, entered line by line from the keyboard. */
export function CreatePurchasePage() {
  const location = useLocation();
  const [generation, setGeneration] = useState(0);
  const today = indiaToday();
  const initial = useMemo(() => emptyPurchase(today), [today]);
  return <PurchaseForm key={`${location.key}-${generation}`} initial={initial} onNew={() => setGeneration((g) => g + 1)} />;
}

export default CreatePurchasePage;
