import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CreateJournalRequest, errorMessage, formatRupees, fromPaise, indiaToday, isApiError, ledgerApi, revalidateArea, toPaise } from '@bahi/shared';
import { DateField, PageHeader, PartyFilter, notify, useSaveAttempt, useSaveShortcut, useUnsavedChanges } from '@bahi/shared/ui';
import { MoneyInput, itemError } from '../../components/form-modal';
import { useLedgerTree } from './data';

interface Line {
  key: number;
  accountId: string | undefined;
  partyId: string | undefined;
  debit: string;
  credit: string;
}

const paiseOf = (amount: string) => (amount === '' ? 0 : toPaise(amount));
const isBlank = (l: Line) => !l.accountId && !l.partyId && paiseOf(l.debit) === 0 && paiseOf(l.credit) === 0;

/**
 * What stops a journal from being saved, in words, or null: each line needs a ledger and exactly one of debit or
 * credit, there are at least two lines, and debits equal credits.
 */
function journalProblem(lines: Line[]): string | null {
  const used = lines.filter((l) => !isBlank(l));
  if (used.length < 2) return 'A journal has at least two lines.';
  const at = used.findIndex((l) => !l.accountId);
  if (at >= 0) return `Line ${lines.indexOf(used[at]) + 1}: choose the ledger.`;
  const sides = used.findIndex((l) => (paiseOf(l.debit) > 0) === (paiseOf(l.credit) > 0));
  if (sides >= 0) return `Line ${lines.indexOf(used[sides]) + 1}: enter either a debit or a credit.`;
  const debit = used.reduce((s, l) => s + paiseOf(l.debit), 0);
  const credit = used.reduce((s, l) => s + paiseOf(l.credit), 0);
  if (debit !== credit)
    return `Debits (${formatRupees(fromPaise(debit))}) and credits (${formatRupees(fromPaise(credit))}) differ by ${formatRupees(fromPaise(Math.abs(debit - credit)))}: a journal is saved only when they are equal.`;
  return null;
}

let nextKey = 0;
const blankLine = (): Line => ({ key: ++nextKey, accountId: undefined, partyId: undefined, debit: '', credit: '' });

/**
 * /reports/journal/new ('Journal voucher'): a manual entry (depreciation, capital introduced, a correction) on a
 * date with a narration and lines, each a ledger (a party too, optional) with a debit or a credit. The totals follow
 * as the lines are typed; it is saved only when debits equal credits, once per click of Save (an Idempotency-Key
 * kept while the voucher is unchanged, so a retry never posts twice).
 */
export default function JournalVoucherPage() {
  const navigate = useNavigate();
  const tree = useLedgerTree({});
  const [date, setDate] = useState(indiaToday());
  const [narration, setNarration] = useState('');
  const [lines, setLines] = useState<Line[]>(() => [blankLine(), blankLine()]);
  const [problem, setProblem] = useState<string | null>(null);
  const [narrationError, setNarrationError] = useState<string | undefined>();
  const attempt = useSaveAttempt();
  const dirty = narration !== '' || lines.some((l) => !isBlank(l));
  const unsaved = useUnsavedChanges(dirty);

  // Stock in hand moves only with stock documents, so a journal never names it.
  const accountOptions = useMemo(
    () =>
      (tree.data?.groups ?? [])
        .map((g) => ({
          label: g.name,
          title: g.name,
          options: g.ledgers.filter((l) => l.isActive && l.code !== 'STOCK').map((l) => ({ value: l.id, label: l.name })),
        }))
        .filter((g) => g.options.length),
    [tree.data],
  );
  /** A party goes only on Sundry debtors or Sundry creditors. */
  const takesParty = (accountId: string | undefined) => {
    const code = tree.data?.groups.flatMap((g) => g.ledgers).find((l) => l.id === accountId)?.code;
    return code === 'DEBTORS' || code === 'CREDITORS';
  };

  const totals = lines.reduce((t, l) => ({ debit: t.debit + paiseOf(l.debit), credit: t.credit + paiseOf(l.credit) }), { debit: 0, credit: 0 });
  const difference = totals.debit - totals.credit;

  const update = (key: number, patch: Partial<Line>) => {
    // A line takes one side: typing a debit clears its credit and the other way round.
    if (patch.debit && paiseOf(patch.debit) > 0) patch.credit = '';
    if (patch.credit && paiseOf(patch.credit) > 0) patch.debit = '';
    setLines((ls) => ls.map((l) => (l.key === key ? { ...l, ...patch } : l)));
    setProblem(null);
  };

  const save = async () => {
    if (attempt.busy()) return;
    const refused = journalProblem(lines);
    const used = lines.filter((l) => !isBlank(l));
    const body = {
      date,
      narration,
      lines: used.map((l) => ({
        accountId: l.accountId ?? '',
        ...(l.partyId ? { partyId: l.partyId } : {}),
        ...(paiseOf(l.debit) > 0 ? { debit: l.debit } : { credit: l.credit }),
      })),
    };
    const parsed = CreateJournalRequest.safeParse(body);
    const narrationIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === 'narration')?.message;
    setNarrationError(narrationIssue);
    setProblem(refused);
    if (refused || !parsed.success) return;
    try {
      const entry = await attempt.run(parsed.data, (opts) => ledgerApi.createJournal(parsed.data, opts));
      attempt.reset();
      unsaved.markSaved();
      notify.success(entry.documentNumber ? `Journal ${entry.documentNumber} saved` : 'Journal saved');
      void revalidateArea('reports', 'accounts', 'parties');
      navigate('/reports/accounts');
    } catch (e) {
      // A line the API refuses (a deactivated ledger, a party not found) is named by its number on screen.
      const at = isApiError(e) ? /^lines\.(\d+)/.exec(e.field ?? '') : null;
      if (at) setProblem(`Line ${lines.indexOf(used[Number(at[1])]) + 1}: ${errorMessage(e)}`);
      else if (isApiError(e) && e.field === 'lines') setProblem(errorMessage(e));
      else notify.error('Journal not saved', { description: errorMessage(e) });
    }
  };
  const shortcut = useSaveShortcut(() => void save(), !attempt.saving);

  return (
    <div {...shortcut.form}>
      {unsaved.guard}
      <PageHeader title="Journal voucher" back="/reports/accounts" />
      <Card>
        <Form layout="vertical" component="div" disabled={attempt.saving}>
          <Row gutter={12}>
            <Col xs={24} sm={6}>
              <Form.Item label="Date" htmlFor="jv-date">
                <DateField id="jv-date" value={date} onChange={setDate} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={18}>
              <Form.Item label="Narration" htmlFor="jv-narration" {...itemError(narrationError)}>
                <Input
                  id="jv-narration"
                  maxLength={500}
                  placeholder="Depreciation on furniture for 2026-27"
                  value={narration}
                  onChange={(e) => {
                    setNarration(e.target.value);
                    setNarrationError(undefined);
                  }}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={8} style={{ fontWeight: 600, marginBottom: 4 }}>
            <Col span={8}>Ledger</Col>
            <Col span={6}>Party (optional)</Col>
            <Col span={4} style={{ textAlign: 'right' }}>
              Debit
            </Col>
            <Col span={4} style={{ textAlign: 'right' }}>
              Credit
            </Col>
          </Row>
          {lines.map((l, i) => (
            <Row key={l.key} gutter={8} style={{ marginBottom: 8 }} align="middle" data-testid="journal-line">
              <Col span={8}>
                <Select
                  aria-label={`Ledger of line ${i + 1}`}
                  placeholder="Choose the ledger"
                  style={{ width: '100%' }}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={tree.isLoading}
                  value={l.accountId}
                  options={accountOptions}
                  onChange={(accountId: string) => update(l.key, { accountId, ...(takesParty(accountId) ? {} : { partyId: undefined }) })}
                />
              </Col>
              <Col span={6}>
                {takesParty(l.accountId) ? (
                  <PartyFilter value={l.partyId} partyType={null} label={`Party of line ${i + 1}`} placeholder="No party" width={220} onChange={(partyId) => update(l.key, { partyId })} />
                ) : null}
              </Col>
              <Col span={4}>
                <MoneyInput id={`jv-debit-${l.key}`} aria-label={`Debit of line ${i + 1}`} value={l.debit} onChange={(debit) => update(l.key, { debit })} />
              </Col>
              <Col span={4}>
                <MoneyInput id={`jv-credit-${l.key}`} aria-label={`Credit of line ${i + 1}`} value={l.credit} onChange={(credit) => update(l.key, { credit })} />
              </Col>
              <Col span={2}>
                <Button
                  type="text"
                  aria-label={`Remove line ${i + 1}`}
                  icon={<DeleteOutlined />}
                  disabled={lines.length <= 2}
                  onClick={() => {
                    setLines((ls) => ls.filter((x) => x.key !== l.key));
                    setProblem(null);
                  }}
                />
              </Col>
            </Row>
          ))}
          <Row gutter={8} style={{ marginBottom: 12 }} align="middle">
            <Col span={14}>
              <Button icon={<PlusOutlined />} onClick={() => setLines((ls) => [...ls, blankLine()])}>
                Add line
              </Button>
            </Col>
            <Col span={4} style={{ textAlign: 'right' }}>
              <Typography.Text strong aria-label="Total debit">
                {formatRupees(fromPaise(totals.debit))}
              </Typography.Text>
            </Col>
            <Col span={4} style={{ textAlign: 'right' }}>
              <Typography.Text strong aria-label="Total credit">
                {formatRupees(fromPaise(totals.credit))}
              </Typography.Text>
            </Col>
          </Row>
          <Typography.Text type={difference === 0 ? 'success' : 'danger'} style={{ display: 'block', marginBottom: 12 }} data-testid="journal-difference">
            {difference === 0
              ? 'Debits equal credits'
              : `Difference ${formatRupees(fromPaise(Math.abs(difference)))} (${difference > 0 ? 'debits' : 'credits'} are more)`}
          </Typography.Text>
          {problem ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={problem} /> : null}
        </Form>
        <Flex gap={8} justify="end">
          <Button onClick={() => unsaved.confirmDiscard(() => navigate('/reports/accounts'))} disabled={attempt.saving}>
            Cancel
          </Button>
          <Button type="primary" loading={attempt.saving} onClick={() => void save()} {...shortcut.button}>
            Save
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
