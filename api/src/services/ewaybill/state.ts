import { ewayBillNeeded, type EWayBillState, type Transport, type TransportRequest } from '@bahi/shared/contracts';
import type { saleInvoices } from '../../db/schema';

type InvoiceRow = typeof saleInvoices.$inferSelect;

/** The invoice's transport details, null until given. */
export function transportOf(row: InvoiceRow): Transport | null {
  if (!row.transportMode || row.transportDistanceKm === null) return null;
  return {
    mode: row.transportMode,
    distanceKm: row.transportDistanceKm,
    vehicleNo: row.vehicleNo,
    vehicleType: row.vehicleType ?? 'REGULAR',
    transporterId: row.transporterId,
    transporterName: row.transporterName,
    transDocNo: row.transDocNo,
    transDocDate: row.transDocDate,
  };
}

/** The columns of the transport details (all null when none are given). */
export function transportColumns(t: TransportRequest | null | undefined) {
  return {
    transportMode: t?.mode ?? null,
    transportDistanceKm: t ? Number(t.distanceKm) : null,
    vehicleNo: t?.vehicleNo ?? null,
    vehicleType: t ? (t.vehicleType ?? 'REGULAR') : null,
    transporterId: t?.transporterId ?? null,
    transporterName: t?.transporterName ?? null,
    transDocNo: t?.transDocNo ?? null,
    transDocDate: t?.transDocDate ?? null,
  };
}

/** Whether the invoice needs an e-way bill (goods above ₹50,000, not cancelled), and the portal's answer. */
export function ewayBillStateOf(row: InvoiceRow, lines: { itemType: string }[]): EWayBillState {
  const goods = lines.some((l) => l.itemType !== 'SERVICE');
  return {
    needed: row.status !== 'CANCELLED' && ewayBillNeeded(row.grandTotal, goods),
    ewbNo: row.ewbNo,
    ewbDate: row.ewbDate,
    validUpto: row.ewbValidUpto,
  };
}
