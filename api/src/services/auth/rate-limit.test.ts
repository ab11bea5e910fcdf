import { createHarness, newPhone, write, SETUP_TIMEOUT_MS, type Harness } from '../../test/harness';
import { clientAddressKey } from './rate-limit';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

describe('per-IP limit on the auth routes', () => {
  // Each test starts a fresh one-minute window (the harness's clock runs with real time): a test of a few requests
  // then has the whole minute before its window could roll over. instances.test.ts counts on a clock standing still.
  beforeEach(() => h.clock.advance(60_000 - (h.clock.now().getTime() % 60_000)));

  const login = (app: Harness['app'], remoteAddress = '203.0.113.7') =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: JSON.stringify({ mobileNumber: newPhone() }),
    });

  it('answers 429 past the configured number a minute, counted in the database across API instances', async () => {
    // Two instances of the API on one database, as behind a load balancer.
    const first = await h.variant({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const second = await h.variant({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    const codes = [await login(first), await login(second), await login(first), await login(second)].map((r) => r.statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await login(first);
    expect(res.json()).toEqual({ success: false, message: expect.stringMatching(/^Too many requests from your network\. Please try again in/) });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await login(second, '203.0.113.8')).statusCode).toBe(200);
  });

  it('counts every auth route together', async () => {
    const app = await h.variant({ AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    const address = '203.0.113.9';
    expect((await login(app, address)).statusCode).toBe(200);
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: address,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'A', businessName: 'B', mobileNumber: newPhone() }),
    });
    expect(signup.statusCode).toBe(200);
    expect((await login(app, address)).statusCode).toBe(429);
    // Signed-in routes are not limited by it.
    expect((await write(app, 'POST', '/api/auth/logout')).statusCode).toBe(200);
  });
});

describe('clientAddressKey', () => {
  it('counts IPv4 as it is and IPv6 by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });
});
