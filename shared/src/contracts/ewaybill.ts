import { z } from 'zod';
import { toPaise } from '../india';
import { CalendarDate, DATE_MAX, DATE_MIN, isCalendarDate, ok } from './common';
import { EInvoiceProblem } from './einvoice';

/*
 * e-Way bills (Rule 138): a sale of goods whose consignment value exceeds ₹50,000 moves with an e-way bill. The
 * invoice keeps its transport details; Bahi makes the portal's bulk-generation JSON, checked offline, and stores the
 * portal's answer (EWB number, date, validity), which the invoice prints.
 */

/** A consignment above this value (in paise: ₹50,000) needs an e-way bill. */
export const EWAY_BILL_THRESHOLD_PAISE = 5_000_000;
/** The portal's bulk-generation JSON version. */
export const EWAY_BILL_JSON_VERSION = '1.0.0621';
/** The portal takes at most this many items in one e-way bill (beyond, items are grouped by HSN, unit and rate). */
export const EWAY_BILL_MAX_ITEMS = 250;
/** The longest distance the portal takes, in km. */
export const EWAY_BILL_MAX_DISTANCE_KM = 4000;
/** The longest distance when the goods leave from and arrive at the same PIN code, in km. */
export const EWAY_BILL_SAME_PIN_MAX_KM = 100;
export const EWAY_BILL_LIMITS = { vehicleNo: 15, transporterName: 100, transDocNo: 15, ids: 100 } as const;

/**
 * Whether a sale needs an e-way bill: it moves goods (a line that is not a service) and its value, tax included,
 * exceeds ₹50,000.
 */
export function ewayBillNeeded(grandTotal: string | number, movesGoods = true): boolean {
  return movesGoods && toPaise(grandTotal) > EWAY_BILL_THRESHOLD_PAISE;
}

export const TRANSPORT_MODES = ['ROAD', 'RAIL', 'AIR', 'SHIP'] as const;
export const TransportMode = z.enum(TRANSPORT_MODES, { error: 'Mode must be ROAD, RAIL, AIR or SHIP' });
export type TransportMode = z.infer<typeof TransportMode>;
export const TRANSPORT_MODE_LABELS: Record<TransportMode, string> = { ROAD: 'Road', RAIL: 'Rail', AIR: 'Air', SHIP: 'Ship' };

export const VEHICLE_TYPES = ['REGULAR', 'OVER_DIMENSIONAL'] as const;
export const VehicleType = z.enum(VEHICLE_TYPES, { error: 'Vehicle type must be REGULAR or OVER_DIMENSIONAL' });
export type VehicleType = z.infer<typeof VehicleType>;
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = { REGULAR: 'Regular', OVER_DIMENSIONAL: 'Over-dimensional cargo' };

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const maybe = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
const text = (label: string, max: number) => z.string({ error: `${label} must be text` }).trim().max(max, `${label} must be at most ${max} characters`);
/** A vehicle or document number as the portal keeps it: upper case, without spaces. */
const code = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .transform((v) => v.replace(/[\s]+/g, '').toUpperCase())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));

/**
 * How the goods travel: the mode and the distance (whole km) are needed; the vehicle by road, the transporter's
 * document by rail, air or ship. The e-way bill check (GET sale/sale-invoice/:id/ewaybill) names what is missing
 * or wrong; here only the shape is checked, so details can be saved as they become known.
 */
export const TransportRequest = z.strictObject({
  mode: TransportMode,
  distanceKm: z.preprocess(
    (v) => (blank(v) ? undefined : v),
    z.coerce
      .number({ error: 'Distance is required: a number of km' })
      .int('Distance is in whole km')
      .min(0, 'Distance cannot be negative')
      .max(99_999, 'Distance must be at most 99,999 km'),
  ),
  vehicleNo: maybe(code('Vehicle number', 20)),
  /** Default REGULAR. */
  vehicleType: maybe(VehicleType),
  /** The transporter's GSTIN or transporter id (15 characters). */
  transporterId: maybe(code('Transporter id', 15)),
  transporterName: maybe(text('Transporter name', EWAY_BILL_LIMITS.transporterName)),
  /** The transporter's document (LR, RR, airway bill, bill of lading) number and date. */
  transDocNo: maybe(text('Transport document number', 20)),
  transDocDate: maybe(CalendarDate('Transport document date')),
});
export interface TransportRequest {
  mode: TransportMode;
  distanceKm: number | string;
  vehicleNo?: string | null;
  vehicleType?: VehicleType | null;
  transporterId?: string | null;
  transporterName?: string | null;
  transDocNo?: string | null;
  transDocDate?: string | null;
}

/** The transport details an invoice answers (null when none were given). */
export const Transport = z.object({
  mode: TransportMode,
  distanceKm: z.number().int(),
  vehicleNo: z.string().nullable(),
  vehicleType: VehicleType,
  transporterId: z.string().nullable(),
  transporterName: z.string().nullable(),
  transDocNo: z.string().nullable(),
  transDocDate: z.string().nullable(),
});
export type Transport = z.infer<typeof Transport>;

/**
 * The e-way bill part of every sale invoice answer: whether the invoice needs one, and the portal's answer once
 * uploaded (dates India time, "YYYY-MM-DD HH:mm:ss").
 */
export const EWayBillState = z.object({
  /** Goods above ₹50,000 on an invoice that is not cancelled: it needs an e-way bill. */
  needed: z.boolean(),
  ewbNo: z.string().nullable(),
  ewbDate: z.string().nullable(),
  validUpto: z.string().nullable(),
});
export type EWayBillState = z.infer<typeof EWayBillState>;
export const EWAY_BILL_NONE: EWayBillState = { needed: false, ewbNo: null, ewbDate: null, validUpto: null };

// ---------------------------------------------------------------------------------------------------------------
// The portal's bulk-generation JSON

/** One e-way bill of the bulk-generation JSON (field names as the portal's schema writes them). */
export const EWayBillItemJson = z.object({
  itemNo: z.number(),
  productName: z.string(),
  productDesc: z.string(),
  hsnCode: z.number().nullable(),
  qtyUnit: z.string(),
  quantity: z.number(),
  taxableAmount: z.number(),
  sgstRate: z.number(),
  cgstRate: z.number(),
  igstRate: z.number(),
  cessRate: z.number(),
  cessNonAdvol: z.number(),
});
export type EWayBillItemJson = z.infer<typeof EWayBillItemJson>;

export const EWayBillListJson = z.object({
  userGstin: z.string(),
  supplyType: z.enum(['O', 'I']),
  subSupplyType: z.number(),
  subSupplyDesc: z.string(),
  docType: z.enum(['INV', 'BIL', 'BOE', 'CHL', 'OTH']),
  docNo: z.string(),
  docDate: z.string(),
  transType: z.number(),
  fromGstin: z.string(),
  fromTrdName: z.string(),
  fromAddr1: z.string(),
  fromAddr2: z.string(),
  fromPlace: z.string(),
  fromPincode: z.number().nullable(),
  fromStateCode: z.number().nullable(),
  actualFromStateCode: z.number().nullable(),
  toGstin: z.string(),
  toTrdName: z.string(),
  toAddr1: z.string(),
  toAddr2: z.string(),
  toPlace: z.string(),
  toPincode: z.number().nullable(),
  toStateCode: z.number().nullable(),
  actualToStateCode: z.number().nullable(),
  totalValue: z.number(),
  cgstValue: z.number(),
  sgstValue: z.number(),
  igstValue: z.number(),
  cessValue: z.number(),
  TotNonAdvolVal: z.number(),
  OthValue: z.number(),
  totInvValue: z.number(),
  transMode: z.number().nullable(),
  transDistance: z.number().nullable(),
  transporterId: z.string(),
  transporterName: z.string(),
  transDocNo: z.string(),
  transDocDate: z.string(),
  vehicleNo: z.string(),
  vehicleType: z.enum(['R', 'O']),
  mainHsnCode: z.number().nullable(),
  itemList: z.array(EWayBillItemJson),
});
export type EWayBillListJson = z.infer<typeof EWayBillListJson>;

export const EWayBillJson = z.object({ version: z.literal(EWAY_BILL_JSON_VERSION), billLists: z.array(EWayBillListJson) });
export type EWayBillJson = z.infer<typeof EWayBillJson>;

export const EWayBillQuery = z.object({
  /** true: answer the file to upload on the portal as an attachment. */
  download: z
    .enum(['true', 'false'], { error: 'download must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
});

/** GET sale/sale-invoice/:id/ewaybill. */
export const EWayBillResponse = ok(z.object({ fileName: z.string(), json: EWayBillJson }));
export type EWayBillResponse = z.infer<typeof EWayBillResponse>;

/** GET sale/ewaybill?ids=a,b,c: comma-separated invoice ids. */
export const EWayBillBulkQuery = EWayBillQuery.extend({
  ids: z
    .string({ error: 'ids is required: invoice ids separated by commas' })
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(100, 'Not an id'))
        .min(1, 'Choose at least one invoice')
        .max(EWAY_BILL_LIMITS.ids, `At most ${EWAY_BILL_LIMITS.ids} invoices in one file`),
    ),
});

export const EWayBillBulkFailure = z.object({
  id: z.string(),
  invoiceNumber: z.string().nullable(),
  message: z.string(),
  errors: z.array(EInvoiceProblem),
});
export type EWayBillBulkFailure = z.infer<typeof EWayBillBulkFailure>;

/** The valid invoices as one file with a billList each, and why each other one is left out. */
export const EWayBillBulkResponse = ok(
  z.object({ fileName: z.string(), json: EWayBillJson, invoiceIds: z.array(z.string()), failed: z.array(EWayBillBulkFailure) }),
);
export type EWayBillBulkResponse = z.infer<typeof EWayBillBulkResponse>;

/** 422: every problem of the e-way bill, each naming its field; `field` is the first. */
export const EWayBillInvalidResponse = z.object({
  success: z.literal(false),
  message: z.string(),
  field: z.string().optional(),
  errors: z.array(EInvoiceProblem).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// The portal's answer

/** "YYYY-MM-DD HH:mm:ss": a real date in range and a real clock time. */
export function isEwbDateTime(s: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/.exec(s);
  return m !== null && isCalendarDate(m[1]) && m[1] >= DATE_MIN && m[1] <= DATE_MAX;
}

/**
 * A date and time as the portal or a person writes it, as "YYYY-MM-DD HH:mm:ss": "05/11/2026 01:45:00 PM" (the
 * portal), "05/11/2026 13:45:00", "2026-11-05 13:45:00", "2026-11-05T13:45:00", or a date alone (midnight; for
 * validity, the end of that day). Undefined when it is not one.
 */
export function readEwbDateTime(v: unknown, endOfDay = false): string | undefined {
  if (typeof v !== 'string') return undefined;
  const s = v.trim().replace(/\s+/g, ' ');
  let m = /^(\d{2})[/-](\d{2})[/-](\d{4})(?: (\d{1,2}):(\d{2})(?::(\d{2}))?(?: ?([AaPp][Mm]))?)?$/.exec(s);
  let y: string, mo: string, d: string, hh: string | undefined, mi: string | undefined, ss: string | undefined, ap: string | undefined;
  if (m) [, d, mo, y, hh, mi, ss, ap] = m;
  else {
    m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(s);
    if (!m) return undefined;
    [, y, mo, d, hh, mi, ss] = m;
  }
  let hour = hh === undefined ? (endOfDay ? 23 : 0) : Number(hh);
  if (ap) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (ap.toUpperCase() === 'PM' ? 12 : 0);
  }
  const minute = mi === undefined ? (hh === undefined && endOfDay ? '59' : '00') : mi;
  const second = ss ?? (hh === undefined && endOfDay ? '59' : '00');
  const out = `${y}-${mo}-${d} ${String(hour).padStart(2, '0')}:${minute}:${second}`;
  return isEwbDateTime(out) ? out : undefined;
}

/**
 * POST sale/sale-invoice/:id/ewaybill: `{ ewbNo, ewbDate, validUpto }`, or the portal's answer as it gives it
 * (`ewayBillNo`, `ewayBillDate`, `validUpto`; a one-element array or a `{ data }` wrapper too). Read and checked by
 * the API, which names each problem.
 */
export const EWayBillUploadBody = z.unknown().meta({
  type: 'object',
  description: "The e-way bill: { ewbNo, ewbDate, validUpto }, or the portal's JSON answer (ewayBillNo, ewayBillDate, validUpto)",
  properties: {
    ewbNo: { type: 'string', description: '12 digits' },
    ewbDate: { type: 'string', description: 'dd/mm/yyyy hh:mm:ss AM|PM, or yyyy-mm-dd hh:mm:ss' },
    validUpto: { type: 'string', description: 'dd/mm/yyyy hh:mm:ss AM|PM, or yyyy-mm-dd hh:mm:ss' },
  },
});
export interface EWayBillUpload {
  ewbNo: string | number;
  ewbDate: string;
  validUpto?: string | null;
}

/** "2026-11-05 13:45:00" as printed: "05-11-2026 13:45". */
const printedDateTime = (s: string) => `${s.slice(8, 10)}-${s.slice(5, 7)}-${s.slice(0, 4)} ${s.slice(11, 16)}`;

/**
 * The line an invoice prints once its e-way bill is known: "e-Way Bill No. 123456789012 dated 05-11-2026 13:45
 * valid until 06-11-2026 23:59"; null before.
 */
export function ewayBillLine(e: Pick<EWayBillState, 'ewbNo' | 'ewbDate' | 'validUpto'> | null | undefined): string | null {
  if (!e?.ewbNo || !e.ewbDate) return null;
  const valid = e.validUpto ? ` valid until ${printedDateTime(e.validUpto)}` : '';
  return `e-Way Bill No. ${e.ewbNo} dated ${printedDateTime(e.ewbDate)}${valid}`;
}
