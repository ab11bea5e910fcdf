import {
  LedgerResponse,
  MONEY_MAX,
  PartyListResponse,
  PartyResponse,
  ReportSummaryResponse,
  SaleInvoiceListResponse,
  SaleReportResponse,
} from '@bahi/shared/contracts';
import { documentFixtures } from '../test/documents';
import { createHarness, get, signUp, type Harness, type SignedUp } from '../test/harness';

/*
 * Every document fits numeric(14,2) (twelve digits before the point); a sum of them need not. Two sales of the largest
 * amount to one party make a thirteen-digit balance and list total: every screen that shows them still loads, and its
 * answer is what the shared contract (the browser's check) accepts.
 */
let h: Harness;
let a: SignedUp;
let f: ReturnType<typeof documentFixtures>;
beforeAll(async () => {
  h = await createHarness();
  f = documentFixtures(h);
  a = await signUp(h, { businessName: 'Crore Crore Traders', stateCode: '27' });
}, 120_000);
afterAll(() => h.close());

describe('sums beyond the largest single amount', () => {
  const twice = '1999999999999.98';
  let partyId: string;

  beforeAll(async () => {
    const party = await f.party(a, { state: '27', name: 'Big Buyer' });
    partyId = party.id;
    const plant = await f.item(a, { type: 'SERVICE', name: 'Power plant', price: MONEY_MAX, rate: 'gst-0' });
    for (let i = 0; i < 2; i++) {
      const inv = await f.invoice(a, { partyId, lines: [{ itemId: plant.id, quantity: 1 }], roundOff: false });
      expect(inv.totals.grandTotal).toBe(MONEY_MAX);
    }
  });

  const read = async (url: string) => {
    const res = await get(h.app, url, a.cookie);
    expect([url, res.statusCode]).toEqual([url, 200]);
    return res.json();
  };

  it("the party's balance: its detail and the party list answer 200, as the contract reads it", async () => {
    const one = PartyResponse.parse(await read(`/api/party/get-party/${partyId}`));
    expect(one.data.balance).toBe(twice);
    const page = PartyListResponse.parse(await read('/api/party/parties?page=1&pageSize=20'));
    expect(page.data.find((p) => p.id === partyId)?.balance).toBe(twice);
    const whole = PartyListResponse.parse(await read('/api/party/parties'));
    expect(whole.data.find((p) => p.id === partyId)?.balance).toBe(twice);
  });

  it("the sale list's sums", async () => {
    const list = SaleInvoiceListResponse.parse(await read(`/api/sale/sale-invoices?partyId=${partyId}`));
    expect(list.meta).toMatchObject({ total: 2, grandTotal: twice, received: '0.00', balance: twice });
  });

  it("the reports' totals: sale report, the party's ledger and the reports home", async () => {
    const report = SaleReportResponse.parse(await read('/api/sale/sale-reports?period=THIS_FY&groupBy=party'));
    expect(report.data.totals.grandTotal).toBe(twice);
    expect(report.data.rows.map((r) => r.grandTotal)).toEqual([twice]);
    const ledger = LedgerResponse.parse(await read(`/api/report/ledger?partyId=${partyId}`));
    expect(ledger.data.closingBalance).toBe(twice);
    const home = ReportSummaryResponse.parse(await read('/api/report/summary?period=THIS_FY'));
    expect(home.data.receivable).toBe(twice);
  });
});
