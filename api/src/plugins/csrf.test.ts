import { createHarness, newPhone, signUp, write, type Harness } from '../test/harness';

let h: Harness;
let cookie: string;
beforeAll(async () => {
  h = await createHarness({ ALLOWED_ORIGINS: 'http://localhost:3000' });
  ({ cookie } = await signUp(h));
});
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
    const proxied = await h.variant({ TRUST_PROXY: 'true' });
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

describe('per-IP limit on the auth routes', () => {
  it('answers 429 past the configured number of requests a minute', async () => {
    const app = await h.variant({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await write(app, 'POST', '/api/auth/login', { mobileNumber: newPhone() })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await write(app, 'POST', '/api/auth/login', { mobileNumber: newPhone() });
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests from your network\. Please try again in/) });
  });
});
