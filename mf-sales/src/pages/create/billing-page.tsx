import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { Alert, Col, Form, Input, Row, Select, Typography } from 'antd';
import {
  EXPORT_TYPES,
  EXPORT_TYPE_LABELS,
  cacheKey,
  documentSeriesPrefix,
  errorMessage,
  financialYearOf,
  indiaToday,
  isApiError,
  quotationApi,
  reportApi,
  revalidateArea,
  saleApi,
  useSession,
  type Party,
} from '@bahi/shared';
import {
  DateField,
  DocumentDiscountField,
  DocumentFormLayout,
  ErrorState,
  ItemSearch,
  ItemsCard,
  LineGrid,
  LoadingState,
  NO_TAXES,
  NoGstStateAlert,
  NumberPreview,
  PageHeader,
  PartyPicker,
  PaymentNowFields,
  PlaceOfSupplyField,
  QuickPartyModal,
  SaveBar,
  TotalsPanel,
  computeBill,
  itemStatus,
  lineFromItem,
  notify,
  paiseNow,
  partyDetailOf,
  paymentAccountId,
  totalsOf,
  useAccounts,
  useDocumentDates,
  useDocumentDraft,
  useSaveAttempt,
  useQuickAddParty,
  useSaveShortcut,
  useTaxRates,
  useUnsavedChanges,
  type SaveThen,
} from '@bahi/shared/ui';
import {
  sellerRegistrationOf,
  withoutTax,
  billErrors,
  dueDateOf,
  emptyBill,
  exportTypeOf,
  formPathOf,
  paymentAmount,
  placeOfSupplyReasonText,
  stockWarnings,
  supplyOf,
  toQuotationRequest,
  toSaleRequest,
  zeroRatedParty,
  type BillDraft,
  type BillKind,
} from './sale-bill';
import { useNextInvoiceNumber } from '../../components/sales-data';
import { prefillBill, prefillSourceOf } from './prefill';
import { useProfileDefaults } from '../../components/profile-defaults';
import { TransportSection, useTransportDraft } from '../../components/transport-section';

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
  discount: 'bill-discount',
  exportType: 'bill-export-type',
  shippingBill: 'bill-shipping-bill',
} as const;
type TopField = keyof typeof ID;

/** The invoice a form edits: it keeps its number and payments. */
interface Editing {
  id: string;
  number: string;
}

function BillingForm({ kind, initial, onNew, editing }: { kind: BillKind; initial: BillDraft; onNew: () => void; editing?: Editing }) {
  const navigate = useNavigate();
  const location = useLocation();
  const { user, activeStoreBranch: branch } = useSession();
  const { draft: typed, update, shownOf, readyToSave, refused, itemSearch, updateLine, removeLine, addLine, focusSearch } = useDocumentDraft(initial, ID);
  useProfileDefaults(typed, update);
  // A composition or unregistered seller issues a bill of supply: no GST on any line, and no rate is sent.
  const registration = sellerRegistrationOf(branch, user?.business ?? null);
  const billOfSupply = registration !== 'REGULAR';
  const draft = useMemo(() => (billOfSupply ? withoutTax(typed) : typed), [typed, billOfSupply]);
  /** One save at a time, its key kept while the bill is unchanged so a retry never bills twice. */
  const { saving, busy, run, reset } = useSaveAttempt();
  const transport = useTransportDraft();
  const invoice = kind === 'INVOICE';
  const noun = invoice ? 'Invoice' : 'Quotation';

  const { data: taxes } = useTaxRates();
  const { data: accounts } = useAccounts();
  const nextNumber = useNextInvoiceNumber(branch?.id, draft.date, invoice && !editing);
  const dates = useDocumentDates(invoice ? 'OTHER' : 'QUOTATION');

  const supply = useMemo(() => supplyOf(draft, branch, user?.business ?? null), [draft, branch, user]);
  // A sale to an SEZ unit or a buyer abroad: without payment of IGST while the business's LUT is valid.
  const { data: gstSettings } = useSWR(zeroRatedParty(draft) ? cacheKey('reports', 'gst-settings') : null, () => reportApi.gstSettings());
  const exportType = exportTypeOf(draft, gstSettings?.lut);
  const figures = useMemo(
    () => (supply.supplyType ? computeBill(draft, supply.supplyType, false, exportType === 'WITHOUT_PAYMENT') : null),
    [draft, supply.supplyType, exportType],
  );
  const errors = useMemo(() => (figures ? billErrors(draft, supply, figures) : {}), [draft, supply, figures]);
  const shown = shownOf(errors);
  const warnings = useMemo(() => stockWarnings(draft.lines, branch?.name ?? 'this branch'), [draft.lines, branch]);
  const dirty = useMemo(() => JSON.stringify(typed) !== JSON.stringify(initial), [typed, initial]);
  const { confirmDiscard, markSaved, guard } = useUnsavedChanges(dirty);
  const grandTotal = figures?.document.totals.grandTotal ?? 0;

  const pickParty = (party: Party | null) => {
    update({ customer: party ? { type: 'PARTY', party } : { type: 'WALK_IN', name: '', mobileNumber: '' }, placeOfSupply: null, dueDate: null });
    setTimeout(() => (party ? itemSearch.current?.focus() : document.getElementById(ID['customer.name'])?.focus()));
  };
  const { picker, onAdd, dialog } = useQuickAddParty(pickParty);

  const save = async (after: SaveThen) => {
    if (busy() || !figures || !readyToSave(errors)) return;
    const payment = { ...draft.payment, accountId: paymentAccountId(draft.payment, accounts) };
    // An edit leaves the transport details as they are (the invoice's e-Way bill card changes them).
    const sale = invoice ? { ...toSaleRequest({ ...draft, payment }, supply, grandTotal), ...(editing ? {} : transport.body) } : null;
    const quotation = invoice ? null : toQuotationRequest(draft, supply);
    await run(sale ?? quotation, async (opts) => {
      try {
        const saved = editing
          ? await saleApi.update(editing.id, { ...sale!, payment: null }, opts)
          : sale
            ? await saleApi.create(sale, opts)
            : await quotationApi.create(quotation!, opts);
        reset();
        markSaved();
        const number = 'invoiceNumber' in saved ? saved.invoiceNumber : saved.quotationNumber;
        notify.success(`${noun} ${number} ${editing ? 'updated' : 'saved'}`);
        void revalidateArea('sales', 'quotations', 'items', 'accounts', 'parties');
        const detail = `/sales/${invoice ? 'invoice' : 'quotation'}/${saved.id}`;
        // Save & new: a clean form, without the document it was prefilled from.
        if (after === 'new') {
          if (editing) navigate('/sales/create-invoice');
          else if (location.search) navigate(location.pathname, { replace: true });
          else onNew();
        }
        else if (after === 'print') navigate(`${detail}?print=a4`);
        else navigate(detail);
      } catch (e) {
        refused(e, formPathOf, `${noun} not saved`);
      }
    });
  };
  const shortcut = useSaveShortcut(() => void save('open'), !saving);

  let preview: string;
  try {
    const fy = financialYearOf(draft.date).label;
    // An edited invoice keeps its number.
    preview = editing
      ? editing.number
      : invoice
        ? (nextNumber.data?.number ?? `${documentSeriesPrefix(branch?.invoicePrefix ?? '', fy)}…`)
        : `${documentSeriesPrefix('QT', fy)}…`;
  } catch {
    preview = '…';
  }

  const field = (path: TopField) => itemStatus(shown[path]);
  const setShippingBill = (patch: Partial<NonNullable<BillDraft['shippingBill']>>) =>
    update({ shippingBill: { number: '', date: null, portCode: '', ...draft.shippingBill, ...patch } });
  const party = draft.customer.type === 'PARTY' ? draft.customer.party : null;

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
        title={editing ? `Edit invoice ${editing.number}` : draft.quotationId ? 'New invoice from quotation' : `New ${noun.toLowerCase()}`}
        back={editing ? `/sales/invoice/${editing.id}` : '/sales'}
        subtitle={`${branch.name} · Enter adds the item · Ctrl+Enter saves`}
        extra={<NumberPreview label={`${noun} no.`} number={preview} />}
      />
      {editing ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="The invoice keeps its number and the payments received against it"
          description="Saving takes back its earlier stock and entries and posts the new ones, all on the invoice date. Record a payment from the invoice itself."
        />
      ) : null}
      {!supply.supplierState ? <NoGstStateAlert branch={branch} /> : null}
      {billOfSupply ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`Bill of supply — no GST charged (${registration === 'COMPOSITION' ? 'composition' : 'unregistered'})`}
          description={
            registration === 'COMPOSITION'
              ? 'A composition taxpayer may not collect tax: the bill prints "composition taxable person, not eligible to collect tax on supplies".'
              : 'A business without a GSTIN may not collect tax. Add your GSTIN in GST settings to issue tax invoices.'
          }
        />
      ) : null}
      <DocumentFormLayout
        party={
          <>
            <Form.Item
              label="Customer"
              {...field('customer')}
              htmlFor={ID.customer}
              extra={draft.quotationId ? 'The quotation’s customer: the invoice that converts it bills the same customer' : undefined}
            >
              <PartyPicker
                ref={picker}
                id={ID.customer}
                party={party}
                partyType="CUSTOMER"
                walkIn
                onPick={pickParty}
                onAdd={onAdd}
                status={shown.customer ? 'error' : undefined}
                disabled={!!draft.quotationId}
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
                {partyDetailOf(party)}
              </Typography.Paragraph>
            )}
          </>
        }
        fields={
          <>
            <Col xs={12} md={8}>
              <Form.Item label={invoice ? 'Invoice date' : 'Quotation date'} {...field('date')} htmlFor={ID['date']}>
                <DateField id={ID.date} value={draft.date} onChange={(date) => update({ date })} range={dates} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item label={invoice ? 'Due date' : 'Valid until'} {...field('dueDate')} htmlFor={ID['dueDate']}>
                <DateField id={ID.dueDate} value={dueDateOf(draft)} onChange={(dueDate) => update({ dueDate })} />
              </Form.Item>
            </Col>
            {exportType ? (
              <>
                <Col xs={24} md={12}>
                  <Form.Item
                    label="Export type"
                    {...field('exportType')}
                    htmlFor={ID.exportType}
                    extra={
                      draft.exportType
                        ? undefined
                        : gstSettings?.lut && exportType === 'WITHOUT_PAYMENT'
                          ? `Under LUT ${gstSettings.lut.number}`
                          : 'No LUT valid on this date: IGST is charged'
                    }
                  >
                    <Select
                      id={ID.exportType}
                      value={exportType}
                      onChange={(value) => update({ exportType: value })}
                      options={EXPORT_TYPES.map((value) => ({ value, label: EXPORT_TYPE_LABELS[value] }))}
                    />
                  </Form.Item>
                </Col>
                {invoice && party?.registrationType === 'OVERSEAS' ? (
                  <Col xs={24} md={12}>
                    <Form.Item
                      label="Shipping bill (optional)"
                      {...field('shippingBill')}
                      htmlFor={ID.shippingBill}
                      extra="Number, date and port code; can be added later from the invoice."
                    >
                      <Row gutter={8}>
                        <Col span={9}>
                          <Input
                            id={ID.shippingBill}
                            aria-label="Shipping bill number"
                            placeholder="Number"
                            maxLength={20}
                            value={draft.shippingBill?.number ?? ''}
                            onChange={(e) => setShippingBill({ number: e.target.value })}
                          />
                        </Col>
                        <Col span={8}>
                          <DateField id={`${ID.shippingBill}-date`} value={draft.shippingBill?.date ?? ''} onChange={(date) => setShippingBill({ date })} />
                        </Col>
                        <Col span={7}>
                          <Input
                            aria-label="Port code"
                            placeholder="INNSA1"
                            maxLength={6}
                            value={draft.shippingBill?.portCode ?? ''}
                            onChange={(e) => setShippingBill({ portCode: e.target.value.toUpperCase() })}
                          />
                        </Col>
                      </Row>
                    </Form.Item>
                  </Col>
                ) : null}
              </>
            ) : null}
            <Col xs={24} md={8}>
              <PlaceOfSupplyField
                id={ID.placeOfSupply}
                value={supply.placeOfSupply}
                onChange={(code) => update({ placeOfSupply: code })}
                error={shown.placeOfSupply}
                reason={
                  <>
                    {supply.supplierState ? placeOfSupplyReasonText(supply.reason, party) : ''}
                    {draft.placeOfSupply !== null ? (
                      <>
                        {' · '}
                        <Typography.Link onClick={() => update({ placeOfSupply: null })}>use default</Typography.Link>
                      </>
                    ) : null}
                  </>
                }
              />
            </Col>
          </>
        }
        items={
          <ItemsCard supplyType={supply.supplyType}>
            <LineGrid
              lines={draft.lines}
              outcomes={figures?.lines ?? []}
              errors={shown}
              warnings={warnings}
              taxes={taxes ?? NO_TAXES}
              onChange={updateLine}
              onRemove={removeLine}
              onEnter={focusSearch}
              search={<ItemSearch ref={itemSearch} autoFocus onPick={(item) => addLine(lineFromItem(item))} />}
            />
          </ItemsCard>
        }
        payment={
          <>
            {invoice && !editing ? (
              <TransportSection state={transport} grandTotalPaise={grandTotal} goods={draft.lines.some((l) => l.item.itemType !== 'SERVICE')} />
            ) : null}
            {invoice && !editing ? (
              <PaymentNowFields
                title="Payment received"
                receivedLabel="Received"
                ids={ID}
                payment={draft.payment}
                amount={paymentAmount(draft, grandTotal)}
                accounts={accounts}
                errors={shown}
                onChange={(patch) => update({ payment: { ...draft.payment, ...patch } })}
              />
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
          </>
        }
        totals={
          <>
            <DocumentDiscountField id={ID.discount} value={draft.discount} onChange={(discount) => update({ discount })} error={shown.discount} />
            <TotalsPanel
              {...totalsOf(figures)}
              supplyType={supply.supplyType}
              placeOfSupply={supply.placeOfSupply}
              roundOff={draft.roundOff}
              onRoundOff={(roundOff) => update({ roundOff })}
              received={invoice && !editing ? paiseNow(paymentAmount(draft, grandTotal)) : undefined}
            />
          </>
        }
      />

      <SaveBar
        saving={saving}
        print={invoice}
        onCancel={() => confirmDiscard(() => navigate(editing ? `/sales/invoice/${editing.id}` : '/sales'))}
        onSave={(then) => void save(then)}
        shortcut={shortcut.button}
      />
      <QuickPartyModal {...dialog} />
    </div>
  );
}

/**
 * sales/create-invoice and sales/create-quotation; ?fromQuotation= or ?duplicate= prefill it. With `editing` (the
 * invoice's id and number, sales/invoice/:id/edit) the form is the invoice's, and saving edits it.
 */
export function BillingPage({ kind, editing }: { kind: BillKind; editing?: Editing }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const { user, activeStoreBranch } = useSession();
  const source = editing ? ({ from: 'edit', id: editing.id } as const) : prefillSourceOf(kind, params);
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
      editing={editing}
    />
  );
}
