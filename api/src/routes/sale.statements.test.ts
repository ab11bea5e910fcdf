import { Client } from 'pg';
import { documentFixtures } from '../test/documents';
import { createHarness, signUp, type Harness, type SignedUp } from '../test/harness';

/*
 * How many statements a create-sale sends to PostgreSQL while it holds its branch's number series. Every sale of the
 * branch waits for the one before from taking the number until it commits (the series row, the items' stock rows,
 * the cash account's row are locked until then), so each statement in that stretch is paid once per sale by every
 * sale in the queue: bench/README.md ("The books") measures what it costs. The statements are counted by wrapping the
 * pg driver, so this runs on PostgreSQL only (DATABASE_URL); without it the suite is reported as skipped.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);
const suite = onPostgres ? describe : describe.skip;
const title = onPostgres ? 'the statements of a create-sale on PostgreSQL' : 'the statements of a create-sale (PostgreSQL only: skipped without DATABASE_URL)';

/**
 * The locked stretch: the number, stock out, the invoice with its lines, its entry, the cash account's lock, the
 * payment with its entry (which reads the account's day totals for its checks), commit.
 */
const LOCKED_STATEMENTS = 7;

suite(title, () => {
  let h: Harness;
  let a: SignedUp;
  let f: ReturnType<typeof documentFixtures>;

  beforeAll(async () => {
    h = await createHarness();
    f = documentFixtures(h);
    a = await signUp(h, { businessName: 'Counting Traders', stateCode: '27' });
  }, 120_000);
  afterAll(() => h?.close());

  /** The text of every statement sent through pg while `run` runs. */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const sent: string[] = [];
    const proto = Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const query = proto.query;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const q = args[0] as string | { text?: string };
      sent.push((typeof q === 'string' ? q : (q?.text ?? '')).replace(/\s+/g, ' ').trim());
      return query.apply(this, args);
    };
    try {
      await run();
    } finally {
      proto.query = query;
    }
    return sent;
  }

  it(`sends at most ${LOCKED_STATEMENTS} statements from taking the invoice number to commit (3 lines at cost, paid in cash), and the sale is whole`, async () => {
    const items = [
      await f.item(a, { price: '499.00', rate: 'gst-18', stock: 100, purchasePrice: '350.00' }),
      await f.item(a, { price: '52.50', rate: 'gst-40', withTax: true, stock: 100, purchasePrice: '31.25' }),
      await f.item(a, { price: '120.00', rate: 'gst-5', stock: 100, purchasePrice: '80.40' }),
    ];
    const party = await f.party(a, { state: '29' });
    const body = {
      partyId: party.id,
      lines: [
        { itemId: items[0].id, quantity: 2 },
        { itemId: items[1].id, quantity: 1, discountPercent: 5 },
        { itemId: items[2].id, quantity: 3 },
      ],
      payment: { amount: 500, mode: 'CASH' },
    };
    await f.invoice(a, body);
    let invoice: Awaited<ReturnType<typeof f.invoice>> | undefined;
    const sent = await statementsOf(async () => {
      invoice = await f.invoice(a, body);
    });

    const from = sent.findIndex((s) => /^insert into "?document_series"? /i.test(s));
    const to = sent.indexOf('commit');
    expect(from).toBeGreaterThan(0);
    expect(to).toBeGreaterThan(from);
    const locked = sent.slice(from, to + 1).map((s) => s.slice(0, 120));
    if (locked.length > LOCKED_STATEMENTS) {
      throw new Error(`${locked.length} statements while the series is held (at most ${LOCKED_STATEMENTS}):\n${locked.join('\n')}`);
    }
    // The same sale as ever: numbered, paid in part, stock out, posted with its payment.
    expect(invoice).toMatchObject({ invoiceNumber: expect.stringMatching(/\/2$/), status: 'PARTIAL', received: '500.00', balance: '1106.00' });
    expect(invoice!.totals.grandTotal).toBe('1606.00');
    expect(invoice!.payments).toEqual([expect.objectContaining({ amount: '500.00', mode: 'CASH', reversed: false })]);
    expect(await f.stockOf(a, items[0].id)).toBe(96);
    expect(await f.stockOf(a, items[2].id)).toBe(94);
  }, 120_000);
});
