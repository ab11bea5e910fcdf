import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Alert, Button, Card, Col, DatePicker, Flex, Form, Input, Radio, Row, Select, Typography } from 'antd';
import type { RefSelectProps } from 'antd';
import dayjs from 'dayjs';
import {
  INDIAN_STATES,
  PAYMENT_MODES,
  cacheKey,
  documentSeriesPrefix,
  errorMessage,
  financialYearOf,
  indiaToday,
  isApiError,
  newIdempotencyKey,
  quotationApi,
  revalidateArea,
  saleApi,
  toPaise,
  useSession,
  type Account,
  type Party,
  type PaymentMode,
  type TaxRate,
} from '@bahi/shared';
import {
  ErrorState,
  ItemSearch,
  LineGrid,
  LoadingState,
  PAYMENT_MODE_LABELS,
  PageHeader,
  PartyPicker,
  QuickPartyModal,
  TotalsPanel,
  billErrors,
  computeBill,
  dueDateOf,
  emptyBill,
  formPathOf,
  lineFromItem,
  lineInputId,
  notify,
  paymentAmount,
  placeOfSupplyReasonText,
  stockWarnings,
  supplyOf,
  toQuotationRequest,
  toSaleRequest,
  useAccounts,
  useSaveShortcut,
  useTaxRates,
  useUnsavedChanges,
  type BillDraft,
  type BillErrors,
  type BillKind,
  type LineDraft,
  type LineField,
} from '@bahi/shared/ui';
import { useNextInvoiceNumber } from '../../components/sales-data';
import { prefillBill, prefillSourceOf } from './prefill';

const NO_TAXES: TaxRate[] = [];
const POS_OPTIONS = INDIAN_STATES.map((s) => ({ value: s.code, label: `${s.code}-${s.name}` }));
const ID = {
  customer: 'bill-customer',
  'customer.name': 'bill-customer-name',
  'customer.mobileNumber': 'bill-customer-mobile',
  date: 'bill-date',
  dueDate: 'bill-due-date',
  placeOfSupply: 'bill-place-of-supply',
  'payment.amount': 'bill-payment-amount',
  'payment.mode': 'bill-payment-mode',
  'payment.accountId': 'bill-payment-account',
  'payment.reference': 'bill-payment-reference',
  notes: 'bill-notes',
  terms: 'bill-terms',
} as const;
type TopField = keyof typeof ID;

/** The element a form path names: a line's input, or a field of the bill. */
function elementOf(path: string, lines: LineDraft[]): HTMLElement | null {
  const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
  if (m) {
    const line = lines[Number(m[1])];
    return line ? document.getElementById(lineInputId(line.key, m[2] as LineField)) : null;
  }
  return path in ID ? document.getElementById(ID[path as TopField]) : null;
}

/** The account a payment mode goes to by default: cash to Cash in hand, the rest to the only bank account. */
function defaultAccount(mode: PaymentMode, accounts: Account[] | undefined): string | null {
  if (!accounts) return null;
  if (mode === 'CASH') return accounts.find((a) => a.type === 'CASH')?.id ?? null;
  const banks = accounts.filter((a) => a.type === 'BANK');
  return banks.length === 1 ? banks[0].id : null;
}

/** The lines' own problems show as they are typed; the rest once a save was tried. */
const lineErrorsOnly = (errors: BillErrors) => Object.fromEntries(Object.entries(errors).filter(([k]) => /^lines\.\d+\./.test(k)));

type After = 'open' | 'print' | 'new';

function BillingForm({ kind, initial, onNew }: { kind: BillKind; initial: BillDraft; onNew: () => void }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, activeStoreBranch: branch } = useSession();
  const [draft, setDraft] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<BillErrors>({});
  const [saving, setSaving] = useState(false);
  const [adding, setAdding] = useState<string | null>(null);
  const itemSearch = useRef<RefSelectProps>(null);
  const partyPicker = useRef<RefSelectProps>(null);
  const focusNext = useRef<string | null>(null);
  /** The key of the save being tried, kept while the bill is unchanged so a retry never bills twice. */
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const inFlight = useRef(false);
  const invoice = kind === 'INVOICE';
  const noun = invoice ? 'Invoice' : 'Quotation';

  const { data: taxes } = useTaxRates();
  const { data: accounts } = useAccounts();
  const nextNumber = useNextInvoiceNumber(branch?.id, draft.date, invoice);

  const supply = useMemo(() => supplyOf(draft, branch, user?.business ?? null), [draft, branch, user]);
  const figures = useMemo(() => (supply.supplyType ? computeBill(draft, supply.supplyType) : null), [draft, supply.supplyType]);
  const errors = useMemo(() => (figures ? billErrors(draft, supply, figures) : {}), [draft, supply, figures]);
  const shown = { ...(submitted ? errors : lineErrorsOnly(errors)), ...serverErrors };
  const warnings = useMemo(() => stockWarnings(draft.lines, branch?.name ?? 'this branch'), [draft.lines, branch]);
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial]);
  const { confirmDiscard, markSaved, guard } = useUnsavedChanges(dirty);
  const grandTotal = figures?.document.totals.grandTotal ?? 0;

  useEffect(() => {
    if (!focusNext.current) return;
    const el = document.getElementById(focusNext.current);
    focusNext.current = null;
    el?.focus();
  });

  const update = (patch: Partial<BillDraft>) => {
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
  const addItem = (line: LineDraft) => {
    setDraft((d) => ({ ...d, lines: [...d.lines, line] }));
    setServerErrors({});
    focusNext.current = lineInputId(line.key, line.item.hasSerialisation ? 'serialNos' : 'quantity');
  };
  const pickParty = (party: Party | null) => {
    update({ customer: party ? { type: 'PARTY', party } : { type: 'WALK_IN', name: '', mobileNumber: '' }, placeOfSupply: null, dueDate: null });
    setTimeout(() => (party ? itemSearch.current?.focus() : document.getElementById(ID['customer.name'])?.focus()));
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
    const withAccount = { ...draft, payment: { ...draft.payment, accountId } };
    const body = invoice ? toSaleRequest(withAccount, supply, grandTotal) : toQuotationRequest(draft, supply);
    const json = JSON.stringify(body);
    if (!attempt.current || attempt.current.body !== json) attempt.current = { key: newIdempotencyKey(), body: json };
    const opts = { idempotencyKey: attempt.current.key };
    inFlight.current = true;
    setSaving(true);
    try {
      const saved = invoice
        ? await saleApi.create(toSaleRequest(withAccount, supply, grandTotal), opts)
        : await quotationApi.create(toQuotationRequest(draft, supply), opts);
      attempt.current = null;
      markSaved();
      const number = 'invoiceNumber' in saved ? saved.invoiceNumber : saved.quotationNumber;
      notify.success(`${noun} ${number} saved`);
      void revalidateArea('sales', 'quotations', 'items', 'accounts', 'parties');
      const detail = `/sales/${invoice ? 'invoice' : 'quotation'}/${saved.id}`;
      // Save & new: a clean form, without the document it was prefilled from.
      if (after === 'new') {
        if (location.search) navigate(location.pathname, { replace: true });
        else onNew();
      }
      else if (after === 'print') navigate(`${detail}?print=a4`);
      else navigate(detail);
    } catch (e) {
      const path = isApiError(e) && e.field ? formPathOf(e.field) : null;
      if (path) {
        setServerErrors({ [path]: errorMessage(e) });
        setTimeout(() => elementOf(path, draft.lines)?.focus());
      } else {
        notify.error(`${noun} not saved`, { description: errorMessage(e) });
      }
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };
  const shortcut = useSaveShortcut(() => void save('open'), !saving);

  let preview: string;
  try {
    const fy = financialYearOf(draft.date).label;
    preview = invoice
      ? (nextNumber.data?.number ?? `${documentSeriesPrefix(branch?.invoicePrefix ?? '', fy)}…`)
      : `${documentSeriesPrefix('QT', fy)}…`;
  } catch {
    preview = '…';
  }

  const field = (path: TopField) => ({ validateStatus: shown[path] ? ('error' as const) : undefined, help: shown[path] });
  const party = draft.customer.type === 'PARTY' ? draft.customer.party : null;
  const partyDetail = party
    ? [party.gstin && `GSTIN ${party.gstin}`, party.billingAddress?.miscData.st, party.mobileNumber].filter(Boolean).join(' · ')
    : '';

  if (!branch) {
    return (
      <>
        <PageHeader title={`New ${noun.toLowerCase()}`} back="/sales" />
        <Alert type="warning" showIcon title="Choose a branch first" description="A bill is issued by a store branch: pick one in the header." />
      </>
    );
  }

  return (
    <div {...shortcut.form}>
      {guard}
      <PageHeader
        title={draft.quotationId ? 'New invoice from quotation' : `New ${noun.toLowerCase()}`}
        back="/sales"
        subtitle={`${branch.name} · Enter adds the item · Ctrl+Enter saves`}
        extra={
          <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
            {noun} no.{' '}
            <Typography.Text strong data-testid="number-preview" style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
              {preview}
            </Typography.Text>
          </Typography.Text>
        }
      />
      {!supply.supplierState ? (
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
              <Form.Item label="Customer" {...field('customer')} htmlFor={ID.customer}>
                <PartyPicker
                  ref={partyPicker}
                  id={ID.customer}
                  party={draft.customer.type === 'PARTY' ? draft.customer.party : null}
                  partyType="CUSTOMER"
                  walkIn
                  onPick={pickParty}
                  onAdd={setAdding}
                  status={shown.customer ? 'error' : undefined}
                />
              </Form.Item>
              {draft.customer.type === 'WALK_IN' ? (
                <Row gutter={12}>
                  <Col span={14}>
                    <Form.Item label="Name (optional)" {...field('customer.name')} htmlFor={ID['customer.name']}>
                      <Input
                        id={ID['customer.name']}
                        value={draft.customer.name}
                        maxLength={100}
                        onChange={(e) => draft.customer.type === 'WALK_IN' && update({ customer: { ...draft.customer, name: e.target.value } })}
                      />
                    </Form.Item>
                  </Col>
                  <Col span={10}>
                    <Form.Item label="Mobile (optional)" {...field('customer.mobileNumber')} htmlFor={ID['customer.mobileNumber']}>
                      <Input
                        id={ID['customer.mobileNumber']}
                        inputMode="numeric"
                        value={draft.customer.mobileNumber}
                        onChange={(e) =>
                          draft.customer.type === 'WALK_IN' && update({ customer: { ...draft.customer, mobileNumber: e.target.value } })
                        }
                      />
                    </Form.Item>
                  </Col>
                </Row>
              ) : (
                <Typography.Paragraph type="secondary" style={{ marginTop: -8, minHeight: 22 }}>
                  {partyDetail}
                </Typography.Paragraph>
              )}
            </Col>
            <Col xs={24} lg={14}>
              <Row gutter={12}>
                <Col xs={12} md={8}>
                  <Form.Item label={invoice ? 'Invoice date' : 'Quotation date'} {...field('date')} htmlFor={ID['date']}>
                    <DatePicker
                      id={ID.date}
                      format="DD/MM/YYYY"
                      allowClear={false}
                      style={{ width: '100%' }}
                      value={dayjs(draft.date)}
                      onChange={(d) => d && update({ date: d.format('YYYY-MM-DD') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={8}>
                  <Form.Item label={invoice ? 'Due date' : 'Valid until'} {...field('dueDate')} htmlFor={ID['dueDate']}>
                    <DatePicker
                      id={ID.dueDate}
                      format="DD/MM/YYYY"
                      allowClear={false}
                      style={{ width: '100%' }}
                      value={dayjs(dueDateOf(draft))}
                      onChange={(d) => d && update({ dueDate: d.format('YYYY-MM-DD') })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    label="Place of supply"
                    {...field('placeOfSupply')}
                    htmlFor={ID.placeOfSupply}
                    help={
                      shown.placeOfSupply ?? (
                        <span data-testid="pos-reason">
                          {supply.supplierState ? placeOfSupplyReasonText(supply.reason, party) : ''}
                          {draft.placeOfSupply !== null ? (
                            <>
                              {' · '}
                              <Typography.Link onClick={() => update({ placeOfSupply: null })}>use default</Typography.Link>
                            </>
                          ) : null}
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
              </Typography.Text>
            ) : null
          }
        >
          <LineGrid
            lines={draft.lines}
            outcomes={figures?.lines ?? []}
            errors={shown}
            warnings={warnings}
            taxes={taxes ?? NO_TAXES}
            onChange={updateLine}
            onRemove={removeLine}
            onEnter={focusSearch}
            search={<ItemSearch ref={itemSearch} autoFocus onPick={(item) => addItem(lineFromItem(item))} />}
          />
        </Card>

        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={14}>
            <Card style={{ height: '100%' }}>
              {invoice ? (
                <>
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    Payment received
                  </Typography.Title>
                  <Row gutter={12}>
                    <Col xs={24} md={10}>
                      <Form.Item label="Received">
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
                          value={
                            draft.payment.received === 'PART'
                              ? draft.payment.amount
                              : (paymentAmount(draft, grandTotal) ?? '0.00')
                          }
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
                        <Form.Item label="Account" {...field('payment.accountId')} htmlFor={ID['payment.accountId']}>
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
                </>
              ) : null}
              <Row gutter={12}>
                <Col xs={24} md={12}>
                  <Form.Item label="Notes" {...field('notes')} htmlFor={ID['notes']}>
                    <Input.TextArea
                      id={ID.notes}
                      rows={2}
                      maxLength={2000}
                      placeholder="Shown on the invoice"
                      value={draft.notes}
                      onChange={(e) => update({ notes: e.target.value })}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item label="Terms" {...field('terms')} htmlFor={ID['terms']}>
                    <Input.TextArea
                      id={ID.terms}
                      rows={2}
                      maxLength={2000}
                      placeholder="Goods once sold will not be taken back."
                      value={draft.terms}
                      onChange={(e) => update({ terms: e.target.value })}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card style={{ height: '100%' }}>
              <TotalsPanel
                totals={figures?.document.totals ?? { taxableValue: 0, discount: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, subtotal: 0, roundOff: 0, grandTotal: 0 }}
                amountInWords={figures?.document.amountInWords ?? ''}
                supplyType={supply.supplyType}
                placeOfSupply={supply.placeOfSupply}
                roundOff={draft.roundOff}
                onRoundOff={(roundOff) => update({ roundOff })}
                received={invoice ? receivedPaise(draft, grandTotal) : undefined}
              />
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
        <Button onClick={() => confirmDiscard(() => navigate('/sales'))} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void save('new')} loading={saving}>
          Save &amp; new
        </Button>
        {invoice ? (
          <Button onClick={() => void save('print')} loading={saving}>
            Save &amp; print
          </Button>
        ) : null}
        <Button type="primary" onClick={() => void save('open')} loading={saving} {...shortcut.button}>
          Save
        </Button>
      </Flex>
      <QuickPartyModal
        open={adding !== null}
        initialName={adding ?? ''}
        onClose={(created) => {
          setAdding(null);
          if (created) pickParty(created);
          else setTimeout(() => partyPicker.current?.focus());
        }}
      />
    </div>
  );
}

/** What is received now, in paise (0 while a part amount is not a valid amount yet). */
function receivedPaise(draft: BillDraft, grandTotal: number): number {
  const amount = paymentAmount(draft, grandTotal);
  if (amount === null) return 0;
  try {
    return toPaise(amount.replace(/,/g, ''));
  } catch {
    return 0;
  }
}

/** sales/create-invoice and sales/create-quotation; ?fromQuotation= or ?duplicate= prefill it. */
export function BillingPage({ kind }: { kind: BillKind }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const { user, activeStoreBranch } = useSession();
  const source = prefillSourceOf(kind, params);
  const today = indiaToday();
  const prefill = useSWR(
    source ? cacheKey(kind === 'INVOICE' ? 'sales' : 'quotations', 'prefill', source) : null,
    () => prefillBill(kind, source!, today, activeStoreBranch, user?.business ?? null),
    { revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false },
  );
  const [generation, setGeneration] = useState(0);
  const initial = useMemo(() => emptyBill(kind, today), [kind, today]);

  if (source && prefill.error) {
    const what = source.from === 'quotation' ? 'Quotation' : 'Invoice';
    return (
      <>
        <PageHeader title={`New ${kind === 'INVOICE' ? 'invoice' : 'quotation'}`} back="/sales" />
        <ErrorState
          title={isApiError(prefill.error) && prefill.error.status === 404 ? `${what} not found.` : `Could not load the ${what.toLowerCase()}`}
          detail={isApiError(prefill.error) && prefill.error.status === 404 ? undefined : errorMessage(prefill.error)}
          onRetry={() => void prefill.mutate()}
        />
      </>
    );
  }
  if (source && !prefill.data) return <LoadingState label={source.from === 'quotation' ? 'Loading the quotation...' : 'Loading the invoice...'} />;
  // A new form per visit and per Save & new.
  return (
    <BillingForm
      key={`${location.key}-${generation}`}
      kind={kind}
      initial={prefill.data ?? initial}
      onNew={() => setGeneration((g) => g + 1)}
    />
  );
}
