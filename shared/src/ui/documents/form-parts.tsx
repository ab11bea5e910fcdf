import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Select, Space, Typography } from 'antd';
import type { Branch, SupplyType } from '@bahi/shared';
import type { DiscountDraft } from './bill-model';
import { PLACE_OF_SUPPLY_OPTIONS, itemStatus } from './form-model';

/*
 * The parts of the document create screens (a sale invoice or quotation, a purchase bill) that look and work the
 * same on both: their layout, the number preview, the branch-without-state warning, the place of supply, the items
 * card and the save bar.
 */

/**
 * The layout of a document form: the party (left) and the document's fields (right, columns of a row) on top, the
 * items under them, then the payment and notes beside the totals.
 */
export function DocumentFormLayout(props: { party: ReactNode; fields: ReactNode; items: ReactNode; payment: ReactNode; totals: ReactNode }) {
  const { party, fields, items, payment, totals } = props;
  return (
    <Form layout="vertical" component="div">
      <Card>
        <Row gutter={24}>
          <Col xs={24} lg={10}>
            {party}
          </Col>
          <Col xs={24} lg={14}>
            <Row gutter={12}>{fields}</Row>
          </Col>
        </Row>
      </Card>

      {items}

      <Row gutter={16} style={{ marginTop: 16 }}>
        <Col xs={24} lg={14}>
          <Card style={{ height: '100%' }}>{payment}</Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card style={{ height: '100%' }}>{totals}</Card>
        </Col>
      </Row>
    </Form>
  );
}

/** The number the document will get ('Invoice no. MUM/26-27/42', 'Our ref. PUR/26-27/3'), in the page header. */
export function NumberPreview({ label, number, title, nowrap }: { label: string; number: string; title?: string; nowrap?: boolean }) {
  return (
    <Typography.Text type="secondary" style={nowrap ? { alignSelf: 'center', whiteSpace: 'nowrap' } : { alignSelf: 'center' }} title={title}>
      {label}{' '}
      <Typography.Text strong data-testid="number-preview" style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}>
        {number}
      </Typography.Text>
    </Typography.Text>
  );
}

/** No tax can be worked out while the branch has no GST state: says so, with the way to its page. */
export function NoGstStateAlert({ branch }: { branch: Pick<Branch, 'id' | 'name'> }) {
  return (
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
  );
}

/** The state the supply is in, searched by code or name; under it its error, else `reason` (why this state). */
export function PlaceOfSupplyField(props: { id: string; value: string | null; onChange: (code: string) => void; error: string | undefined; reason: ReactNode }) {
  const { id, value, onChange, error, reason } = props;
  return (
    <Form.Item label="Place of supply" {...itemStatus(error)} htmlFor={id} help={error ?? <span data-testid="pos-reason">{reason}</span>}>
      <Select
        id={id}
        aria-label="Place of supply"
        showSearch={{ optionFilterProp: 'label' }}
        options={PLACE_OF_SUPPLY_OPTIONS}
        value={value ?? undefined}
        onChange={(code: string) => onChange(code)}
        popupMatchSelectWidth={260}
      />
    </Form.Item>
  );
}

/** The lines of a document (the grid as children), with the kind of supply once it is known (`note` after it). */
export function ItemsCard({ supplyType, note, children }: { supplyType: SupplyType | null; note?: string; children: ReactNode }) {
  return (
    <Card
      title="Items"
      style={{ marginTop: 16 }}
      extra={
        supplyType ? (
          <Typography.Text type="secondary" data-testid="supply-type">
            {supplyType === 'INTER' ? 'Inter-state: IGST' : 'Intra-state: CGST + SGST'}
            {note}
          </Typography.Text>
        ) : null
      }
    >
      {children}
    </Card>
  );
}

export type SaveThen = 'open' | 'print' | 'new';

/**
 * The buttons under a document form, kept in view: Cancel, Save & new, Save & print (`print`) and Save, which
 * carries the save shortcut (`shortcut`: useSaveShortcut's `button`).
 */
export function SaveBar(props: { saving: boolean; print?: boolean; onCancel: () => void; onSave: (then: SaveThen) => void; shortcut: Record<string, string> }) {
  const { saving, print, onCancel, onSave, shortcut } = props;
  return (
    <Flex
      justify="flex-end"
      gap={8}
      wrap
      style={{ position: 'sticky', bottom: 0, zIndex: 5, marginTop: 16, padding: '12px 0', background: 'rgba(245,245,245,0.95)' }}
    >
      <Button onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
      <Button onClick={() => onSave('new')} loading={saving}>
        Save &amp; new
      </Button>
      {print ? (
        <Button onClick={() => onSave('print')} loading={saving}>
          Save &amp; print
        </Button>
      ) : null}
      <Button type="primary" onClick={() => onSave('open')} loading={saving} {...shortcut}>
        Save
      </Button>
    </Flex>
  );
}

/** The discount on the whole bill (before tax, shared among the lines): ₹ or %, and its value as typed. */
export function DocumentDiscountField(props: {
  id: string;
  value: DiscountDraft | undefined;
  onChange: (discount: DiscountDraft) => void;
  error?: string;
}) {
  const { id, value, onChange, error } = props;
  const mode = value?.mode ?? 'AMOUNT';
  return (
    <Form.Item label="Discount on the bill (before tax)" {...itemStatus(error)} htmlFor={id}>
      <Space.Compact style={{ width: '100%' }}>
        <Select
          aria-label="Discount as"
          style={{ width: 72 }}
          value={mode}
          options={[
            { value: 'AMOUNT', label: '₹' },
            { value: 'PERCENT', label: '%' },
          ]}
          onChange={(m) => onChange({ mode: m, value: value?.value ?? '' })}
        />
        <Input id={id} inputMode="decimal" placeholder="0" value={value?.value ?? ''} onChange={(e) => onChange({ mode, value: e.target.value })} />
      </Space.Compact>
    </Form.Item>
  );
}
