import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHarness, JSON_WRITE, signUp, write, type Harness } from './test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ BODY_LIMIT_BYTES: '2048' });
});
afterAll(() => h.close());

describe('the API', () => {
  it('answers health without a session', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('describes every route in OpenAPI 3, with tags and a summary', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const operations = Object.entries(doc.paths as Record<string, Record<string, { tags?: string[]; summary?: string }>>).flatMap(
      ([p, ops]) => Object.entries(ops).map(([m, op]) => ({ route: `${m.toUpperCase()} ${p}`, ...op })),
    );
    // Every route of the contract is documented; areas add more freely.
    expect(operations.map((o) => o.route)).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'POST /api/auth/signup',
        'POST /api/auth/verify-signup',
        'POST /api/auth/login',
        'POST /api/auth/verify-login',
        'POST /api/auth/resend-otp',
        'GET /api/auth/profile',
        'POST /api/auth/logout',
        'GET /api/store-branch/branches',
        'GET /api/store-branch/branch/{id}',
        'POST /api/store-branch/create-branch',
        'PUT /api/store-branch/update-branch/{id}',
        'POST /api/store-branch/set-active',
        'GET /api/shell/remotes',
        'GET /api/sale/sale-invoice/{id}/pdf',
        'GET /api/quotation/quotation-estimation-invoice/{id}/pdf',
        'GET /api/admin/remotes',
        'GET /api/admin/remotes/{name}/history',
        'POST /api/admin/remotes/{name}/publish',
        'POST /api/admin/remotes/{name}/rollback',
        'POST /api/admin/remotes/{name}/enable',
        'POST /api/admin/remotes/{name}/disable',
        'POST /api/admin/remotes/{name}/enable-for',
        'POST /api/admin/remotes/{name}/rollout',
        'POST /api/admin/remotes/{name}/allow-override',
        'POST /api/admin/remotes/{name}/override-origins',
        'POST /api/item/create',
        'PUT /api/item/update-item/{id}',
        'GET /api/item/items',
        'GET /api/item/get-item',
        'POST /api/item/create-item-category',
        'GET /api/item/get-item-catagories',
        'GET /api/item/taxes',
        'GET /api/item/units',
        'POST /api/item/bulk-create-items',
        'GET /api/item/bulk-create-items/template',
        'PUT /api/item/update-item-stock',
        'GET /api/item/item-stock',
        'GET /api/item/image/{name}',
        'POST /api/account/add-bank-account',
        'GET /api/account/bank-accounts',
        'GET /api/account/transactions',
        'PUT /api/account/update-account/{id}',
        'POST /api/account/deactivate/{id}',
        'POST /api/account/activate/{id}',
        'POST /api/account/delete-account/{id}',
        'POST /api/account/transfer',
        'POST /api/account/adjust',
        'POST /api/payment/payment-in',
        'POST /api/payment/payment-out',
        'GET /api/expense/categories',
        'POST /api/expense/create-category',
        'POST /api/expense/create-expense',
        'GET /api/expense/expenses',
        'GET /api/expense/expense/{id}',
        'POST /api/expense/cancel-expense/{id}',
        'POST /api/expense/attach-receipt/{id}',
        'GET /api/expense/receipt/{id}',
        'POST /api/purchase/create-purchase',
        'GET /api/purchase/purchase-invoices',
        'GET /api/purchase/purchase-invoice/{id}',
        'GET /api/purchase/purchase-invoice/{id}/attachment',
        'POST /api/purchase/record-payment/{id}',
        'POST /api/purchase/cancel-purchase/{id}',
        'POST /api/purchase/attach-bill/{id}',
        'POST /api/sale/create-sale',
        'GET /api/sale/sale-invoices',
        'GET /api/sale/sale-invoice/{id}',
        'POST /api/sale/record-payment/{id}',
        'POST /api/sale/cancel-sale/{id}',
        'GET /api/sale/next-invoice-number',
        'GET /api/sale/sale-invoice/{id}/einvoice',
        'POST /api/sale/einvoice-bulk',
        'POST /api/sale/sale-invoice/{id}/irn',
        'GET /api/sale/einvoice-settings',
        'PUT /api/sale/einvoice-settings',
        'GET /api/sale/einvoice-invoices',
        'POST /api/quotation/create-quotation',
        'GET /api/quotation/quotation-estimation-invoices',
        'GET /api/quotation/quotation-estimation-invoice/{id}',
        'POST /api/quotation/cancel-quotation/{id}',
        'POST /api/party/create',
        'GET /api/party/parties',
        'GET /api/party/get-party/{id}',
        'PUT /api/party/update-party/{id}',
        'POST /api/party/create-category',
        'GET /api/party/get-catagories',
        'GET /api/party/locations',
        'POST /api/party/bulk-create',
        'GET /api/party/bulk-create/template',
        'POST /api/purchase/create-purchase',
        'GET /api/purchase/purchase-invoices',
        'GET /api/purchase/purchase-invoice/{id}',
        'POST /api/purchase/record-payment/{id}',
        'POST /api/purchase/cancel-purchase/{id}',
        'GET /api/ready',
        'POST /api/automated-bill/create-schedule',
        'GET /api/automated-bill/schedules',
        'GET /api/automated-bill/schedule/{id}',
        'PUT /api/automated-bill/update-schedule/{id}',
        'POST /api/automated-bill/pause/{id}',
        'POST /api/automated-bill/resume/{id}',
        'POST /api/automated-bill/end/{id}',
        'POST /api/automated-bill/run-now/{id}',
      ]),
    );
    for (const op of operations) {
      expect(op.tags?.length).toBeGreaterThan(0);
      expect(op.summary).toBeTruthy();
    }
    const signup = doc.paths['/api/auth/signup'].post.requestBody.content['application/json'].schema;
    expect(signup.required).toEqual(expect.arrayContaining(['name', 'businessName', 'mobileNumber']));
  });

  it('serves a browsable documentation page', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'No such API endpoint.' });
  });

  it('answers bad bodies with 4xx, never 500', async () => {
    const send = (payload: string, headers: Record<string, string> = JSON_WRITE) =>
      h.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload });
    const broken = await send('{"mobileNumber":');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ success: false, message: 'The request body is not valid JSON.' });
    const notObject = await send('[1,2]');
    expect(notObject.statusCode).toBe(400);
    expect(notObject.json().message).toBe('The request body must be a JSON object.');
    const huge = await send(JSON.stringify({ mobileNumber: 'x'.repeat(5000) }));
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ success: false, message: 'The request is too large.' });
    const multipart = await send('--x\r\n\r\n--x--', { ...JSON_WRITE, 'content-type': 'multipart/form-data; boundary=x' });
    expect(multipart.statusCode).toBe(415);
    expect(multipart.json().success).toBe(false);
    const empty = await h.app.inject({ method: 'POST', url: '/api/auth/login', headers: JSON_WRITE });
    expect(empty.statusCode).toBe(400);
    const wrongTypes = await write(h.app, 'POST', '/api/auth/verify-login', { mobileNumber: 9876543210, otp: 123456 });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json().field).toBe('mobileNumber');
  });

  it('logs out cleanly even without a session', async () => {
    const res = await write(h.app, 'POST', '/api/auth/logout');
    expect(res.statusCode).toBe(200);
  });
});

const phoneField = (name: string) =>
  `<!doctype html><title>Bahi</title><div id="root" data-prerendered="/${name}"><form><input type="tel" autoComplete="tel-national"/></form></div>`;
const LOGIN_HTML = phoneField('login');
const SIGNUP_HTML = phoneField('signup');

describe('serving the built apps (SERVE_APPS)', () => {
  let root: string;
  let app: Harness['app'];
  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'bahi-static-'));
    const put = (rel: string, body: string | Buffer) => {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), body);
    };
    put('shell/dist/index.html', '<!doctype html><title>Bahi</title>');
    // The shell build's prerendered sign-in pages (shell/build/prerender-pages.ts), with their compressed twins.
    put('shell/dist/login.html', LOGIN_HTML);
    put('shell/dist/login.html.br', zlib.brotliCompressSync(LOGIN_HTML));
    put('shell/dist/signup.html', SIGNUP_HTML);
    put('shell/dist/main.1a2b3c4d.js', 'console.log(1)');
    put('mf-branches/dist/mf-manifest.json', '{"id":"mf_branches"}');
    put('mf-branches/dist/remoteEntry.js', 'var mf_branches;');
    put('mf-branches/dist/__federation_expose_routes.9f8e7d6c.js', 'export {}');
    put(
      'mf-branches/dist/bahi-remote.json',
      JSON.stringify({ name: 'mf_branches', folder: 'mf-branches', version: '0.1.0', title: 'Store branches', routes: ['/store-branch'], nav: [] }),
    );
    app = await h.variant({ SERVE_APPS: '1', APPS_ROOT: root });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('serves the shell at / and answers its index.html for client-side routes', async () => {
    for (const url of ['/', '/store-branch', '/store-branch/5b0e0f0a-1111-4222-8333-444455556666', '/parties?next=%2Flogin', '/login/extra']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('<!doctype html><title>Bahi</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.inject({ method: 'GET', url: '/main.1a2b3c4d.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/nope' })).json().success).toBe(false);
  });

  it('answers any spelling of an unknown API path with the JSON 404, never a file lookup', async () => {
    for (const url of ['/api/party//parties', '/api//health', '/API/nope', '/%61pi/nope', '/api/nope/']) {
      const res = await app.inject({ method: 'GET', url });
      expect([url, res.statusCode, res.json()]).toEqual([url, 404, { success: false, message: 'No such API endpoint.' }]);
    }
  });

  it('answers /login and /signup, with any query, with their prerendered HTML: the phone field before any script', async () => {
    const answers = [
      ['/login', LOGIN_HTML],
      ['/login?next=%2Fparties%3Fpage%3D2', LOGIN_HTML],
      ['/signup', SIGNUP_HTML],
      ['/signup?next=%2Fitems', SIGNUP_HTML],
    ] as const;
    for (const [url, html] of answers) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(html);
      expect(res.body).toContain('autoComplete="tel-national"');
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      // The same policy as every page: scripts only from this server, nothing inline.
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/);
      expect(res.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers['x-frame-options']).toBe('DENY');
    }
    // The build's brotli twin goes to a browser that accepts it, as for every other asset.
    const compressed = await app.inject({ method: 'GET', url: '/login?next=%2Fitems', headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(LOGIN_HTML);
    // Only a page request gets the page: a POST to it is not one.
    const post = await app.inject({ method: 'POST', url: '/login' });
    expect(post.statusCode).toBeGreaterThanOrEqual(400);
    expect(post.body).not.toContain('tel-national');
  });

  it('serves each remote under /remotes/<folder>/ with CORS and the right caching', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/remotes/mf-branches/mf-manifest.json' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['access-control-allow-origin']).toBe('*');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ method: 'GET', url: '/remotes/mf-branches/remoteEntry.js' })).headers['cache-control']).toBe('no-cache');
    const chunk = await app.inject({ method: 'GET', url: '/remotes/mf-branches/__federation_expose_routes.9f8e7d6c.js' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await app.inject({ method: 'GET', url: '/remotes/mf-branches/nope.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/remotes/mf-items/mf-manifest.json' })).statusCode).toBe(404);
  });

  it('registers the built remote so a signed-in shell gets it', async () => {
    const { cookie } = await signUp(h, {}, app);
    const res = await app.inject({ method: 'GET', url: '/api/shell/remotes', headers: { cookie } });
    expect(res.json().data.remotes).toEqual([
      expect.objectContaining({ name: 'mf_branches', manifestUrl: '/remotes/mf-branches/mf-manifest.json', version: '0.1.0' }),
    ]);
  });
});
