import { useEffect, useState } from 'react';
import { Alert, Col, Collapse, Form, Input, InputNumber, Row, Select } from 'antd';
import {
  EWAY_BILL_THRESHOLD_PAISE,
  TRANSPORT_MODES,
  TRANSPORT_MODE_LABELS,
  VEHICLE_TYPES,
  VEHICLE_TYPE_LABELS,
  type TransportMode,
  type TransportRequest,
  type VehicleType,
} from '@bahi/shared';
import { DateField } from '@bahi/shared/ui';

/** The transport details as typed: blank strings are "not given". */
export interface TransportDraft {
  mode: TransportMode | null;
  distanceKm: number | null;
  vehicleNo: string;
  vehicleType: VehicleType;
  transporterId: string;
  transporterName: string;
  transDocNo: string;
  transDocDate: string;
}

export const EMPTY_TRANSPORT: TransportDraft = {
  mode: null,
  distanceKm: null,
  vehicleNo: '',
  vehicleType: 'REGULAR',
  transporterId: '',
  transporterName: '',
  transDocNo: '',
  transDocDate: '',
};

/** From an invoice's stored details (to edit them). */
export function transportDraftOf(t: Partial<TransportRequest> | null | undefined): TransportDraft {
  if (!t) return EMPTY_TRANSPORT;
  return {
    mode: t.mode ?? null,
    distanceKm: t.distanceKm === undefined || t.distanceKm === null ? null : Number(t.distanceKm),
    vehicleNo: t.vehicleNo ?? '',
    vehicleType: t.vehicleType ?? 'REGULAR',
    transporterId: t.transporterId ?? '',
    transporterName: t.transporterName ?? '',
    transDocNo: t.transDocNo ?? '',
    transDocDate: t.transDocDate ?? '',
  };
}

/** The request's transport, or undefined while the mode or the distance is not given. */
export function transportRequestOf(d: TransportDraft): TransportRequest | undefined {
  if (!d.mode || d.distanceKm === null) return undefined;
  const text = (s: string) => s.trim() || null;
  return {
    mode: d.mode,
    distanceKm: d.distanceKm,
    vehicleNo: text(d.vehicleNo),
    vehicleType: d.vehicleType,
    transporterId: text(d.transporterId),
    transporterName: text(d.transporterName),
    transDocNo: text(d.transDocNo),
    transDocDate: d.transDocDate || null,
  };
}

/** What an e-way bill still needs of the details: the mode and distance, and by road the vehicle number. */
export function transportIncomplete(d: TransportDraft): boolean {
  return !d.mode || d.distanceKm === null || (d.mode === 'ROAD' && !d.vehicleNo.trim());
}

/** A sale of goods above ₹50,000 needs an e-way bill. */
export const needsEWayBill = (grandTotalPaise: number, goods: boolean) => goods && grandTotalPaise > EWAY_BILL_THRESHOLD_PAISE;

/** The transport fields, for the sale form and the invoice's e-way bill card. */
export function TransportFields({ value, onChange, idPrefix = 'transport' }: { value: TransportDraft; onChange: (next: TransportDraft) => void; idPrefix?: string }) {
  const set = (patch: Partial<TransportDraft>) => onChange({ ...value, ...patch });
  const id = (name: string) => `${idPrefix}-${name}`;
  const road = value.mode === 'ROAD' || value.mode === null;
  return (
    <Row gutter={12}>
      <Col xs={12} md={6}>
        <Form.Item label="Mode" htmlFor={id('mode')}>
          <Select
            id={id('mode')}
            placeholder="Road, rail…"
            value={value.mode ?? undefined}
            onChange={(mode: TransportMode) => set({ mode })}
            options={TRANSPORT_MODES.map((m) => ({ value: m, label: TRANSPORT_MODE_LABELS[m] }))}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Distance (km)" htmlFor={id('distance')}>
          <InputNumber
            id={id('distance')}
            min={0}
            max={4000}
            precision={0}
            style={{ width: '100%' }}
            value={value.distanceKm}
            onChange={(v) => set({ distanceKm: typeof v === 'number' ? v : null })}
          />
        </Form.Item>
      </Col>
      {road ? (
        <>
          <Col xs={12} md={6}>
            <Form.Item label="Vehicle no." htmlFor={id('vehicle')}>
              <Input
                id={id('vehicle')}
                placeholder="MH12AB1234"
                maxLength={15}
                value={value.vehicleNo}
                onChange={(e) => set({ vehicleNo: e.target.value.toUpperCase().replace(/\s+/g, '') })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item label="Vehicle type" htmlFor={id('vehicle-type')}>
              <Select
                id={id('vehicle-type')}
                value={value.vehicleType}
                onChange={(vehicleType: VehicleType) => set({ vehicleType })}
                options={VEHICLE_TYPES.map((t) => ({ value: t, label: VEHICLE_TYPE_LABELS[t] }))}
              />
            </Form.Item>
          </Col>
        </>
      ) : null}
      <Col xs={12} md={6}>
        <Form.Item label="Transporter GSTIN / id" htmlFor={id('transporter-id')}>
          <Input
            id={id('transporter-id')}
            maxLength={15}
            value={value.transporterId}
            onChange={(e) => set({ transporterId: e.target.value.toUpperCase().replace(/\s+/g, '') })}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Transporter name" htmlFor={id('transporter-name')}>
          <Input id={id('transporter-name')} maxLength={100} value={value.transporterName} onChange={(e) => set({ transporterName: e.target.value })} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label={road ? 'LR / document no.' : 'RR / airway bill / B/L no.'} htmlFor={id('doc-no')}>
          <Input id={id('doc-no')} maxLength={15} value={value.transDocNo} onChange={(e) => set({ transDocNo: e.target.value })} />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        <Form.Item label="Document date" htmlFor={id('doc-date')}>
          <DateField id={id('doc-date')} value={value.transDocDate} onChange={(transDocDate) => set({ transDocDate })} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** The sale form's transport details: what the sale request adds, and the section that edits them. */
export function useTransportDraft() {
  const [draft, setDraft] = useState<TransportDraft>(EMPTY_TRANSPORT);
  const request = transportRequestOf(draft);
  return { draft, setDraft, body: request ? { transport: request } : {} };
}

/**
 * Transport details on the sale form: collapsed until the sale's goods pass ₹50,000 (then it opens by itself), with
 * a warning while an e-way bill is needed and the details are not there.
 */
export function TransportSection({
  state,
  grandTotalPaise,
  goods,
}: {
  state: ReturnType<typeof useTransportDraft>;
  grandTotalPaise: number;
  goods: boolean;
}) {
  const needed = needsEWayBill(grandTotalPaise, goods);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (needed) setOpen(true);
  }, [needed]);
  return (
    <section aria-label="Transport details" style={{ marginBottom: 12 }}>
      {needed && transportIncomplete(state.draft) ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title="e-Way bill needed: add transport details"
          description="Goods worth more than ₹50,000 move with an e-way bill. Give the mode, the distance and (by road) the vehicle number; they can also be added later from the invoice."
        />
      ) : null}
      <Collapse
        activeKey={open ? ['transport'] : []}
        onChange={(keys) => setOpen((Array.isArray(keys) ? keys : [keys]).includes('transport'))}
        items={[
          {
            key: 'transport',
            label: 'Transport details (e-Way bill)',
            children: <TransportFields value={state.draft} onChange={state.setDraft} />,
          },
        ]}
      />
    </section>
  );
}
