import { memo, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { Button, Checkbox, Input, Select, Space, Typography } from 'antd';
import { DeleteOutlined, WarningOutlined } from '@ant-design/icons';
import { indiaToday, isRateInForce, taxRateLabel, type TaxRate } from '@bahi/shared';
import { formatQuantity, rupeesOfPaise } from './format';
import type { BillErrors, DocumentSide, LineDraft, LineField, LineOutcome } from './bill-model';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
const cell: CSSProperties = { padding: '8px 6px', verticalAlign: 'top', borderBottom: '1px solid #f0f0f0' };
const head: CSSProperties = { ...cell, fontWeight: 500, background: '#fafafa', textAlign: 'left', whiteSpace: 'nowrap' };
const right: CSSProperties = { textAlign: 'right' };

const FIELD_LABELS: Record<LineField, string> = {
  item: 'Item',
  quantity: 'Qty',
  unitPrice: 'Price',
  discount: 'Discount',
  gstRate: 'GST',
  serialNos: 'Serial numbers',
};

/** The id of a line's input, so focus can move to it. */
export const lineInputId = (key: string, field: LineField) => `bill-line-${key}-${field}`;

function FieldError({ message }: { message?: string }) {
  return message ? (
    <div role="alert" style={{ color: '#ff4d4f', fontSize: 12, marginTop: 2, lineHeight: 1.4 }}>
      {message}
    </div>
  ) : null;
}

interface LineRowProps {
  index: number;
  side: DocumentSide;
  line: LineDraft;
  outcome: LineOutcome | undefined;
  errors: Partial<Record<LineField, string>>;
  warning: string | undefined;
  taxes: TaxRate[];
  /** Serials other lines of the same item already took. */
  takenSerials: string[];
  onChange: (key: string, patch: Partial<LineDraft>) => void;
  onRemove: (key: string) => void;
  onEnter: () => void;
}

const sameRow = (a: LineRowProps, b: LineRowProps) =>
  a.index === b.index &&
  a.side === b.side &&
  a.line === b.line &&
  a.warning === b.warning &&
  a.taxes === b.taxes &&
  a.onChange === b.onChange &&
  a.onRemove === b.onRemove &&
  a.onEnter === b.onEnter &&
  JSON.stringify([a.outcome, a.errors, a.takenSerials]) === JSON.stringify([b.outcome, b.errors, b.takenSerials]);

/** One line; it renders again only when something it shows changed, so typing in one line stays quick in a long bill. */
const LineRow = memo(function LineRow(props: LineRowProps) {
  const { index, side, line, outcome, errors, warning, taxes, takenSerials, onRemove, onEnter } = props;
  const purchase = side === 'PURCHASE';
  const error = (field: LineField) => errors[field];
  const onChange = (patch: Partial<LineDraft>) => props.onChange(line.key, patch);
  const { item } = line;
  // Enter in a text field of a line goes back to the item search, for the next item.
  const enterNext = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      onEnter();
    }
  };
  const status = (field: LineField) => (error(field) ? ('error' as const) : undefined);
  const label = (what: string) => `${what}, line ${index + 1}`;
  const rateKnown = taxes.some((t) => t.id === line.gstRateId);
  // Rates in force today, and the line's own rate, marked when it is not (the API holds the document's date to it).
  const today = indiaToday();
  const taxOptions = [
    ...taxes
      .filter((t) => t.id === line.gstRateId || isRateInForce(t, today))
      .map((t) => ({ value: t.id, label: `${taxRateLabel(t).replace('GST @ ', '')}${isRateInForce(t, today) ? '' : ' (withdrawn)'}` })),
    ...(rateKnown ? [] : [{ value: line.gstRateId ?? 'item', label: `${line.gstRate}%` }]),
  ];
  const details: ReactNode[] = [
    item.code ? <span key="code" style={mono}>{item.code}</span> : null,
    item.hsnSac ? `${item.itemType === 'SERVICE' ? 'SAC' : 'HSN'} ${item.hsnSac}` : null,
    item.stock !== null ? `${formatQuantity(item.stock)}${item.unit ? ` ${item.unit}` : ''} in stock` : null,
  ].filter(Boolean);

  const messages = (['quantity', 'unitPrice', 'discount', 'gstRate'] as LineField[]).flatMap((f) => {
    const m = error(f);
    return m ? [[f, m] as const] : [];
  });
  return (
    <>
      <tr data-line={line.key}>
        <td style={{ ...cell, color: 'rgba(0,0,0,0.45)', paddingTop: 13 }}>{index + 1}</td>
        <td style={cell}>
          <div style={{ fontWeight: 500, paddingTop: 5 }}>{item.name}</div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {details.flatMap((d, i) => (i ? [' · ', d] : [d]))}
          </Typography.Text>
          {warning ? (
            <div style={{ color: '#d46b08', fontSize: 12 }}>
              <WarningOutlined /> {warning}
            </div>
          ) : null}
          {item.hasSerialisation ? (
            <div style={{ marginTop: 6 }}>
              <Select
                id={lineInputId(line.key, 'serialNos')}
                // A sale picks serials in stock; a purchase types the new ones received.
                mode={purchase ? 'tags' : 'multiple'}
                aria-label={label('Serial numbers')}
                placeholder={purchase ? 'Type each serial number received, then Enter' : 'Pick serial numbers'}
                size="small"
                status={status('serialNos')}
                style={{ width: '100%' }}
                value={line.serialNos}
                options={purchase ? [] : item.serials.filter((s) => !takenSerials.includes(s)).map((s) => ({ value: s, label: s }))}
                notFoundContent={purchase ? null : 'No serial number in stock'}
                onChange={(serialNos: string[]) =>
                  onChange(serialNos.length ? { serialNos, quantity: String(serialNos.length) } : { serialNos })
                }
              />
              <FieldError message={error('serialNos')} />
            </div>
          ) : null}
          <FieldError message={error('item')} />
        </td>
        <td style={cell}>
          <Input
            id={lineInputId(line.key, 'quantity')}
            aria-label={label('Quantity')}
            inputMode="decimal"
            status={status('quantity')}
            value={line.quantity}
            suffix={item.unit ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{item.unit}</Typography.Text> : undefined}
            onChange={(e) => onChange({ quantity: e.target.value })}
            onFocus={(e) => e.target.select()}
            onKeyDown={enterNext}
            style={right}
          />
        </td>
        <td style={cell}>
          <Input
            id={lineInputId(line.key, 'unitPrice')}
            aria-label={label('Price')}
            inputMode="decimal"
            prefix="₹"
            status={status('unitPrice')}
            value={line.unitPrice}
            onChange={(e) => onChange({ unitPrice: e.target.value })}
            onFocus={(e) => e.target.select()}
            onKeyDown={enterNext}
          />
          <Select
            aria-label={label('Price includes tax')}
            size="small"
            variant="borderless"
            style={{ width: '100%', marginTop: 2 }}
            value={line.priceIncludesTax}
            options={[
              { value: false, label: 'Without tax' },
              { value: true, label: 'With tax' },
            ]}
            onChange={(priceIncludesTax: boolean) => onChange({ priceIncludesTax })}
          />
        </td>
        <td style={cell}>
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id={lineInputId(line.key, 'discount')}
              aria-label={label('Discount')}
              inputMode="decimal"
              status={status('discount')}
              value={line.discount}
              placeholder="0"
              onChange={(e) => onChange({ discount: e.target.value })}
              onFocus={(e) => e.target.select()}
              onKeyDown={enterNext}
              style={right}
            />
            <Select
              aria-label={label('Discount in')}
              style={{ width: 58, flex: 'none' }}
              value={line.discountMode}
              options={[
                { value: 'PERCENT', label: '%' },
                { value: 'AMOUNT', label: '₹' },
              ]}
              onChange={(discountMode: LineDraft['discountMode']) => onChange({ discountMode })}
            />
          </Space.Compact>
        </td>
        <td style={cell}>
          <Select
            id={lineInputId(line.key, 'gstRate')}
            aria-label={label('GST rate')}
            status={status('gstRate')}
            style={{ width: '100%' }}
            value={line.gstRateId ?? 'item'}
            options={taxOptions}
            onChange={(id: string) => {
              const rate = taxes.find((t) => t.id === id);
              if (rate) onChange({ gstRateId: rate.id, gstRate: String(rate.value), cessRate: String(rate.cessValue) });
            }}
          />
          {purchase ? (
            <Checkbox
              aria-label={label('ITC eligible')}
              style={{ marginTop: 4, fontSize: 12 }}
              checked={line.itcEligible}
              onChange={(e) => onChange({ itcEligible: e.target.checked })}
            >
              ITC
            </Checkbox>
          ) : null}
        </td>
        <td style={{ ...cell, ...right, paddingTop: 13, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {outcome?.result ? (
            <>
              <div style={{ fontWeight: 500 }} aria-label={label('Amount')}>
                {rupeesOfPaise(outcome.result.total)}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Tax {rupeesOfPaise(outcome.result.total - outcome.result.taxableValue)}
              </Typography.Text>
            </>
          ) : (
            <Typography.Text type="secondary">-</Typography.Text>
          )}
        </td>
        <td style={{ ...cell, paddingTop: 10 }}>
          <Button type="text" size="small" danger aria-label={label('Remove')} icon={<DeleteOutlined />} onClick={() => onRemove(line.key)} />
        </td>
      </tr>
      {messages.length ? (
        // Below the line across its width: a long message in a narrow column would make the row jump.
        <tr>
          <td />
          <td colSpan={7} style={{ padding: '0 6px 8px' }}>
            {messages.map(([f, m]) => (
              <FieldError key={f} message={`${FIELD_LABELS[f]}: ${m}`} />
            ))}
          </td>
        </tr>
      ) : null}
    </>
  );
}, sameRow);

export interface LineGridProps {
  /** A purchase types the serials received and says per line whether its input tax can be claimed. */
  side?: DocumentSide;
  lines: LineDraft[];
  outcomes: LineOutcome[];
  errors: BillErrors;
  warnings: Map<string, string>;
  taxes: TaxRate[];
  onChange: (key: string, patch: Partial<LineDraft>) => void;
  onRemove: (key: string) => void;
  onEnter: () => void;
  /** The item search, as the grid's last row. */
  search: ReactNode;
}

/** The bill's lines: quantity, price, discount and GST editable; the engine's line total beside them. */
export function LineGrid({ side = 'SALE', lines, outcomes, errors, warnings, taxes, onChange, onRemove, onEnter, search }: LineGridProps) {
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ width: '100%', minWidth: 900, borderCollapse: 'collapse', tableLayout: 'fixed' }}>
        <colgroup>
          <col style={{ width: 36 }} />
          <col />
          <col style={{ width: 120 }} />
          <col style={{ width: 150 }} />
          <col style={{ width: 150 }} />
          <col style={{ width: 120 }} />
          <col style={{ width: 130 }} />
          <col style={{ width: 40 }} />
        </colgroup>
        <thead>
          <tr>
            <th style={head}>#</th>
            <th style={head}>Item</th>
            <th style={{ ...head, ...right }}>Qty</th>
            <th style={head}>Price</th>
            <th style={head}>Discount</th>
            <th style={head}>GST</th>
            <th style={{ ...head, ...right }}>Amount</th>
            <th style={head} aria-label="Remove" />
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const prefix = `lines.${i}.`;
            const rowErrors = Object.fromEntries(
              Object.entries(errors).flatMap(([k, m]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), m]] : [])),
            );
            const taken = lines.filter((l) => l.key !== line.key && l.item.id === line.item.id).flatMap((l) => l.serialNos);
            return (
              <LineRow
                key={line.key}
                index={i}
                side={side}
                line={line}
                outcome={outcomes[i]}
                errors={rowErrors}
                warning={warnings.get(line.key)}
                taxes={taxes}
                takenSerials={taken}
                onChange={onChange}
                onRemove={onRemove}
                onEnter={onEnter}
              />
            );
          })}
          <tr>
            <td style={{ ...cell, color: 'rgba(0,0,0,0.45)', paddingTop: 13 }}>{lines.length + 1}</td>
            <td style={cell} colSpan={7}>
              {search}
              <FieldError message={errors.lines} />
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}
