import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox, Col, DatePicker, Drawer, Flex, Input, InputNumber, Radio, Row, Select, Table, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  FREQUENCY_TYPES,
  ScheduleRequest,
  WEEKDAY_NAMES,
  automatedBillApi,
  errorMessage,
  indiaToday,
  isApiError,
  nextRunDates,
  revalidateArea,
  type FrequencyType,
  type Item,
  type Schedule,
} from '@bahi/shared';
import { DocumentDiscountField, discountRequest, notify, useSaveShortcut, useUnsavedChanges, type DiscountDraft } from '@bahi/shared/ui';
import { usePartySearch } from '@bahi/shared/ui';
import { formatDate } from '@bahi/shared/ui';
import { ItemSearch } from '@bahi/shared/ui';

export const FREQUENCY_LABELS: Record<FrequencyType, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  YEARLY: 'Yearly',
};

interface LineDraft {
  /** Stable while lines are added and removed. */
  key: number;
  itemId: string;
  itemName: string;
  quantity: number | null;
  unitPrice: string;
}

interface Draft {
  partyId: string | null;
  partyName: string | null;
  lines: LineDraft[];
  type: FrequencyType;
  weekday: number;
  dayOfMonth: number | 'LAST';
  startDate: string;
  end: 'NEVER' | 'DATE' | 'COUNT';
  endDate: string | null;
  maxBills: number | null;
  dueInDays: number | null;
  roundOff: boolean;
  /** A discount on each bill, before tax. */
  discount: DiscountDraft;
  notes: string;
}

function draftOf(schedule: Schedule | null, today: string): Draft {
  if (!schedule) {
    return {
      partyId: null,
      partyName: null,
      lines: [],
      type: 'MONTHLY',
      weekday: 1,
      dayOfMonth: 1,
      startDate: today,
      end: 'NEVER',
      endDate: null,
      maxBills: null,
      dueInDays: null,
      roundOff: true,
      discount: { mode: 'AMOUNT', value: '' },
      notes: '',
    };
  }
  return {
    partyId: schedule.partyId,
    partyName: schedule.partyName,
    lines: schedule.lines.map((l, i) => ({ key: i, itemId: l.itemId, itemName: l.itemName ?? 'Deleted item', quantity: Number(l.quantity), unitPrice: l.unitPrice ?? '' })),
    type: schedule.frequency.type,
    weekday: schedule.frequency.weekday ?? 1,
    dayOfMonth: schedule.frequency.dayOfMonth ?? 1,
    startDate: schedule.startDate,
    end: schedule.endDate ? 'DATE' : schedule.maxBills ? 'COUNT' : 'NEVER',
    endDate: schedule.endDate,
    maxBills: schedule.maxBills,
    dueInDays: schedule.dueInDays,
    roundOff: schedule.roundOff,
    discount:
      schedule.discount?.percent != null
        ? { mode: 'PERCENT', value: schedule.discount.percent }
        : { mode: 'AMOUNT', value: schedule.discount?.amount ?? '' },
    notes: schedule.notes ?? '',
  };
}

/** The request a draft makes (the contract's shape; the contract's schema checks it). */
function requestOf(d: Draft, branchId: string | undefined) {
  return {
    partyId: d.partyId ?? '',
    branchId,
    lines: d.lines.map((l) => ({ itemId: l.itemId, quantity: l.quantity ?? 0, unitPrice: l.unitPrice.trim() || undefined })),
    frequency: {
      type: d.type,
      weekday: d.type === 'WEEKLY' ? d.weekday : undefined,
      dayOfMonth: d.type === 'MONTHLY' || d.type === 'QUARTERLY' || d.type === 'YEARLY' ? d.dayOfMonth : undefined,
    },
    startDate: d.startDate,
    endDate: d.end === 'DATE' ? (d.endDate ?? undefined) : undefined,
    maxBills: d.end === 'COUNT' ? (d.maxBills ?? undefined) : undefined,
    dueInDays: d.dueInDays ?? undefined,
    roundOff: d.roundOff,
    discount: discountRequest(d.discount) ?? undefined,
    notes: d.notes.trim() || undefined,
  };
}

const DAY_OPTIONS = [...Array.from({ length: 31 }, (_, i) => ({ value: i + 1, label: String(i + 1) })), { value: 'LAST' as const, label: 'Last day' }];

function CustomerSelect({ value, name, onChange }: { value: string | null; name: string | null; onChange: (id: string, name: string) => void }) {
  const [q, setQ] = useState('');
  const { data, isLoading } = usePartySearch(q, 'CUSTOMER');
  const parties = data?.data ?? [];
  const options = parties.map((p) => ({ value: p.id, label: p.name }));
  if (value && name && !options.some((o) => o.value === value)) options.unshift({ value, label: name });
  return (
    <Select
      id="schedule-customer"
      aria-label="Customer"
      placeholder="Search a customer"
      style={{ width: '100%' }}
      value={value ?? undefined}
      options={options}
      loading={isLoading}
      showSearch={{ filterOption: false, onSearch: setQ }}
      onChange={(id: string) => onChange(id, options.find((o) => o.value === id)?.label ?? '')}
    />
  );
}

/**
 * Create or edit an automated bill in a drawer: customer, lines, frequency, start, end, due days, round-off and
 * notes, with the next five run dates worked out by the same calendar the API bills by.
 */
export function ScheduleForm({ schedule, onClose, onSaved }: { schedule: Schedule | null; onClose: () => void; onSaved: (saved: Schedule) => void }) {
  const today = indiaToday();
  const initial = useMemo(() => draftOf(schedule, today), [schedule, today]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const unsaved = useUnsavedChanges(dirty);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const request = requestOf(draft, schedule?.branchId);

  const preview = useMemo(() => {
    const parsed = ScheduleRequest.safeParse(request);
    if (!parsed.success && parsed.error.issues.some((i) => ['frequency', 'startDate', 'endDate', 'maxBills'].includes(String(i.path[0])))) return [];
    const lastPeriod = schedule?.runs[0]?.period;
    const position = schedule ? { after: lastPeriod, from: today, billed: schedule.runs.length } : {};
    return nextRunDates({ frequency: request.frequency, startDate: request.startDate, endDate: request.endDate, maxBills: request.maxBills }, 5, position);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [JSON.stringify(request), schedule, today]);

  const save = async () => {
    const parsed = ScheduleRequest.safeParse(request);
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.message))]);
      return;
    }
    setProblems([]);
    setSaving(true);
    try {
      const saved = schedule ? await automatedBillApi.update(schedule.id, request) : await automatedBillApi.create(request);
      unsaved.markSaved();
      void revalidateArea('sales');
      notify.success(schedule ? 'Automated bill saved' : 'Automated bill created');
      onSaved(saved);
    } catch (e) {
      if (isApiError(e) && e.status < 500) setProblems([e.message]);
      else notify.error('Could not save the automated bill', { description: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };
  useSaveShortcut(() => void save(), !saving);

  const addItem = (item: Item) =>
    set({ lines: [...draft.lines, { key: Math.max(0, ...draft.lines.map((l) => l.key + 1)), itemId: item.id, itemName: item.itemName, quantity: 1, unitPrice: '' }] });
  const setLine = (index: number, patch: Partial<LineDraft>) => set({ lines: draft.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) });
  const monthly = draft.type === 'MONTHLY' || draft.type === 'QUARTERLY' || draft.type === 'YEARLY';

  return (
    <Drawer
      open
      size={760}
      title={schedule ? `Edit automated bill: ${schedule.partyName}` : 'New automated bill'}
      onClose={() => unsaved.confirmDiscard(onClose)}
      extra={
        <Flex gap={8}>
          <Button onClick={() => unsaved.confirmDiscard(onClose)}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={() => void save()}>
            Save
          </Button>
        </Flex>
      }
    >
      {unsaved.guard}
      <Flex vertical gap={16}>
        {problems.length ? <Alert type="error" showIcon title="Please fix:" description={<ul style={{ margin: 0 }}>{problems.map((p) => <li key={p}>{p}</li>)}</ul>} /> : null}
        {schedule ? <Alert type="info" title="Changes apply to future bills only: invoices already issued stay as they are." /> : null}
        <label>
          <Typography.Text strong>Customer</Typography.Text>
          <CustomerSelect value={draft.partyId} name={draft.partyName} onChange={(id, name) => set({ partyId: id, partyName: name })} />
        </label>

        <div>
          <Typography.Text strong>Items</Typography.Text>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={draft.lines}
            locale={{ emptyText: 'Add the items each bill carries' }}
            columns={[
              { title: 'Item', dataIndex: 'itemName' },
              {
                title: 'Quantity',
                width: 120,
                render: (_, l, i) => (
                  <InputNumber aria-label={`Quantity of ${l.itemName}`} min={0} value={l.quantity} onChange={(v) => setLine(i, { quantity: v })} />
                ),
              },
              {
                title: 'Price (₹)',
                width: 150,
                render: (_, l, i) => (
                  <Input aria-label={`Price of ${l.itemName}`} placeholder="Item's price" value={l.unitPrice} onChange={(e) => setLine(i, { unitPrice: e.target.value })} />
                ),
              },
              {
                width: 48,
                render: (_, l, i) => (
                  <Button type="text" aria-label={`Remove ${l.itemName}`} icon={<DeleteOutlined />} onClick={() => set({ lines: draft.lines.filter((_, j) => j !== i) })} />
                ),
              },
            ]}
          />
          <div style={{ marginTop: 8 }}>
            <ItemSearch onPick={addItem} />
          </div>
        </div>

        <Row gutter={16}>
          <Col span={8}>
            <label>
              <Typography.Text strong>Repeats</Typography.Text>
              <Select
                aria-label="Repeats"
                style={{ width: '100%' }}
                value={draft.type}
                options={FREQUENCY_TYPES.map((t) => ({ value: t, label: FREQUENCY_LABELS[t] }))}
                onChange={(type: FrequencyType) => set({ type })}
              />
            </label>
          </Col>
          <Col span={8}>
            {draft.type === 'WEEKLY' ? (
              <label>
                <Typography.Text strong>On</Typography.Text>
                <Select
                  aria-label="Weekday"
                  style={{ width: '100%' }}
                  value={draft.weekday}
                  options={WEEKDAY_NAMES.map((name, i) => ({ value: i + 1, label: name }))}
                  onChange={(weekday: number) => set({ weekday })}
                />
              </label>
            ) : monthly ? (
              <label>
                <Typography.Text strong>Day of month</Typography.Text>
                <Select aria-label="Day of month" virtual={false} style={{ width: '100%' }} value={draft.dayOfMonth} options={DAY_OPTIONS} onChange={(dayOfMonth: number | 'LAST') => set({ dayOfMonth })} />
              </label>
            ) : null}
          </Col>
          <Col span={8}>
            <label>
              <Typography.Text strong>Starts on</Typography.Text>
              <DatePicker
                aria-label="Start date"
                style={{ width: '100%' }}
                format="DD/MM/YYYY"
                allowClear={false}
                value={dayjs(draft.startDate)}
                onChange={(d) => d && set({ startDate: d.format('YYYY-MM-DD') })}
              />
            </label>
          </Col>
        </Row>

        <div>
          <Typography.Text strong>Ends</Typography.Text>
          <Flex gap={12} align="center" wrap>
            <Radio.Group
              aria-label="Ends"
              value={draft.end}
              onChange={(e) => set({ end: e.target.value })}
              options={[
                { value: 'NEVER', label: 'Never' },
                { value: 'DATE', label: 'On a date' },
                { value: 'COUNT', label: 'After a number of bills' },
              ]}
            />
            {draft.end === 'DATE' ? (
              <DatePicker
                aria-label="End date"
                format="DD/MM/YYYY"
                value={draft.endDate ? dayjs(draft.endDate) : null}
                onChange={(d) => set({ endDate: d ? d.format('YYYY-MM-DD') : null })}
              />
            ) : null}
            {draft.end === 'COUNT' ? (
              <InputNumber aria-label="Number of bills" min={1} max={1000} value={draft.maxBills} onChange={(v) => set({ maxBills: v })} />
            ) : null}
          </Flex>
        </div>

        <Row gutter={16}>
          <Col span={8}>
            <label>
              <Typography.Text strong>Due in days</Typography.Text>
              <InputNumber
                aria-label="Due in days"
                style={{ width: '100%' }}
                min={0}
                max={365}
                placeholder="Customer's credit period"
                value={draft.dueInDays}
                onChange={(v) => set({ dueInDays: v })}
              />
            </label>
          </Col>
          <Col span={16} style={{ display: 'flex', alignItems: 'flex-end' }}>
            <Checkbox checked={draft.roundOff} onChange={(e) => set({ roundOff: e.target.checked })}>
              Round off the total
            </Checkbox>
          </Col>
        </Row>
        <DocumentDiscountField id="schedule-discount" value={draft.discount} onChange={(discount) => set({ discount })} />
        <label>
          <Typography.Text strong>Notes on each bill</Typography.Text>
          <Input.TextArea aria-label="Notes" rows={2} maxLength={2000} value={draft.notes} onChange={(e) => set({ notes: e.target.value })} />
        </label>

        <section aria-label="Next bills">
          <Typography.Text strong>Next bills</Typography.Text>
          {preview.length ? (
            <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
              {preview.map((date) => (
                <li key={date}>
                  {formatDate(date)}
                  {date < today ? <Typography.Text type="warning"> (past: issued at once)</Typography.Text> : null}
                </li>
              ))}
            </ol>
          ) : (
            <Typography.Paragraph type="secondary">No bill falls in these dates.</Typography.Paragraph>
          )}
        </section>
      </Flex>
    </Drawer>
  );
}
