import { useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Row, Select, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { errorMessage, formatRupees, fromPaise, indiaToday, isApiError, toPaise, type Account, type PaymentMode } from '@bahi/shared';
import { DateField } from '../date-field';
import { notify } from '../notifications';
import { PageHeader } from '../page';
import { useSaveShortcut } from '../save-shortcut';
import { useUnsavedChanges } from '../unsaved-changes';
import { useAccounts, useDocumentDates } from './data';
import { formatQuantity } from './format';
import { defaultAccountId, itemStatus, paymentAccountId } from './form-model';
import { useSaveAttempt } from './document-form';
import {
  emptyNoteLines,
  noteFormPathOf,
  noteLineErrors,
  noteLineHeads,
  noteRequestLines,
  noteTotals,
  returnEverything,
  type Heads,
  type LineLeft,
  type NoteKindRules,
  type NoteLineDraft,
  type NoteTaxMethod,
} from './note-model';
import { PaymentAccountField, PaymentModeField, PaymentReferenceField } from './payment-fields';

/*
 * The form of a credit or debit note on one document, shared by a sale invoice's credit and debit notes (mf-sales)
 * and a purchase bill's debit note (mf-purchases): prefilled from the document's lines with what is left of each,
 * a reason, the note date, live totals at the lines' own rates, an optional refund, and the API's refusals shown at
 * the field they name.
 */

export interface NoteReasonOption {
  value: string;
  label: string;
  /** RETURN: goods come back by quantity; PRICE: a price-only note by taxable value. */
  basis: 'RETURN' | 'PRICE';
}

/** What the form sends, for the page to shape into its own request. */
export interface NoteFormValues {
  noteDate: string;
  reason: string;
  lines: Array<{ lineNo: number; quantity?: string; taxableValue?: string; serialNos?: string[] }>;
  restock?: boolean;
  refund?: { amount: string; mode: PaymentMode; accountId?: string; reference?: string };
  supplierNoteNumber?: string;
  notes?: string;
}

export interface NoteFormProps {
  /** 'Credit note', 'Debit note'. */
  noun: string;
  title: string;
  back: string;
  subtitle?: ReactNode;
  /** The original's lines with what is left of each. */
  lefts: LineLeft[];
  rules: { direction: 'DOWN' | 'UP'; taxMethod: NoteTaxMethod; supplyType: 'INTRA' | 'INTER' };
  sgstLabel: string;
  roundOff: boolean;
  reasons: NoteReasonOption[];
  /** The date of the original: a note is never dated before it. */
  minDate: string;
  /** Offer the restock checkbox (a sales return: on by default). */
  restock?: boolean;
  /** Offer a refund now: its heading ('Refund paid to the customer'), and the most it may be (paise), if known. */
  refund?: { title: string; max?: number; maxReason?: string };
  /** Ask for the supplier's credit note number. */
  supplierNoteNumber?: boolean;
  /** What happens to the note's value without a refund, shown under the refund box. */
  settlementText?: string;
  /** The reason chosen first (else the first). */
  initialReason?: string;
  /** Sends the note; answers what was saved. */
  submit: (values: NoteFormValues, opts: { idempotencyKey: string }) => Promise<{ id: string; noteNumber: string }>;
  onSaved: (saved: { id: string; noteNumber: string }) => void;
  onCancel: () => void;
}

const ID = {
  reason: 'note-reason',
  noteDate: 'note-date',
  restock: 'note-restock',
  supplierNoteNumber: 'note-supplier-number',
  notes: 'note-notes',
  'refund.amount': 'note-refund-amount',
  'refund.mode': 'note-refund-mode',
  'refund.accountId': 'note-refund-account',
  'refund.reference': 'note-refund-reference',
} as const;
const lineInput = (lineNo: number, field: string) => `note-line-${lineNo}-${field}`;

const num = { fontVariantNumeric: 'tabular-nums' as const };
const rupees = (paise: number) => <span style={num}>{formatRupees(fromPaise(paise))}</span>;

function TotalRow({ label, paise, strong, testId }: { label: ReactNode; paise: number; strong?: boolean; testId?: string }) {
  return (
    <Flex justify="space-between" style={{ minHeight: 26, fontSize: strong ? 16 : undefined }}>
      <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
        {label}
      </Typography.Text>
      <Typography.Text strong={strong} style={num} data-testid={testId}>
        {formatRupees(fromPaise(paise))}
      </Typography.Text>
    </Flex>
  );
}

export function NoteForm(props: NoteFormProps) {
  const { lefts, rules: kindRules, reasons } = props;
  const [reason, setReason] = useState(props.initialReason ?? reasons[0].value);
  const basis = reasons.find((r) => r.value === reason)?.basis ?? 'RETURN';
  const [noteDate, setNoteDate] = useState(() => (indiaToday() < props.minDate ? props.minDate : indiaToday()));
  const [lines, setLines] = useState<NoteLineDraft[]>(() => emptyNoteLines(lefts));
  const [restock, setRestock] = useState(true);
  const [refundOn, setRefundOn] = useState(false);
  const [refund, setRefund] = useState<{ amount: string; mode: PaymentMode; accountId: string | null; reference: string }>({
    amount: '',
    mode: 'CASH',
    accountId: null,
    reference: '',
  });
  const [supplierNoteNumber, setSupplierNoteNumber] = useState('');
  const [notes, setNotes] = useState('');
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const { data: accounts } = useAccounts();
  const dates = useDocumentDates('OTHER');
  const { saving, busy, run, reset } = useSaveAttempt();

  const rules: NoteKindRules = { ...kindRules, basis };
  const heads = useMemo(
    () => lines.map((d) => noteLineHeads(lefts.find((l) => l.line.lineNo === d.lineNo)!, d, rules)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lines, lefts, basis, kindRules.direction, kindRules.taxMethod, kindRules.supplyType],
  );
  const totals = noteTotals(heads, props.roundOff);
  const requestLines = noteRequestLines(lines, basis);
  const refundAmount = refund.amount.trim() === '' ? fromPaise(totals.grandTotal) : refund.amount.trim();

  const localErrors = useMemo(() => {
    const e: Record<string, string> = noteLineErrors(lefts, lines, rules);
    if (submitted && requestLines.length === 0) {
      e.lines = basis === 'RETURN' ? 'Enter the quantity returned on at least one line' : 'Enter the amount taken off at least one line';
    }
    // The refund is checked once an amount is typed or a save is tried: an empty form is not yet wrong.
    if (refundOn && props.refund && (refund.amount.trim() !== '' || submitted)) {
      let paise: number | null = null;
      try {
        paise = toPaise(refundAmount);
      } catch {
        e['refund.amount'] = 'Enter an amount in rupees';
      }
      if (paise !== null && paise <= 0) e['refund.amount'] = 'A refund is more than ₹0';
      else if (paise !== null && paise > totals.grandTotal && totals.grandTotal > 0) e['refund.amount'] = `At most the note’s total, ${formatRupees(fromPaise(totals.grandTotal))}`;
      else if (paise !== null && props.refund.max !== undefined && paise > props.refund.max) {
        e['refund.amount'] = props.refund.maxReason ?? `At most ${formatRupees(fromPaise(props.refund.max))}`;
      }
    }
    return e;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, lefts, basis, submitted, refundOn, refund.amount, refundAmount, totals.grandTotal, requestLines.length]);
  const errors = { ...localErrors, ...serverErrors };

  const dirty = requestLines.length > 0 || notes !== '' || supplierNoteNumber !== '';
  const { confirmDiscard, markSaved, guard } = useUnsavedChanges(dirty);

  const touched = () => {
    setServerErrors({});
    setProblem(null);
  };
  const setLine = (lineNo: number, patch: Partial<NoteLineDraft>) => {
    setLines((ls) => ls.map((l) => (l.lineNo === lineNo ? { ...l, ...patch } : l)));
    touched();
  };
  const everything = () => {
    setReason(reasons.find((r) => r.basis === 'RETURN')?.value ?? reason);
    setLines(returnEverything(lefts));
    touched();
  };

  const focus = (path: string) => {
    const m = /^lines\.(\d+)\.(\w+)$/.exec(path);
    const id = m ? lineInput(Number(m[1]), m[2]) : (ID as Record<string, string>)[path];
    setTimeout(() => document.getElementById(id ?? '')?.focus());
  };

  const save = async () => {
    if (busy()) return;
    setSubmitted(true);
    const first = Object.keys(localErrors)[0] ?? (requestLines.length === 0 ? 'lines' : undefined);
    if (first) {
      focus(first);
      return;
    }
    const sent = requestLines;
    const values: NoteFormValues = {
      noteDate,
      reason,
      lines: sent.map(({ lineNo, ...rest }) => ({ lineNo, ...rest })),
      ...(props.restock && basis === 'RETURN' ? { restock } : {}),
      ...(props.refund && refundOn
        ? {
            refund: {
              amount: refundAmount,
              mode: refund.mode,
              accountId: paymentAccountId(refund, accounts) ?? undefined,
              reference: refund.reference.trim() || undefined,
            },
          }
        : {}),
      ...(props.supplierNoteNumber && supplierNoteNumber.trim() ? { supplierNoteNumber: supplierNoteNumber.trim() } : {}),
      ...(notes.trim() ? { notes: notes.trim() } : {}),
    };
    await run(values, async (opts) => {
      try {
        const saved = await props.submit(values, opts);
        reset();
        markSaved();
        notify.success(`${props.noun} ${saved.noteNumber} saved`);
        props.onSaved(saved);
      } catch (e) {
        const path = isApiError(e) ? noteFormPathOf(e.field, sent) : null;
        const known = path && (path in ID || /^lines\.\d+\.\w+$/.test(path));
        if (path && known) {
          setServerErrors({ [path]: errorMessage(e) });
          focus(path);
        } else {
          setProblem(errorMessage(e));
          notify.error(`${props.noun} not saved`, { description: errorMessage(e) });
        }
      }
    });
  };
  const shortcut = useSaveShortcut(() => void save(), !saving);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Alt+E: return everything that is left.
    if (e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyE' && reasons.some((r) => r.basis === 'RETURN')) {
      e.preventDefault();
      everything();
      return;
    }
    shortcut.form.onKeyDown(e);
  };

  const inter = kindRules.supplyType === 'INTER';
  const anyReturnable = lefts.some((l) => l.quantityMilli > 0 && l.line.itemType !== 'SERVICE');
  type Row = { left: LineLeft; draft: NoteLineDraft; heads: Heads | null };
  const rows: Row[] = lines.map((d, i) => ({ left: lefts.find((l) => l.line.lineNo === d.lineNo)!, draft: d, heads: heads[i] }));

  const columns: TableColumnsType<Row> = [
    { title: '#', key: 'no', width: 44, render: (_, r) => r.left.line.lineNo },
    {
      title: 'Item',
      key: 'item',
      render: (_, r) => (
        <Flex vertical>
          <span>{r.left.line.itemName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.left.line.hsnSac && `HSN ${r.left.line.hsnSac}`, `GST ${Number(r.left.line.gstRate)}%`, `${formatRupees(r.left.line.unitPrice)} / ${r.left.line.unit ?? 'unit'}`]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
      ),
    },
    basis === 'RETURN'
      ? {
          title: kindRules.direction === 'DOWN' ? 'Quantity / left' : 'Quantity',
          key: 'left',
          align: 'right',
          width: 120,
          render: (_, r) => (
            <Flex vertical align="flex-end">
              <span style={num}>
                {formatQuantity(r.left.line.quantity)} {r.left.line.unit ?? ''}
              </span>
              <Typography.Text type={r.left.quantityMilli > 0 ? 'secondary' : 'warning'} style={{ fontSize: 12 }} data-testid={`note-left-${r.left.line.lineNo}`}>
                {r.left.quantityMilli > 0 ? `${formatQuantity(r.left.quantityMilli / 1000)} left` : 'all returned'}
              </Typography.Text>
            </Flex>
          ),
        }
      : {
          title: kindRules.direction === 'DOWN' ? 'Taxable left' : 'Taxable value',
          key: 'left',
          align: 'right',
          width: 140,
          render: (_, r) => rupees(r.left.taxable),
        },
    basis === 'RETURN'
      ? {
          title: 'Return',
          key: 'input',
          width: 230,
          render: (_, r) => {
            const path = `lines.${r.left.line.lineNo}`;
            const disabled = r.left.quantityMilli <= 0 || r.left.line.itemType === 'SERVICE';
            const qtyError = errors[`${path}.quantity`];
            const serialError = errors[`${path}.serialNos`];
            return (
              <Flex vertical gap={4}>
                <Form.Item style={{ margin: 0 }} {...itemStatus(qtyError)}>
                  <Input
                    id={lineInput(r.left.line.lineNo, 'quantity')}
                    aria-label={`Quantity returned of ${r.left.line.itemName}`}
                    inputMode="decimal"
                    placeholder={disabled ? (r.left.line.itemType === 'SERVICE' ? 'a service' : 'nothing left') : '0'}
                    disabled={disabled}
                    suffix={r.left.line.unit ?? undefined}
                    value={r.draft.quantity}
                    onChange={(e) => setLine(r.left.line.lineNo, { quantity: e.target.value })}
                    style={{ textAlign: 'right' }}
                  />
                </Form.Item>
                {r.left.line.serialNos.length ? (
                  <Form.Item style={{ margin: 0 }} {...itemStatus(serialError)}>
                    <Select
                      id={lineInput(r.left.line.lineNo, 'serialNos')}
                      aria-label={`Serial numbers returned of ${r.left.line.itemName}`}
                      mode="multiple"
                      placeholder="Serial numbers returned"
                      disabled={disabled}
                      value={r.draft.serialNos}
                      options={r.left.serialsLeft.map((s) => ({ value: s, label: s }))}
                      onChange={(serialNos: string[]) => setLine(r.left.line.lineNo, { serialNos, quantity: serialNos.length ? String(serialNos.length) : '' })}
                    />
                  </Form.Item>
                ) : null}
              </Flex>
            );
          },
        }
      : {
          title: kindRules.direction === 'DOWN' ? 'Reduce taxable by' : 'Raise taxable by',
          key: 'input',
          width: 200,
          render: (_, r) => {
            const path = `lines.${r.left.line.lineNo}.taxableValue`;
            return (
              <Form.Item style={{ margin: 0 }} {...itemStatus(errors[path] ?? errors[`lines.${r.left.line.lineNo}.quantity`])}>
                <Input
                  id={lineInput(r.left.line.lineNo, 'taxableValue')}
                  aria-label={`Taxable value ${kindRules.direction === 'DOWN' ? 'reduced' : 'raised'} on ${r.left.line.itemName}`}
                  inputMode="decimal"
                  prefix="₹"
                  placeholder="0.00"
                  disabled={kindRules.direction === 'DOWN' && r.left.taxable <= 0}
                  value={r.draft.taxableValue}
                  onChange={(e) => setLine(r.left.line.lineNo, { taxableValue: e.target.value })}
                />
              </Form.Item>
            );
          },
        },
    { title: 'Taxable', key: 'taxable', align: 'right', width: 120, render: (_, r) => (r.heads ? rupees(r.heads.taxable) : '-') },
    {
      title: inter ? 'IGST' : `CGST + ${props.sgstLabel}`,
      key: 'tax',
      align: 'right',
      width: 130,
      render: (_, r) => (r.heads ? rupees(r.heads.cgst + r.heads.sgst + r.heads.igst + r.heads.cess) : '-'),
    },
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      width: 130,
      render: (_, r) => (r.heads ? <strong>{rupees(r.heads.taxable + r.heads.cgst + r.heads.sgst + r.heads.igst + r.heads.cess)}</strong> : '-'),
    },
  ];

  const field = (path: keyof typeof ID) => itemStatus(errors[path]);

  return (
    <div onKeyDown={onKeyDown}>
      {guard}
      <PageHeader
        title={props.title}
        back={props.back}
        subtitle={props.subtitle}
      />
      {problem ? <Alert type="error" showIcon closable style={{ marginBottom: 12 }} title={`${props.noun} not saved`} description={problem} onClose={() => setProblem(null)} /> : null}
      <Form layout="vertical" component="div">
        <Card>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item label="Reason" {...field('reason')} htmlFor={ID.reason}>
                <Select
                  id={ID.reason}
                  aria-label="Reason"
                  value={reason}
                  options={reasons.map((r) => ({ value: r.value, label: r.label }))}
                  onChange={(v: string) => {
                    setReason(v);
                    touched();
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={5}>
              <Form.Item label="Note date" {...field('noteDate')} htmlFor={ID.noteDate}>
                <DateField
                  id={ID.noteDate}
                  value={noteDate}
                  onChange={(d) => {
                    setNoteDate(d);
                    touched();
                  }}
                  range={{ min: props.minDate > dates.min ? props.minDate : dates.min, max: dates.max }}
                />
              </Form.Item>
            </Col>
            {props.supplierNoteNumber ? (
              <Col xs={12} md={5}>
                <Form.Item label="Supplier’s note no. (optional)" {...field('supplierNoteNumber')} htmlFor={ID.supplierNoteNumber}>
                  <Input id={ID.supplierNoteNumber} maxLength={40} value={supplierNoteNumber} onChange={(e) => setSupplierNoteNumber(e.target.value)} />
                </Form.Item>
              </Col>
            ) : null}
            {props.restock && basis === 'RETURN' ? (
              <Col xs={24} md={6}>
                <Form.Item label="Stock" {...field('restock')}>
                  <Checkbox id={ID.restock} checked={restock} onChange={(e) => setRestock(e.target.checked)}>
                    Put the goods back into stock
                  </Checkbox>
                </Form.Item>
              </Col>
            ) : null}
          </Row>
        </Card>

        <Card
          style={{ marginTop: 16 }}
          title={basis === 'RETURN' ? 'Goods returned' : kindRules.direction === 'DOWN' ? 'Price reduced' : 'Price raised'}
          extra={
            <Flex gap={8} align="center">
              <Tag>{inter ? 'Inter-state: IGST' : `Intra-state: CGST + ${props.sgstLabel}`}</Tag>
              {reasons.some((r) => r.basis === 'RETURN') && kindRules.direction === 'DOWN' ? (
                <Button icon={<RollbackOutlined />} onClick={everything} disabled={!anyReturnable} aria-keyshortcuts="Alt+E" title="Alt+E">
                  Return everything
                </Button>
              ) : null}
            </Flex>
          }
        >
          {errors.lines ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={errors.lines} /> : null}
          <Table<Row>
            aria-label="Note lines"
            rowKey={(r) => r.left.line.lineNo}
            size="small"
            pagination={false}
            scroll={{ x: 860 }}
            dataSource={rows}
            columns={columns}
          />
        </Card>

        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={24} lg={14}>
            <Card style={{ height: '100%' }}>
              {props.refund ? (
                <>
                  <Checkbox
                    checked={refundOn}
                    onChange={(e) => {
                      setRefundOn(e.target.checked);
                      touched();
                    }}
                    style={{ marginBottom: 12 }}
                  >
                    <strong>{props.refund.title}</strong>
                  </Checkbox>
                  {refundOn ? (
                    <Row gutter={12}>
                      <Col xs={12} md={6}>
                        <Form.Item label="Amount" {...field('refund.amount')} htmlFor={ID['refund.amount']}>
                          <Input
                            id={ID['refund.amount']}
                            prefix="₹"
                            inputMode="decimal"
                            placeholder={fromPaise(totals.grandTotal)}
                            value={refund.amount}
                            onChange={(e) => {
                              setRefund({ ...refund, amount: e.target.value });
                              touched();
                            }}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={12} md={5}>
                        <PaymentModeField
                          id={ID['refund.mode']}
                          value={refund.mode}
                          status={field('refund.mode')}
                          onChange={(mode) => setRefund({ ...refund, mode, accountId: defaultAccountId(mode, accounts as Account[] | undefined) })}
                        />
                      </Col>
                      <Col xs={12} md={7}>
                        <PaymentAccountField
                          id={ID['refund.accountId']}
                          value={paymentAccountId(refund, accounts)}
                          accounts={accounts}
                          status={field('refund.accountId')}
                          onChange={(accountId) => setRefund({ ...refund, accountId })}
                        />
                      </Col>
                      <Col xs={12} md={6}>
                        <PaymentReferenceField
                          id={ID['refund.reference']}
                          value={refund.reference}
                          status={field('refund.reference')}
                          onChange={(reference) => setRefund({ ...refund, reference })}
                        />
                      </Col>
                    </Row>
                  ) : null}
                  {!refundOn && props.settlementText ? <Typography.Paragraph type="secondary">{props.settlementText}</Typography.Paragraph> : null}
                </>
              ) : null}
              <Form.Item label="Notes" {...field('notes')} htmlFor={ID.notes} style={{ marginBottom: 0 }}>
                <Input.TextArea id={ID.notes} rows={2} maxLength={2000} placeholder={`Shown on the ${props.noun.toLowerCase()}`} value={notes} onChange={(e) => setNotes(e.target.value)} />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card style={{ height: '100%' }}>
              <section aria-label="Note totals">
                <TotalRow label="Taxable value" paise={totals.taxable} testId="note-taxable" />
                {inter ? (
                  <TotalRow label="IGST" paise={totals.igst} testId="note-igst" />
                ) : (
                  <>
                    <TotalRow label="CGST" paise={totals.cgst} testId="note-cgst" />
                    <TotalRow label={props.sgstLabel} paise={totals.sgst} testId="note-sgst" />
                  </>
                )}
                {totals.cess ? <TotalRow label="Cess" paise={totals.cess} /> : null}
                {props.roundOff ? <TotalRow label="Round off" paise={totals.roundOff} /> : null}
                <TotalRow label={`${props.noun} total`} paise={totals.grandTotal} strong testId="note-total" />
              </section>
            </Card>
          </Col>
        </Row>
      </Form>
      <Flex justify="space-between" align="center" gap={8} wrap style={{ position: 'sticky', bottom: 0, zIndex: 5, marginTop: 16, padding: '12px 0', background: 'rgba(245,245,245,0.95)' }}>
        <Typography.Text type="secondary">{anyReturnable && kindRules.direction === 'DOWN' ? 'Alt+E returns everything · Ctrl+Enter saves' : 'Ctrl+Enter saves'}</Typography.Text>
        <Flex gap={8}>
          <Button onClick={() => confirmDiscard(props.onCancel)} disabled={saving}>
            Cancel
          </Button>
          <Button type="primary" onClick={() => void save()} loading={saving} {...shortcut.button}>
            Save {props.noun.toLowerCase()}
          </Button>
        </Flex>
      </Flex>
    </div>
  );
}
