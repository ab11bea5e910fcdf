import { createHarness, get, newPhone, signUp, write, SETUP_TIMEOUT_MS, type Harness } from '../test/harness';
import { multipartBody } from '../test/multipart';

let h: Harness;
let cookie: string;
beforeAll(async () => {
  h = await createHarness({ ALLOWED_ORIGINS: 'http://localhost:3000' });
  ({ cookie } = await signUp(h));
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const branch = { name: 'Pune Camp', address: { street: '1 MG Road', city: 'Pune', stateCode: '27', pin: '411001' } };

describe('CSRF protection', () => {
  it('refuses a write without X-Requested-With', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/store-branch/create-branch',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(branch),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      success: false,
      message: 'This request was refused: it must carry the header X-Requested-With: XMLHttpRequest.',
    });
  });

  it('refuses a write from another website', async () => {
    const res = await write(h.app, 'POST', '/api/store-branch/create-branch', branch, {
      cookie,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Requests from other websites are not allowed.');
  });

  it('refuses a form-encoded or plain-text body', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/mixed']) {
      const res = await h.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': type },
        payload: `mobileNumber=${newPhone()}`,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().success).toBe(false);
    }
  });

  it('accepts its own origin, also behind a trusted proxy', async () => {
    const own = await write(h.app, 'POST', '/api/auth/login', { mobileNumber: newPhone() }, { headers: { origin: 'http://localhost:80', host: 'localhost:80' } });
    expect(own.statusCode).toBe(200);
    const proxied = await h.variant({ TRUST_PROXY: '1' });
    const res = await write(proxied, 'POST', '/api/auth/login', { mobileNumber: newPhone() }, {
      headers: { origin: 'https://bahi.example.in', host: '10.0.0.5:8080', 'x-forwarded-host': 'bahi.example.in' },
    });
    expect(res.statusCode).toBe(200);
    // Without trusting the proxy, the forwarded host is not believed.
    const direct = await write(h.app, 'POST', '/api/auth/login', { mobileNumber: newPhone() }, {
      headers: { origin: 'https://bahi.example.in', host: '10.0.0.5:8080', 'x-forwarded-host': 'bahi.example.in' },
    });
    expect(direct.statusCode).toBe(403);
  });

  it('lets an allowed dev origin call with credentials (CORS)', async () => {
    const preflight = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/store-branch/create-branch',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(preflight.headers['access-control-allow-credentials']).toBe('true');
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('X-Requested-With');

    const res = await write(h.app, 'POST', '/api/store-branch/create-branch', branch, {
      cookie,
      headers: { origin: 'http://localhost:3000' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3000');

    const foreign = await h.app.inject({
      method: 'OPTIONS',
      url: '/api/store-branch/create-branch',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('does not apply to reads', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });
});

/** Every way of spelling a path that a router or proxy may read as /api/...: none may skip the check. */
const SPELLINGS = [
  (p: string) => p,
  (p: string) => p.replace('/api/', '/%61pi/'),
  (p: string) => p.replace('/api/', '/%2561pi/'),
  (p: string) => p.replace('/api/', '/a%70i/'),
  (p: string) => `/${p}`,
  (p: string) => p.replace('/api/', '/api//'),
  (p: string) => p.replace('/api/', '/API/'),
  (p: string) => p.replace('/api/', '/Api/'),
  (p: string) => `${p}/`,
  (p: string) => `${p};x=1`,
  (p: string) => `${p}%3Bx`,
  (p: string) => `${p}?x=1`,
  (p: string) => `${p}#x`,
  (p: string) => p.replace('/api/', '/api/./'),
  (p: string) => p.replace('/api/', '/api/x/../'),
  (p: string) => p.replace('/api/', '/x/../api/'),
  (p: string) => p.replace('/api/', '/api/%2e/'),
  (p: string) => `${p}%00`,
  (p: string) => `${p}%20`,
];

describe('no spelling of a path skips the check', () => {
  const categories = async () =>
    ((await get(h.app, '/api/party/get-catagories', cookie)).json().data as { catagory: string }[]).map((c) => c.catagory);
  const parties = async () => ((await get(h.app, '/api/party/parties', cookie)).json().data as unknown[]).length;
  const sheet = () =>
    multipartBody([], [
      {
        field: 'file',
        filename: 'parties.csv',
        contentType: 'text/csv',
        bytes: Buffer.from('Party Name,Party Type\r\nCsrf Traders,CUSTOMER\r\n'),
      },
    ]);
  const attacks = [
    { what: 'no X-Requested-With', headers: {} as Record<string, string> },
    { what: 'a foreign Origin', headers: { 'x-requested-with': 'XMLHttpRequest', origin: 'https://evil.example' } },
    { what: 'Sec-Fetch-Site: cross-site', headers: { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'cross-site' } },
  ];

  it.each(attacks)('a JSON write with $what is refused under every spelling, and creates nothing', async ({ headers }) => {
    for (const spell of SPELLINGS) {
      const url = spell('/api/party/create-category');
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ catagory: `Csrf ${url}` }),
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      expect(res.json().success).toBe(false);
    }
    expect((await categories()).filter((c) => c.startsWith('Csrf'))).toEqual([]);
  });

  it.each(attacks)('a multipart upload with $what is refused under every spelling, and imports nothing', async ({ headers }) => {
    for (const spell of SPELLINGS) {
      const url = spell('/api/party/bulk-create');
      const body = await sheet();
      const res = await h.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': body.contentType, ...headers },
        payload: body.payload,
      });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
    }
    expect(await parties()).toBe(0);
  });

  it('lets the same requests through with the header from this origin (the attacks above would have worked)', async () => {
    const json = await write(h.app, 'POST', '/%61pi/party/create-category', { catagory: 'Csrf Control' }, { cookie, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(json.statusCode).toBe(201);
    const body = await sheet();
    const upload = await h.app.inject({
      method: 'POST',
      url: '/%61pi/party/bulk-create',
      headers: { cookie, 'content-type': body.contentType, 'x-requested-with': 'XMLHttpRequest', origin: 'http://localhost:80', host: 'localhost:80' },
      payload: body.payload,
    });
    expect(upload.statusCode).toBe(201);
    expect(await categories()).toContain('Csrf Control');
    expect(await parties()).toBe(1);
  });

  it('refuses every state-changing method, also on paths that lead nowhere', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/party/update-party/x', '/%61pi/no-such-thing', '/not-the-api']) {
        const res = await h.app.inject({ method, url, headers: { cookie, 'content-type': 'application/json' }, payload: '{}' });
        expect({ method, url, status: res.statusCode }).toEqual({ method, url, status: 403 });
      }
    }
  });

  it('answers an unknown path without echoing it', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/%61pi/<script>alert(1)</script>' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'No such API endpoint.' });
  });
});

