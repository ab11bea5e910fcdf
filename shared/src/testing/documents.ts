import {
  computeDocument,
  fromPaise,
  gstinCheckChar,
  stateName,
  type Account,
  type Branch,
  type DocumentAddress,
  type Item,
  type Party,
  type PartyAddress,
  type SupplyType,
  type TaxRate,
} from '@bahi/shared';

let seq = 0;
/** A fresh id for a fixture. */
export const nextId = () => `5e1d2c3b-4a59-4687-9a1b-${String(++seq).padStart(12, '0')}`;
const gstin = (first14: string) => first14 + gstinCheckChar(first14);

export const BRANCH_GSTIN = '27AAPFU0939F1ZV';

/** A branch in Maharashtra (27) with a GSTIN and the invoice prefix MUM. */
export const mumbaiBranch: Branch = {
  id: '5e1d2c3b-4a59-4687-9a1b-0000000000b1',
  name: 'Mumbai Central',
  phone: '9820012345',
  email: null,
  gstin: BRANCH_GSTIN,
  registrationType: 'REGULAR',
  address: { street: '12 Station Road', city: 'Mumbai', stateCode: '27', pin: '400008' },
  invoicePrefix: 'MUM',
  isDefault: true,
  createdAt: '2026-04-01T05:30:00.000Z',
  updatedAt: '2026-04-01T05:30:00.000Z',
};

/** A real PIN code of each GST state (its capital's or main city's head post office), so an address is consistent. */
const SAMPLE_PINS: Record<string, string> = {
  '01': '190001', '02': '171001', '03': '141001', '04': '160017', '05': '248001', '06': '122001', '07': '110001',
  '08': '302001', '09': '226001', '10': '800001', '11': '737101', '12': '791111', '13': '797001', '14': '795001',
  '15': '796001', '16': '799001', '17': '793001', '18': '781001', '19': '700001', '20': '834001', '21': '751001',
  '22': '492001', '23': '462001', '24': '380001', '25': '396210', '26': '396210', '27': '400001', '28': '520001',
  '29': '560001', '30': '403001', '31': '682555', '32': '695001', '33': '600001', '34': '605001', '35': '744101',
  '36': '500001', '37': '520001', '38': '194101',
};

/** A PIN code in the state (`null` for a code with no PIN, such as 97 "other territory"). */
export const samplePin = (stateCode: string): string | null => SAMPLE_PINS[stateCode.padStart(2, '0')] ?? null;

/** A party address in the state, with a PIN code of that state. */
export function makeAddress(stateCode: string, type: PartyAddress['type'] = 'BOTH', street = 'MG Road'): PartyAddress {
  return { id: nextId(), type, miscData: { ad: street, st: stateName(stateCode) ?? null, pin: samplePin(stateCode), stateCode } };
}

/**
 * A party as the API answers it: a customer with nothing but a name unless told; override any field. `stateCode`
 * gives it a billing (and shipping) address in that state, with a PIN code of the state.
 */
export function makeParty({ stateCode, ...overrides }: Partial<Party> & { stateCode?: string } = {}): Party {
  const address = stateCode ? makeAddress(stateCode) : null;
  return {
    id: nextId(),
    name: `Party ${seq}`,
    partyType: 'CUSTOMER',
    mobileNumber: null,
    email: null,
    partyCatagory: null,
    openingBalance: null,
    gstin: null,
    registrationType: overrides.gstin ? 'REGULAR' : 'UNREGISTERED',
    panNumber: null,
    creditPeriod: null,
    creditLimit: null,
    billingAddress: address,
    shippingAddress: address,
    createdAt: '2026-04-01T05:30:00.000Z',
    updatedAt: '2026-04-01T05:30:00.000Z',
    ...overrides,
  };
}

/** A B2B customer in Karnataka (29): inter-state from the Mumbai branch. */
export const bengaluruParty = makeParty({
  name: 'Bengaluru Retail LLP',
  gstin: gstin('29AABCB1234C1Z'),
  mobileNumber: '9845012345',
  creditPeriod: 30,
  stateCode: '29',
});
/** A customer in Maharashtra known only by GSTIN: intra-state. */
export const puneParty = makeParty({ name: 'Pune Traders', gstin: gstin('27AAACP5678D1Z'), mobileNumber: '9822012345' });

export const TAXES: TaxRate[] = [
  { id: 'gst-0', value: 0, cessValue: 0 },
  { id: 'gst-5', value: 5, cessValue: 0 },
  { id: 'gst-12', value: 12, cessValue: 0 },
  { id: 'gst-18', value: 18, cessValue: 0 },
  { id: 'gst-28', value: 28, cessValue: 0 },
];

export function makeItem(overrides: Partial<Item> = {}): Item {
  return {
    id: nextId(),
    itemType: 'PRODUCT',
    itemName: `Item ${seq}`,
    serviceName: null,
    itemCode: `CODE${seq}`,
    serviceCode: null,
    hsnCode: '8517',
    sacCode: null,
    itemProductType: 'NEW',
    hasSerialisation: false,
    itemSerialNo: [],
    itemImage: [],
    itemCatagory: null,
    gstRate: TAXES[3],
    unit: { id: 'NOS', name: 'Numbers', shortName: 'NOS' },
    salePrice: '100.00',
    purchasePrice: null,
    isSaleTaxApplicable: false,
    isPurchaseTaxApplicable: false,
    netQuantity: 10,
    openingStock: 10,
    isAlertEnabled: false,
    productAlertValue: null,
    isOnlineVisible: false,
    asOfDate: '2026-04-01',
    description: null,
    createdAt: '2026-04-01T05:30:00.000Z',
    updatedAt: '2026-04-01T05:30:00.000Z',
    ...overrides,
  };
}

/** 62.51 at 18 % without tax (gst-rules.md's first example). */
export const cable = makeItem({ itemName: 'USB-C Cable', itemCode: 'CBL001', hsnCode: '8544', salePrice: '62.51', netQuantity: 40 });
/** 52.50 at 12 % with tax included (gst-rules.md's third example). */
export const cover = makeItem({
  itemName: 'Phone Cover',
  itemCode: 'CVR001',
  hsnCode: '3926',
  salePrice: '52.50',
  gstRate: TAXES[2],
  isSaleTaxApplicable: true,
  netQuantity: 3,
});
export const phone = makeItem({
  itemName: 'Redmi Note 13',
  itemCode: 'RN13',
  hsnCode: '8517',
  salePrice: '15999.00',
  gstRate: TAXES[3],
  hasSerialisation: true,
  itemSerialNo: [{ serialNo: 'IMEI111' }, { serialNo: 'IMEI222' }, { serialNo: 'IMEI333' }],
  netQuantity: 3,
});
export const repair = makeItem({
  itemType: 'SERVICE',
  itemName: 'Screen repair',
  serviceName: 'Screen repair',
  itemCode: null,
  serviceCode: 'REP1',
  hsnCode: null,
  sacCode: '998713',
  salePrice: '999.00',
  unit: null,
  netQuantity: 0,
});

export const ACCOUNTS: Account[] = [
  {
    id: '5e1d2c3b-4a59-4687-9a1b-0000000000c1',
    type: 'CASH',
    displayName: 'Cash in hand',
    bankName: null,
    accountNumber: null,
    ifsc: null,
    upiId: null,
    openingBalance: '0.00',
    asOfDate: '2026-04-01',
    balance: '5000.00',
    isActive: true,
    isUsed: true,
    createdAt: '2026-04-01T05:30:00.000Z',
  },
  {
    id: '5e1d2c3b-4a59-4687-9a1b-0000000000c2',
    type: 'BANK',
    displayName: 'HDFC Current',
    bankName: 'HDFC Bank',
    accountNumber: 'XXXX4321',
    ifsc: 'HDFC0000123',
    upiId: 'shop@hdfcbank',
    openingBalance: '10000.00',
    asOfDate: '2026-04-01',
    balance: '10000.00',
    isActive: true,
    isUsed: false,
    createdAt: '2026-04-01T05:30:00.000Z',
  },
];

const docAddress = (a: PartyAddress | null): DocumentAddress | null =>
  a ? { street: a.miscData.ad, city: null, stateCode: a.miscData.stateCode, state: a.miscData.st, pin: a.miscData.pin } : null;

export interface DocLineSpec {
  item: Item;
  quantity: string;
  discountPercent?: string;
}

/** The parts every document answer shares, with every figure from the engine (as the API computes them). */
export function documentParts(party: Party | null, specs: DocLineSpec[], supplyType: SupplyType, placeOfSupply: string) {
  const inputs = specs.map((s) => ({
    quantity: s.quantity,
    unitPrice: String(s.item.salePrice),
    priceIncludesTax: s.item.isSaleTaxApplicable,
    discountPercent: s.discountPercent ?? null,
    gstRate: String(s.item.gstRate?.value ?? 0),
    cessRate: String(s.item.gstRate?.cessValue ?? 0),
    hsnSac: s.item.hsnCode ?? s.item.sacCode,
    unit: s.item.unit?.shortName ?? null,
  }));
  const doc = computeDocument({ supplyType, lines: inputs });
  const money = fromPaise;
  return {
    id: nextId(),
    financialYear: '2026-27',
    branch: {
      id: mumbaiBranch.id,
      name: mumbaiBranch.name,
      businessName: 'Sharma Traders',
      gstin: mumbaiBranch.gstin,
      phone: mumbaiBranch.phone,
      email: null,
      address: { street: '12 Station Road', city: 'Mumbai', stateCode: '27', state: 'Maharashtra', pin: '400008' },
      stateCode: '27',
      registrationType: 'REGULAR' as const,
    },
    party: party
      ? {
          id: party.id,
          name: party.name,
          mobileNumber: party.mobileNumber,
          email: null,
          gstin: party.gstin,
          registrationType: party.registrationType,
          billingAddress: docAddress(party.billingAddress),
          shippingAddress: docAddress(party.shippingAddress),
        }
      : null,
    placeOfSupply,
    placeOfSupplyName: stateName(placeOfSupply) ?? null,
    supplyType,
    sgstLabel: 'SGST' as const,
    roundOff: true,
    discount: null,
    exportType: null,
    lines: specs.map((s, i) => {
      const r = doc.lines[i];
      return {
        lineNo: i + 1,
        itemId: s.item.id,
        itemName: s.item.itemName,
        itemType: s.item.itemType,
        hsnSac: inputs[i].hsnSac,
        description: null,
        quantity: Number(s.quantity).toFixed(3),
        unit: inputs[i].unit,
        unitPrice: Number(s.item.salePrice).toFixed(2),
        priceIncludesTax: inputs[i].priceIncludesTax,
        discountPercent: s.discountPercent ?? null,
        discount: money(r.discount),
        taxableValue: money(r.taxableValue),
        gstRateId: s.item.gstRate?.id ?? null,
        gstRate: inputs[i].gstRate,
        cgst: money(r.cgst),
        sgst: money(r.sgst),
        igst: money(r.igst),
        cessRate: inputs[i].cessRate,
        cessPerUnit: '0.000',
        cess: money(r.cess),
        total: money(r.total),
        serialNos: [],
        documentDiscount: '0.00',
      };
    }),
    totals: {
      taxableValue: money(doc.totals.taxableValue),
      discount: money(doc.totals.discount),
      cgst: money(doc.totals.cgst),
      sgst: money(doc.totals.sgst),
      igst: money(doc.totals.igst),
      cess: money(doc.totals.cess),
      subtotal: money(doc.totals.subtotal),
      roundOff: money(doc.totals.roundOff),
      grandTotal: money(doc.totals.grandTotal),
      amountInWords: doc.amountInWords,
    },
    hsnSummary: doc.hsnSummary.map((h) => ({
      hsnSac: h.hsnSac,
      gstRate: h.gstRate,
      quantity: h.quantity,
      unit: h.unit,
      taxableValue: money(h.taxableValue),
      igst: money(h.igst),
      cgst: money(h.cgst),
      sgst: money(h.sgst),
      cess: money(h.cess),
    })),
    notes: null,
    terms: null,
    cancelledAt: null,
    cancelReason: null,
    createdAt: '2026-05-04T06:30:00.000Z',
  };
}

