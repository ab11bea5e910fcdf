import { ALL_BRANCHES_NEEDED } from '../plugins/scope';
import { SESSION_COOKIE, ROLES, type Role } from '@bahi/shared/contracts';
import { SEE_COST, can, forbiddenMessage } from '@bahi/shared/permissions';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { selectRows } from '../db/rows';
import { registerPermissions } from '../plugins/permissions';
import { stripCost } from '../plugins/cost';
import { ROUTE_PERMISSIONS, isPublicRoute, permissionFor } from '../permissions/routes';
import { createSession } from '../services/auth/sessions';
import { remoteRegistry } from '../db/schema';
import { documentFixtures } from '../test/documents';
import { SETUP_TIMEOUT_MS, createHarness, get, newPhone, write, type Harness, type SignedUp, signUp } from '../test/harness';

/**
 * The permission matrix, enforced: every route of the API's description for every role (403 exactly when the role
 * lacks the route's permission), a user limited to some branches, a user who sees only their own documents, and
 * cost and margin absent from the answers of a role that may not see them.
 */
let h: Harness;
let owner: SignedUp;
let f: ReturnType<typeof documentFixtures>;
const users: Record<Role, SignedUp> = {} as Record<Role, SignedUp>;

/** A user of the owner's business with a role (and, if given, only these branches), signed in. */
async function staff(role: Role, name: string, branchIds?: string[]): Promise<SignedUp> {
  const businessId = owner.profile.user.business.id;
  const mobile = newPhone();
  const allBranches = branchIds === undefined;
  const [row] = await selectRows<{ id: string }>(
    h.database.db,
    sql`insert into users (business_id, name, mobile, role, all_branches) values (${businessId}, ${name}, ${mobile}, ${role}, ${allBranches}) returning id`,
  );
  for (const branchId of branchIds ?? []) {
    await h.database.db.execute(sql`insert into user_branches (business_id, user_id, branch_id) values (${businessId}, ${row.id}, ${branchId})`);
  }
  const token = await createSession(
    h.database.db,
    { userId: row.id, businessId, activeBranchId: owner.profile.activeStoreBranch!.id },
    h.clock.now(),
    h.config.session,
  );
  return { phone: mobile, cookie: `${SESSION_COOKIE}=${token}`, profile: { ...owner.profile, user: { ...owner.profile.user, id: row.id, role } } };
}

beforeAll(async () => {
  h = await createHarness();
  owner = await signUp(h, { businessName: 'Matrix Traders', stateCode: '27' });
  f = documentFixtures(h);
  users.OWNER = owner;
  for (const role of ROLES.filter((r) => r !== 'OWNER')) users[role] = await staff(role, `${role} user`);
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const ANY_ID = '00000000-0000-4000-8000-000000000000';

describe('every route against the matrix', () => {
  it('refuses to start with a signed-in route that declares no permission', async () => {
    const app = Fastify();
    registerPermissions(app);
    expect(() => app.get('/api/party/secret-list', async () => ({}))).toThrow(/declares no permission/);
    await app.close();
  });

  it('answers 403 naming the permission exactly when the role lacks it, for every route of /api/openapi.json', async () => {
    const spec = (await get(h.app, '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(spec.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => ({ method: m.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') })),
    );
    expect(routes.length).toBeGreaterThan(100);
    const undeclared = routes.filter((r) => !isPublicRoute(r.method, r.url) && !(`${r.method} ${r.url}` in ROUTE_PERMISSIONS));
    expect(undeclared).toEqual([]);

    const wrong: string[] = [];
    for (const { method, url } of routes) {
      const rule = ROUTE_PERMISSIONS[`${method} ${url}`];
      // Public routes (sign-in, logout, health, admin) have no role to check.
      if (!rule) continue;
      const permission = permissionFor(rule, {});
      const path = url.replace(/:\w+/g, ANY_ID);
      for (const role of ROLES) {
        const cookie = users[role].cookie;
        const res =
          method === 'GET'
            ? await get(h.app, path, cookie)
            : await h.app.inject({ method: method as 'POST', url: path, headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' }, payload: '{}' });
        const allowed = permission === null || can(role, permission);
        if (allowed && res.statusCode === 403) wrong.push(`${role} ${method} ${url}: refused (${res.body})`);
        if (!allowed) {
          if (res.statusCode !== 403) wrong.push(`${role} ${method} ${url}: answered ${res.statusCode}, not 403`);
          else if (res.json().message !== forbiddenMessage(permission!) || res.json().success !== false) wrong.push(`${role} ${method} ${url}: ${res.body}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 600_000);

  it('asks for the export permission when a report is asked for as a file', async () => {
    const res = await get(h.app, '/api/report/day-book?format=xlsx', users.BILLER.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: 'You do not have permission: reports.export' });
  });

  it('lets a biller list payments in but not payments out', async () => {
    expect((await get(h.app, '/api/payment/payments?direction=IN', users.BILLER.cookie)).statusCode).toBe(200);
    const out = await get(h.app, '/api/payment/payments?direction=OUT', users.BILLER.cookie);
    expect(out.statusCode).toBe(403);
    expect(out.json().message).toBe('You do not have permission: payments-out.view');
  });

  it('does not let a stock keeper pay a purchase bill', async () => {
    const res = await write(h.app, 'POST', `/api/purchase/record-payment/${ANY_ID}`, { amount: '10.00' }, { cookie: users.STOCK_KEEPER.cookie });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission: payments-out.create');
  });
});

describe('cost and margin', () => {
  it('are absent from the items a biller reads, present for the owner', async () => {
    const soap = await f.item(owner, { name: 'Costed soap', price: '50', purchasePrice: '31.40', stock: 3 });
    const mine = (await get(h.app, '/api/item/items?pageSize=100', owner.cookie)).json().data.find((i: { id: string }) => i.id === soap.id);
    expect(mine.purchasePrice).toBe('31.40');

    const list = await get(h.app, '/api/item/items?pageSize=100', users.BILLER.cookie);
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((i: { id: string }) => i.id === soap.id);
    expect(row.salePrice).toBe('50.00');
    expect(row).not.toHaveProperty('purchasePrice');
    expect(row).not.toHaveProperty('lastPurchasePrice');
    expect(list.body).not.toContain('31.40');

    const one = await get(h.app, `/api/item/get-item?id=${soap.id}&itemType=PRODUCT`, users.BILLER.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).not.toHaveProperty('purchasePrice');
    expect(one.body).not.toContain('31.40');
    // The owner's next read is whole: stripping a biller's answer leaves nothing behind.
    expect((await get(h.app, `/api/item/get-item?id=${soap.id}&itemType=PRODUCT`, owner.cookie)).json().data.purchasePrice).toBe('31.40');
  });

  it('are refused to a biller in the reports (stock summary, item profit, profit and loss)', async () => {
    for (const url of ['/api/report/stock-summary', '/api/report/item-profit', '/api/report/summary', '/api/report/profit-loss']) {
      const res = await get(h.app, url, users.BILLER.cookie);
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.body).not.toMatch(/unitCost|profit"|stockValue/);
    }
  });

  it('are taken out of the stock summary, item profit and summary answers of a role without them', async () => {
    expect(can('BILLER', SEE_COST)).toBe(false);
    const summary = (await get(h.app, '/api/report/stock-summary', owner.cookie)).json();
    expect(summary.data.rows[0]).toHaveProperty('unitCost');
    const stripped = stripCost('GET /api/report/stock-summary', summary) as typeof summary;
    expect(stripped.data.rows.length).toBe(summary.data.rows.length);
    for (const row of stripped.data.rows) {
      expect(row).not.toHaveProperty('unitCost');
      expect(row).not.toHaveProperty('value');
      expect(row).toHaveProperty('quantity');
    }
    expect(stripped.data.totals).not.toHaveProperty('value');
    expect(stripped.data.branches[0]).not.toHaveProperty('value');
    // The original answer is untouched.
    expect(summary.data.rows[0]).toHaveProperty('unitCost');

    const profit = (await get(h.app, '/api/report/item-profit', owner.cookie)).json();
    const strippedProfit = stripCost('GET /api/report/item-profit', profit) as typeof profit;
    expect(strippedProfit.data.totals).toEqual({ saleValue: profit.data.totals.saleValue });

    const overview = (await get(h.app, '/api/report/summary', owner.cookie)).json();
    expect(overview.data).toHaveProperty('stockValue');
    expect(stripCost('GET /api/report/summary', overview)).not.toHaveProperty('data.stockValue');
  });
});

describe('own documents only', () => {
  it('lists to a biller only the invoices, quotations and payments they made, and answers 404 for another user’s', async () => {
    const pen = await f.item(owner, { name: 'Pen for billers', price: '20', stock: 50 });
    const other = await staff('BILLER', 'Second biller');
    const customer = await f.party(owner, { name: 'Biller customer', state: '27' });

    const mine = await f.invoice(users.BILLER, { partyId: customer.id, lines: [{ itemId: pen.id, quantity: 1 }] });
    const theirs = await f.invoice(other, { partyId: customer.id, lines: [{ itemId: pen.id, quantity: 2 }] });
    const owners = await f.invoice(owner, { partyId: customer.id, lines: [{ itemId: pen.id, quantity: 3 }] });

    const ids = async (who: SignedUp, url: string) => ((await get(h.app, url, who.cookie)).json().data as Array<{ id: string }>).map((d) => d.id);
    const listed = await ids(users.BILLER, '/api/sale/sale-invoices?pageSize=100');
    expect(listed).toContain(mine.id);
    expect(listed).not.toContain(theirs.id);
    expect(listed).not.toContain(owners.id);
    // Asking for another user's documents by filter changes nothing.
    expect(await ids(users.BILLER, `/api/sale/sale-invoices?pageSize=100&createdBy=${owner.profile.user.id}`)).toEqual(listed);
    // The owner (and anyone who may see others' documents) sees all three.
    expect(await ids(owner, '/api/sale/sale-invoices?pageSize=100')).toEqual(expect.arrayContaining([mine.id, theirs.id, owners.id]));

    expect((await get(h.app, `/api/sale/sale-invoice/${mine.id}`, users.BILLER.cookie)).statusCode).toBe(200);
    const foreign = await get(h.app, `/api/sale/sale-invoice/${owners.id}`, users.BILLER.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ success: false, message: 'Invoice not found' });
    expect((await get(h.app, `/api/sale/sale-invoice/${owners.id}/pdf`, users.BILLER.cookie)).statusCode).toBe(404);
    expect((await write(h.app, 'POST', `/api/sale/record-payment/${owners.id}`, { amount: '1.00', mode: 'CASH' }, { cookie: users.BILLER.cookie })).statusCode).toBe(404);

    const myQuote = await f.quotation(users.BILLER, { partyId: customer.id, lines: [{ itemId: pen.id, quantity: 1 }] });
    const ownerQuote = await f.quotation(owner, { partyId: customer.id, lines: [{ itemId: pen.id, quantity: 1 }] });
    const quotes = await ids(users.BILLER, '/api/quotation/quotation-estimation-invoices?pageSize=100');
    expect(quotes).toContain(myQuote.id);
    expect(quotes).not.toContain(ownerQuote.id);
    expect((await get(h.app, `/api/quotation/quotation-estimation-invoice/${ownerQuote.id}`, users.BILLER.cookie)).statusCode).toBe(404);

    const payIn = (who: SignedUp, amount: string) => write(h.app, 'POST', '/api/payment/payment-in', { partyId: customer.id, amount, mode: 'CASH' }, { cookie: who.cookie });
    const myPayment = await payIn(users.BILLER, '5.00');
    expect(myPayment.statusCode).toBe(201);
    expect((await payIn(owner, '7.00')).statusCode).toBe(201);
    const payments = (await get(h.app, '/api/payment/payments?direction=IN&pageSize=100', users.BILLER.cookie)).json().data as Array<{ amount: string }>;
    expect(payments.map((p) => p.amount)).toContain('5.00');
    expect(payments.map((p) => p.amount)).not.toContain('7.00');
  });
});

describe('branch restriction', () => {
  it('shows and writes only the user’s branches; another branch’s id answers 404', async () => {
    const main = owner.profile.activeStoreBranch!;
    const pune = await f.branch(owner, 'Pune');
    const pen = await f.item(owner, { name: 'Branch fitting', type: 'SERVICE', price: '10' });
    const puneSale = await f.invoice(owner, { branchId: pune.id, lines: [{ itemId: pen.id, quantity: 1 }] });
    const mainSale = await f.invoice(owner, { branchId: main.id, lines: [{ itemId: pen.id, quantity: 1 }] });
    const clerk = await staff('ACCOUNTANT', 'Main branch accountant', [main.id]);

    const branches = (await get(h.app, '/api/store-branch/branches', clerk.cookie)).json().data as Array<{ id: string }>;
    expect(branches.map((b) => b.id)).toEqual([main.id]);
    expect((await get(h.app, `/api/store-branch/branch/${pune.id}`, clerk.cookie)).statusCode).toBe(404);
    expect((await write(h.app, 'POST', '/api/store-branch/set-active', { branchId: pune.id }, { cookie: clerk.cookie })).statusCode).toBe(404);

    const other = await get(h.app, `/api/sale/sale-invoice/${puneSale.id}`, clerk.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ success: false, message: 'Invoice not found' });
    expect((await get(h.app, `/api/sale/sale-invoice/${mainSale.id}`, clerk.cookie)).statusCode).toBe(200);
    expect((await write(h.app, 'POST', `/api/sale/cancel-sale/${puneSale.id}`, { reason: 'Not mine' }, { cookie: clerk.cookie })).statusCode).toBe(404);

    const listed = (await get(h.app, '/api/sale/sale-invoices?pageSize=100', clerk.cookie)).json().data as Array<{ id: string }>;
    expect(listed.map((s) => s.id)).toContain(mainSale.id);
    expect(listed.map((s) => s.id)).not.toContain(puneSale.id);
    const filtered = await get(h.app, `/api/sale/sale-invoices?branchId=${pune.id}`, clerk.cookie);
    expect(filtered.statusCode).toBe(404);

    const write404 = await f.sale(clerk, { branchId: pune.id, lines: [{ itemId: pen.id, quantity: 1 }] });
    expect(write404.statusCode).toBe(404);
    expect(write404.json().message).toBe('Branch not found');
    expect((await f.sale(clerk, { lines: [{ itemId: pen.id, quantity: 1 }] })).json().data.branch.id).toBe(main.id);

    const report = await get(h.app, `/api/report/day-book?branchId=${pune.id}`, clerk.cookie);
    expect(report.statusCode).toBe(404);

    // Figures of the whole business would show Pune's trade: refused, whatever the filter.
    for (const path of ['/api/report/summary', '/api/report/home', '/api/report/balance-sheet', `/api/report/ledger?partyId=${puneSale.id}`, '/api/report/gstr3b?period=2026-11']) {
      const wide = await get(h.app, path, clerk.cookie);
      expect([path, wide.statusCode, wide.json().message]).toEqual([path, 403, ALL_BRANCHES_NEEDED]);
    }
    // A report with a branch filter is narrowed to theirs; the owner still reads the whole business.
    expect((await get(h.app, '/api/report/day-book', clerk.cookie)).statusCode).toBe(200);
    expect((await get(h.app, '/api/report/summary', owner.cookie)).statusCode).toBe(200);
  });
});

describe("the shell's areas", () => {
  it('hands a role only the routes and sidebar entries it may open, and names the others', async () => {
    // Local remotes are synced from built folders, which a test does not have: the two areas are written here.
    await h.database.db
      .insert(remoteRegistry)
      .values([
        {
          name: 'zz_purchases',
          folder: 'mf-purchases',
          manifestUrl: '/remotes/mf-purchases/mf-manifest.json',
          version: '1.0.0',
          title: 'Purchases',
          routes: ['purchases/*', 'purchase/create-invoice', 'expenses'],
          nav: [
            { path: '/purchases', label: 'Purchases', icon: 'ShoppingCartOutlined', order: 40 },
            { path: '/expenses', label: 'Expenses', icon: 'WalletOutlined', order: 50 },
          ],
        },
        {
          name: 'zz_sales',
          folder: 'mf-sales',
          manifestUrl: '/remotes/mf-sales/mf-manifest.json',
          version: '1.0.0',
          title: 'Sales',
          routes: ['sales/*', 'sales/create-invoice', 'e-invoicing'],
          nav: [
            { path: '/sales', label: 'Sales', icon: 'FileTextOutlined', order: 30 },
            { path: '/e-invoicing', label: 'E-invoicing', icon: 'CloudUploadOutlined', order: 80 },
          ],
        },
      ])
      .onConflictDoNothing();
    const areas = async (who: SignedUp) => (await get(h.app, '/api/shell/remotes', who.cookie)).json().data;

    const biller = await areas(users.BILLER);
    expect(biller.remotes.map((r: { name: string }) => r.name)).not.toContain('zz_purchases');
    const sales = biller.remotes.find((r: { name: string }) => r.name === 'zz_sales');
    expect(sales.routes).toEqual(['sales/*', 'sales/create-invoice']);
    expect(sales.nav.map((n: { path: string }) => n.path)).toEqual(['/sales']);
    expect(biller.forbidden).toEqual(
      expect.arrayContaining([
        { name: 'zz_purchases', title: 'Purchases', routes: ['purchases/*', 'purchase/create-invoice', 'expenses'] },
        { name: 'zz_sales', title: 'Sales', routes: ['e-invoicing'] },
      ]),
    );

    const keeper = await areas(users.STOCK_KEEPER);
    const purchases = keeper.remotes.find((r: { name: string }) => r.name === 'zz_purchases');
    expect(purchases.routes).toEqual(['purchases/*', 'purchase/create-invoice']);
    expect(purchases.nav.map((n: { path: string }) => n.path)).toEqual(['/purchases']);

    const all = await areas(owner);
    expect(all.forbidden).toEqual([]);
    expect(all.remotes.find((r: { name: string }) => r.name === 'zz_sales').routes).toEqual(['sales/*', 'sales/create-invoice', 'e-invoicing']);
  });
});
