import type { Account, Item, Party, Quotation, SaleInvoice } from '@bahi/shared/contracts';
import { INDIAN_STATES } from '@bahi/shared/india';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { pinMatchesState } from '@bahi/shared/india';
import { get, write, type Harness, type SignedUp } from './harness';
import { sendMultipart } from './multipart';

/**
 * A PIN code of the state, given by code or name (by the PIN prefixes the e-invoice check knows): 400001 in
 * Maharashtra, 560001 in Karnataka.
 */
function pinIn(state: string): string {
  const code = INDIAN_STATES.find((s) => s.code === state || s.name.toLowerCase() === state.toLowerCase())?.code ?? state;
  for (let prefix = 11; prefix <= 85; prefix++) {
    if (pinMatchesState(`${prefix}0001`, code)) return `${prefix}0001`;
  }
  return '400001';
}

/** Fixtures and calls shared by the sale, quotation and party-balance tests. */
export function documentFixtures(h: Harness, app: FastifyInstance = h.app) {
  let seq = 0;
  const next = () => {
    seq += 1;
    return seq;
  };

  /** A product (or service) through item/create; `stock` opening units at the active branch. */
  async function item(
    who: SignedUp,
    o: {
      name?: string;
      type?: 'PRODUCT' | 'SERVICE';
      price?: string;
      withTax?: boolean;
      rate?: string | null;
      unit?: string;
      stock?: number;
      hsn?: string;
      serials?: string[];
      /** The purchase price and whether it includes tax (purchases default to them). */
      purchasePrice?: string;
      purchaseWithTax?: boolean;
      /** TAXABLE unless said; anything else is at GST @ 0%. */
      taxability?: 'TAXABLE' | 'NIL_RATED' | 'EXEMPT' | 'NON_GST';
      /** The law keeps the item at a rate withdrawn for other goods (tobacco, pan masala). */
      keepsWithdrawnRate?: boolean;
    } = {},
  ): Promise<Item> {
    const n = next();
    const product = (o.type ?? 'PRODUCT') === 'PRODUCT';
    const withTax = o.withTax ?? false;
    const res = await sendMultipart(app, 'POST', '/api/item/create', who.cookie, {
      itemType: o.type ?? 'PRODUCT',
      itemName: o.name ?? `Item ${n}`,
      ...(product
        ? { itemCode: `T${process.pid % 1000}${String(n).padStart(4, '0')}`.slice(0, 10), hsnCode: o.hsn ?? '8517' }
        : { serviceCode: `S${String(n).padStart(5, '0')}`, sacCode: o.hsn ?? '998713' }),
      salePrice: o.price ?? '100',
      salePriceTaxType: withTax ? 'WITH_TAX' : 'WITHOUT_TAX',
      isSaleTaxApplicable: String(withTax),
      purchasePrice: o.purchasePrice,
      purchasePriceTaxType: o.purchasePrice ? (o.purchaseWithTax ? 'WITH_TAX' : 'WITHOUT_TAX') : undefined,
      isPurchaseTaxApplicable: o.purchasePrice ? String(o.purchaseWithTax ?? false) : undefined,
      gstRate: o.rate === null ? undefined : (o.rate ?? 'gst-18'),
      taxability: o.taxability,
      keepsWithdrawnRate: o.keepsWithdrawnRate === undefined ? undefined : String(o.keepsWithdrawnRate),
      unit: o.unit ?? 'NOS',
      openingStock: product ? String(o.stock ?? 0) : undefined,
      hasSerialisationOn: o.serials ? 'true' : undefined,
      itemSerialNos: o.serials ?? (product ? [''] : undefined),
    });
    if (res.statusCode !== 201) throw new Error(`item/create answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  }

  /** A customer (or a supplier, or both); `state` is the billing (and shipping) state code. */
  async function party(
    who: SignedUp,
    o: { name?: string; state?: string; shippingState?: string; gstin?: string; creditPeriod?: number; openingBalance?: string; mobileNumber?: string; partyType?: 'CUSTOMER' | 'SUPPLIER' | 'BOTH' } = {},
  ): Promise<Party> {
    const n = next();
    const res = await write(
      app,
      'POST',
      '/api/party/create',
      {
        name: o.name ?? `${o.partyType === 'SUPPLIER' ? 'Supplier' : 'Customer'} ${n}`,
        partyType: o.partyType ?? 'CUSTOMER',
        mobileNumber: o.mobileNumber,
        gstin: o.gstin,
        creditPeriod: o.creditPeriod,
        openingBalance: o.openingBalance,
        billingAddress: o.state ? { type: o.shippingState ? 'BILLING' : 'BOTH', miscData: { ad: 'Shop 1', st: o.state, pin: pinIn(o.state) } } : undefined,
        shippingAddress: o.shippingState ? { type: 'SHIPPING', miscData: { ad: 'Godown', st: o.shippingState, pin: pinIn(o.shippingState) } } : undefined,
      },
      { cookie: who.cookie },
    );
    if (res.statusCode !== 201) throw new Error(`party/create answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  }

  const headers = (key?: string): Record<string, string> => (key ? { 'idempotency-key': key } : {});

  const sale = (who: SignedUp, body: object, key?: string): Promise<LightMyRequestResponse> =>
    write(app, 'POST', '/api/sale/create-sale', body, { cookie: who.cookie, headers: headers(key) });

  /** A sale that must succeed. */
  async function invoice(who: SignedUp, body: object, key?: string): Promise<SaleInvoice> {
    const res = await sale(who, body, key);
    if (res.statusCode !== 201) throw new Error(`create-sale answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  }

  const getInvoice = (who: SignedUp, id: string) => get(app, `/api/sale/sale-invoice/${id}`, who.cookie);
  const pay = (who: SignedUp, id: string, body: object, key?: string) =>
    write(app, 'POST', `/api/sale/record-payment/${id}`, body, { cookie: who.cookie, headers: headers(key) });
  const cancel = (who: SignedUp, id: string, reason = 'Wrong item') =>
    write(app, 'POST', `/api/sale/cancel-sale/${id}`, { reason }, { cookie: who.cookie });
  const invoices = (who: SignedUp, query = '') => get(app, `/api/sale/sale-invoices${query}`, who.cookie);

  const quote = (who: SignedUp, body: object, key?: string) =>
    write(app, 'POST', '/api/quotation/create-quotation', body, { cookie: who.cookie, headers: headers(key) });
  async function quotation(who: SignedUp, body: object): Promise<Quotation> {
    const res = await quote(who, body);
    if (res.statusCode !== 201) throw new Error(`create-quotation answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  }

  /** The item's stock at the session's active branch. */
  async function stockOf(who: SignedUp, itemId: string): Promise<number> {
    const res = await get(app, `/api/item/get-item?id=${itemId}&itemType=PRODUCT`, who.cookie);
    return res.json().data.netQuantity;
  }

  async function accounts(who: SignedUp): Promise<Account[]> {
    return (await get(app, '/api/account/bank-accounts', who.cookie)).json().data;
  }
  const cashBalance = async (who: SignedUp) => (await accounts(who)).find((x) => x.type === 'CASH')!.balance;

  async function bank(who: SignedUp, displayName = 'HDFC Current'): Promise<Account> {
    const res = await write(
      app,
      'POST',
      '/api/account/add-bank-account',
      { displayName, bankName: 'HDFC Bank', accountNumber: `50100${String(next()).padStart(7, '0')}`, ifsc: 'HDFC0001234' },
      { cookie: who.cookie },
    );
    if (res.statusCode !== 201) throw new Error(`add-bank-account answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  }

  /** Another store branch of the business. */
  async function branch(who: SignedUp, name: string, o: { stateCode?: string; invoicePrefix?: string } = {}): Promise<{ id: string; name: string }> {
    const res = await write(
      app,
      'POST',
      '/api/store-branch/create-branch',
      { name, address: { street: '1 Main Road', city: name, stateCode: o.stateCode ?? '27', pin: pinIn(o.stateCode ?? '27') }, invoicePrefix: o.invoicePrefix },
      { cookie: who.cookie },
    );
    if (res.statusCode !== 201) throw new Error(`create-branch answered ${res.statusCode}: ${res.body}`);
    return res.json().data;
  }

  return { item, party, branch, sale, invoice, getInvoice, pay, cancel, invoices, quote, quotation, stockOf, accounts, cashBalance, bank };
}
