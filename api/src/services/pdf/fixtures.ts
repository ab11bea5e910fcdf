import { amountInWords, fromPaise, toPaise } from '@bahi/shared/india';
import type { PrintableDocument, PrintableHsnRow, PrintableLine } from './types';

/** Printable documents for the renderer's tests, the benchmark and looking at the output. */

const ITEMS = [
  { name: 'Basmati Rice Premium 25 kg', hsn: '10063020', unit: 'BAG', rate: 1850_00, gst: 5 },
  { name: 'Toor Dal', hsn: '07136000', unit: 'KGS', rate: 142_50, gst: 0 },
  { name: 'Sunflower Oil 1 L pouch', hsn: '15121910', unit: 'PCS', rate: 155_00, gst: 5 },
  { name: 'Steel Almirah 4 door', hsn: '94031010', unit: 'NOS', rate: 12_499_00, gst: 18 },
  { name: 'Installation and delivery', hsn: '998729', unit: 'OTH', rate: 750_00, gst: 18 },
  { name: 'Aerated Drink 750 ml', hsn: '22021010', unit: 'BTL', rate: 40_00, gst: 40, cess: 12 },
];

export interface SampleOptions {
  lines?: number;
  supplyType?: 'INTRA' | 'INTER';
  title?: PrintableDocument['title'];
  buyerName?: string;
  eInvoice?: boolean;
}

/** An invoice of a Mumbai seller; intra-state to a Pune buyer or inter-state to a Bengaluru buyer. */
export function sampleInvoice(options: SampleOptions = {}): PrintableDocument {
  const { lines: count = 3, supplyType = 'INTRA', title = 'Tax Invoice' } = options;
  const taxed = title !== 'Bill of Supply';
  const lines: PrintableLine[] = [];
  const hsn = new Map<string, PrintableHsnRow & { qty: number }>();
  const sum = { taxable: 0, discount: 0, cgst: 0, sgst: 0, igst: 0, cess: 0, total: 0 };
  for (let i = 0; i < count; i++) {
    const item = ITEMS[i % ITEMS.length];
    const qty = (i % 4) + 1;
    const gst = taxed ? item.gst : 0;
    const cessRate = taxed ? (item.cess ?? 0) : 0;
    const gross = qty * item.rate;
    const discount = i % 3 === 2 ? Math.round(gross / 10) : 0;
    const taxable = gross - discount;
    const half = supplyType === 'INTRA' ? Math.round((taxable * gst) / 200) : 0;
    const igst = supplyType === 'INTER' ? Math.round((taxable * gst) / 100) : 0;
    const cess = Math.round((taxable * cessRate) / 100);
    const total = taxable + 2 * half + igst + cess;
    lines.push({
      no: i + 1,
      name: item.name,
      description: i === 3 ? 'Grey, with locker; 2 years warranty' : null,
      hsnSac: item.hsn,
      quantity: `${qty}.000`,
      unit: item.unit,
      rate: fromPaise(item.rate),
      discount: fromPaise(discount),
      taxableValue: fromPaise(taxable),
      gstRate: String(gst),
      cgst: fromPaise(half),
      sgst: fromPaise(half),
      igst: fromPaise(igst),
      cessRate: String(cessRate),
      cess: fromPaise(cess),
      total: fromPaise(total),
    });
    Object.assign(sum, {
      taxable: sum.taxable + taxable,
      discount: sum.discount + discount,
      cgst: sum.cgst + half,
      sgst: sum.sgst + half,
      igst: sum.igst + igst,
      cess: sum.cess + cess,
      total: sum.total + total,
    });
    const key = `${item.hsn}/${gst}`;
    const row = hsn.get(key) ?? {
      hsnSac: item.hsn,
      gstRate: String(gst),
      quantity: '0',
      qty: 0,
      unit: item.unit,
      taxableValue: '0.00',
      igst: '0.00',
      cgst: '0.00',
      sgst: '0.00',
      cess: '0.00',
    };
    const add = (a: string, b: number) => fromPaise(toPaise(a) + b);
    row.qty += qty;
    row.quantity = `${row.qty}.000`;
    row.taxableValue = add(row.taxableValue, taxable);
    row.cgst = add(row.cgst, half);
    row.sgst = add(row.sgst, half);
    row.igst = add(row.igst, igst);
    row.cess = add(row.cess, cess);
    hsn.set(key, row);
  }
  const grand = Math.round(sum.total / 100) * 100;
  const inter = supplyType === 'INTER';
  const received = Math.min(grand, 5000_00);
  return {
    title,
    seller: {
      name: 'Sharma Traders',
      branchName: 'Andheri East branch',
      gstin: '27AAPFU0939F1ZV',
      address: ['Shop 4, Ganesh Market, Andheri-Kurla Road', 'Andheri East, Mumbai - 400069'],
      stateCode: '27',
      phone: '+91 98200 12345',
      email: 'accounts@sharmatraders.in',
    },
    buyer: {
      name: options.buyerName ?? (inter ? 'Kaveri Home Needs Pvt Ltd' : 'Deccan Kirana Stores'),
      gstin: inter ? '29AAGCK1234M1Z5' : '27AABCD1234E1Z2',
      phone: '9876543210',
      billingAddress: inter
        ? ['No. 12, 3rd Cross, Jayanagar 4th Block', 'Bengaluru - 560011']
        : ['22 Laxmi Road, Sadashiv Peth', 'Pune - 411030'],
      shippingAddress: inter ? ['Warehouse 7, Peenya Industrial Area', 'Bengaluru - 560058'] : null,
      stateCode: inter ? '29' : '27',
    },
    number: title === 'Quotation' ? 'QT/26-27/7' : 'MUM/26-27/42',
    date: '2026-11-05',
    dueDate: '2026-12-05',
    placeOfSupply: inter ? '29' : '27',
    supplyType,
    stateTaxLabel: 'SGST',
    reverseCharge: false,
    lines,
    hsnSummary: [...hsn.values()].map(({ qty: _qty, ...row }) => row),
    totals: {
      taxableValue: fromPaise(sum.taxable),
      discount: fromPaise(sum.discount),
      cgst: fromPaise(sum.cgst),
      sgst: fromPaise(sum.sgst),
      igst: fromPaise(sum.igst),
      cess: fromPaise(sum.cess),
      subtotal: fromPaise(sum.total),
      roundOff: fromPaise(grand - sum.total),
      grandTotal: fromPaise(grand),
      amountInWords: amountInWords(fromPaise(grand)),
    },
    payments: title === 'Quotation' ? null : [{ date: '2026-11-05', mode: 'UPI', amount: fromPaise(received), reference: 'UPI 431256789012' }],
    received: title === 'Quotation' ? null : fromPaise(received),
    balance: title === 'Quotation' ? null : fromPaise(grand - received),
    notes: 'Thank you for your business.',
    terms: 'Goods once sold will not be taken back. Interest at 18% p.a. on payments after the due date. Subject to Mumbai jurisdiction.',
    eInvoice: options.eInvoice
      ? {
          irn: 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229',
          ackNo: '112610012345678',
          ackDate: '2026-11-05 13:45:00',
          // The shape of an IRP signed QR: a JWT of about 700 characters.
          signedQrCode: `eyJhbGciOiJSUzI1NiIsImtpZCI6IkVEQzU3REUxMzU4QjMwMEJBOUY3OTM0MEE2Njk2ODMxRjNDODUwNDciLCJ0eXAiOiJKV1QifQ.${Buffer.from(
            JSON.stringify({
              data: JSON.stringify({
                SellerGstin: '27AAPFU0939F1ZV',
                BuyerGstin: '29AAGCK1234M1Z5',
                DocNo: 'MUM/26-27/42',
                DocTyp: 'INV',
                DocDt: '05/11/2026',
                TotInvVal: grand / 100,
                ItemCnt: count,
                MainHsnCode: '10063020',
                Irn: 'a5c12dca80e743321740b001fd70953e8738d109865d28ba4013750f2046f229',
                IrnDt: '2026-11-05 13:45:00',
              }),
              iss: 'NIC',
            }),
          ).toString('base64url')}.${'Q'.repeat(342)}`,
        }
      : null,
  };
}
