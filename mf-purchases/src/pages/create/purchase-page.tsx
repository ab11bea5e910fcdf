import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, Button, Col, Flex, Form, Input, Switch, Typography, Upload } from 'antd';
import { InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import {
  PURCHASE_LIMITS,
  addDays,
  documentSeriesPrefix,
  errorMessage,
  financialYearOf,
  indiaToday,
  purchaseApi,
  revalidateArea,
  useSession,
  type Party,
} from '@bahi/shared';
import {
  DateField,
  DocumentFormLayout,
  ItemSearch,
  ItemsCard,
  LineGrid,
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
  DocumentDiscountField,
  computeBill,
  itemStatus,
  lineFromItem,
  notify,
  paiseNow,
  partyDetailOf,
  paymentAccountId,
  rupeesOfPaise,
  totalsOf,
  useAccounts,
  useDocumentDraft,
  useSaveAttempt,
  useQuickAddParty,
  useSaveShortcut,
  useTaxRates,
  useUnsavedChanges,
  type SaveThen,
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
  discount: 'purchase-discount',
} as const;
type TopField = keyof typeof ID;
const ACCEPT = '.pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg';

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

/** The bill a form edits: it keeps its reference number and payments. */
export interface EditingBill {
  id: string;
  number: string;
}

export function PurchaseForm({ initial, onNew, editing }: { initial: PurchaseDraft; onNew: () => void; editing?: EditingBill }) {
  const navigate = useNavigate();
  const { user, activeStoreBranch: branch } = useSession();
  const { draft, update, shownOf, readyToSave, refused, itemSearch, updateLine, removeLine, addLine, focusSearch } = useDocumentDraft(initial, ID);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** One save at a time, its key kept while the bill is unchanged, so a retry never enters it twice. */
  const { saving, busy, run, reset } = useSaveAttempt();

  const { data: taxes } = useTaxRates();
  const { data: accounts } = useAccounts();
  const nextReference = useNextPurchaseReference(editing ? undefined : branch?.id, draft.billDate);
  const supply = useMemo(() => purchaseSupplyOf(draft, branch, user?.business ?? null), [draft, branch, user]);
  const figures = useMemo(
    () => (supply.supplyType ? computeBill(draft, supply.supplyType, draft.reverseCharge) : null),
    [draft, supply.supplyType],
  );
  const errors = useMemo(() => (figures ? purchaseErrors(draft, supply, figures) : {}), [draft, supply, figures]);
  const shown = shownOf(errors);
  const dirty = useMemo(() => file !== null || JSON.stringify(draft) !== JSON.stringify(initial), [draft, initial, file]);
  const { confirmDiscard, markSaved, guard } = useUnsavedChanges(dirty);
  const grandTotal = figures?.document.totals.grandTotal ?? 0;
  const noWarnings = useMemo(() => new Map<string, string>(), []);

  const pickSupplier = (supplier: Party | null) => {
    update({ supplier, dueDate: null, placeOfSupply: null });
    setTimeout(() => document.getElementById(ID.billNumber)?.focus());
  };
  const { picker, onAdd, dialog } = useQuickAddParty(pickSupplier);

  // Keyboard first: the supplier, then their bill number, then the items.
  useEffect(() => {
    if (!editing) picker.current?.focus();
  }, [picker, editing]);

  const save = async (after: SaveThen) => {
    if (busy() || !figures || !readyToSave(errors)) return;
    const payment = { ...draft.payment, accountId: paymentAccountId(draft.payment, accounts) };
    const body = toPurchaseRequest({ ...draft, payment }, supply, grandTotal);
    await run(body, async (opts) => {
      try {
        const saved = editing ? await purchaseApi.update(editing.id, { ...body, payment: null }, opts) : await purchaseApi.create(body, opts);
        reset();
        markSaved();
        notify.success(`Purchase ${saved.referenceNumber} ${editing ? 'updated' : 'saved'} (bill ${saved.billNumber})`);
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
        if (after === 'new') {
          if (editing) navigate('/purchase/create-invoice');
          else onNew();
        }
        else navigate(`/purchases/invoice/${saved.id}`);
      } catch (e) {
        refused(e, purchaseFormPathOf, 'Purchase not saved');
      }
    });
  };
  const shortcut = useSaveShortcut(() => void save('open'), !saving);

  let preview: string;
  try {
    // An edited bill keeps its number; a new one gets it from the server, until then the series, its number to come.
    preview = editing ? editing.number : (nextReference.data?.number ?? `${documentSeriesPrefix('PUR', financialYearOf(draft.billDate).label)}…`);
  } catch {
    preview = '…';
  }
  const field = (path: TopField) => itemStatus(shown[path]);
  const supplier = draft.supplier;

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
        title={editing ? `Edit purchase ${editing.number}` : 'New purchase'}
        back={editing ? `/purchases/invoice/${editing.id}` : '/purchases'}
        subtitle={`Received at ${branch.name} · Enter adds the item · Ctrl+Enter saves`}
        extra={<NumberPreview label="Our ref." number={preview} title="Our reference for this bill: given when it is saved" nowrap />}
      />
      {editing ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title="The bill keeps its reference number and the payments made against it"
          description="Saving brings in the new lines and takes out the earlier ones, and re-posts its entries on the bill date. Record a payment from the bill itself."
        />
      ) : null}
      {!supply.branchState ? <NoGstStateAlert branch={branch} /> : null}
      <DocumentFormLayout
        party={
          <>
            <Form.Item label="Supplier" {...field('supplier')} htmlFor={ID.supplier}>
              <PartyPicker
                ref={picker}
                id={ID.supplier}
                party={supplier}
                partyType="SUPPLIER"
                onPick={pickSupplier}
                onAdd={onAdd}
                status={shown.supplier ? 'error' : undefined}
              />
            </Form.Item>
            <Typography.Paragraph type="secondary" style={{ marginTop: -8, minHeight: 22 }}>
              {partyDetailOf(supplier)}
            </Typography.Paragraph>
          </>
        }
        fields={
          <>
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
                <DateField id={ID.billDate} value={draft.billDate} onChange={(billDate) => update({ billDate })} />
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item label="Due date" {...field('dueDate')} htmlFor={ID.dueDate}>
                <DateField
                  id={ID.dueDate}
                  value={draft.dueDate ?? addDays(draft.billDate, supplier?.creditPeriod ?? 0)}
                  onChange={(dueDate) => update({ dueDate })}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={12}>
              <PlaceOfSupplyField
                id={ID.placeOfSupply}
                value={supply.placeOfSupply}
                onChange={(code) => update({ placeOfSupply: code })}
                error={shown.placeOfSupply}
                reason={
                  draft.placeOfSupply === null ? (
                    "the receiving branch's state"
                  ) : (
                    <>
                      chosen by you · <Typography.Link onClick={() => update({ placeOfSupply: null })}>use default</Typography.Link>
                    </>
                  )
                }
              />
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
          </>
        }
        items={
          <ItemsCard supplyType={supply.supplyType} note={draft.reverseCharge ? ' · reverse charge' : ''}>
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
          </ItemsCard>
        }
        payment={
          <>
            {editing ? null : (
              <PaymentNowFields
                title="Payment made"
                receivedLabel="Paid now"
                accountLabel="Paid from"
                ids={ID}
                payment={draft.payment}
                amount={paidNow(draft, grandTotal)}
                accounts={accounts}
                errors={shown}
                onChange={(patch) => update({ payment: { ...draft.payment, ...patch } })}
              />
            )}
            <Form.Item label="Notes" {...field('notes')} htmlFor={ID.notes}>
              <Input.TextArea id={ID.notes} rows={2} maxLength={2000} value={draft.notes} onChange={(e) => update({ notes: e.target.value })} />
            </Form.Item>
            {editing ? null : (
              <AttachmentDrop
                file={file}
                error={fileError}
                onFile={(f, problem) => {
                  setFile(f);
                  setFileError(problem);
                }}
              />
            )}
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
              received={editing ? undefined : paiseNow(paidNow(draft, grandTotal))}
              receivedLabel="Paid"
            />
            <Flex justify="space-between" style={{ marginTop: 8 }}>
              <Typography.Text type="secondary">Input tax credit (ITC)</Typography.Text>
              <Typography.Text data-testid="total-itc" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {rupeesOfPaise(itcPaise(draft, figures))}
              </Typography.Text>
            </Flex>
          </>
        }
      />

      <SaveBar
        saving={saving}
        onCancel={() => confirmDiscard(() => navigate(editing ? `/purchases/invoice/${editing.id}` : '/purchases'))}
        onSave={(then) => void save(then)}
        shortcut={shortcut.button}
      />
      <QuickPartyModal partyType="SUPPLIER" {...dialog} />
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
