import { eq } from 'drizzle-orm';
import { otpChallenges, otpSends, rateLimitCounters, sessions } from '../../db/schema';
import { purgeExpiredAuthData } from './housekeeping';
import { buildApp } from '../../app';
import type { Listen } from '../../db/client';
import { TestBrowser, createHarness, get, newPhone, signUp, testConfig, SETUP_TIMEOUT_MS, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
const verify = (browser: TestBrowser, phone: string, otp: string, purpose: 'login' | 'signup' = 'login') =>
  browser.post(`/api/auth/verify-${purpose}`, { mobileNumber: phone, otp });
const askLogin = (browser: TestBrowser, phone: string) => browser.post('/api/auth/login', { mobileNumber: phone });
const resend = (browser: TestBrowser, phone: string, purpose: 'login' | 'signup' = 'login') =>
  browser.post('/api/auth/resend-otp', { mobileNumber: phone, purpose });

/** A new browser that has asked for a sign-up code for a new number. */
async function startSignup(phone = newPhone()) {
  const browser = new TestBrowser(h.app);
  const res = await browser.post('/api/auth/signup', { name: 'Meena', businessName: 'Meena Stores', mobileNumber: phone });
  expect(res.statusCode).toBe(200);
  return { phone, browser };
}

/** A registered number and a new browser that has asked for a login code for it. */
async function startLogin() {
  const { phone } = await signUp(h);
  const browser = new TestBrowser(h.app);
  expect((await askLogin(browser, phone)).statusCode).toBe(200);
  return { phone, browser, code: h.otp.lastCode(phone)! };
}

describe('OTP', () => {
  it('is six digits, different each time, and stored only as a hash', async () => {
    const { phone, browser } = await startSignup();
    const first = h.otp.lastCode(phone)!;
    await resend(browser, phone, 'signup');
    const second = h.otp.lastCode(phone)!;
    expect(first).toMatch(/^[0-9]{6}$/);
    expect(second).toMatch(/^[0-9]{6}$/);
    const rows = await h.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(JSON.stringify(row)).not.toContain(first);
      expect(JSON.stringify(row)).not.toContain(second);
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('expires after five minutes', async () => {
    const { phone, browser } = await startSignup();
    h.clock.advance(5 * 60_000 + 1000);
    const res = await verify(browser, phone, h.otp.lastCode(phone)!, 'signup');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'This OTP has expired. Request a new one.', field: 'otp' });
  });

  it('works just before it expires', async () => {
    const { phone, browser } = await startSignup();
    h.clock.advance(5 * 60_000 - 2000);
    expect((await verify(browser, phone, h.otp.lastCode(phone)!, 'signup')).statusCode).toBe(200);
  });

  it('can be used only once', async () => {
    const { phone, browser, code } = await startLogin();
    expect((await verify(browser, phone, code)).statusCode).toBe(200);
    const again = await verify(browser, phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This OTP has already been used. Request a new one.');
  });

  it('counts wrong codes down and ends the challenge at the fifth', async () => {
    const { phone, browser, code } = await startLogin();
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await verify(browser, phone, wrongCode(code));
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Incorrect OTP. 4 attempts left.',
      'Incorrect OTP. 3 attempts left.',
      'Incorrect OTP. 2 attempts left.',
      'Incorrect OTP. 1 attempt left.',
    ]);
    const fifth = await verify(browser, phone, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Too many wrong codes. Request a new OTP.');
    // Even the right code no longer works; a new OTP does.
    const right = await verify(browser, phone, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong codes. Request a new OTP.');
    await resend(browser, phone);
    expect((await verify(browser, phone, h.otp.lastCode(phone)!)).statusCode).toBe(200);
  });

  it("is replaced by this browser's resend: the old code stops working", async () => {
    const { phone, browser } = await startSignup();
    const old = h.otp.lastCode(phone)!;
    let fresh = old;
    // One in a million resends draws the same six digits; ask again until the codes differ.
    while (fresh === old) {
      expect((await resend(browser, phone, 'signup')).statusCode).toBe(200);
      fresh = h.otp.lastCode(phone)!;
    }
    const withOld = await verify(browser, phone, old, 'signup');
    expect(withOld.statusCode).toBe(400);
    expect(withOld.json().message).toMatch(/^Incorrect OTP/);
    const withNew = await verify(browser, phone, fresh, 'signup');
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json().data.user.business.name).toBe('Meena Stores');
  });

  it("works only in the browser that asked for it, so a stranger's requests and guesses never end the owner's code", async () => {
    const { phone, browser: owner, code } = await startLogin();
    const stranger = new TestBrowser(h.app);
    // The stranger asks for codes again and again, and guesses until their own challenge ends.
    for (let i = 0; i < 3; i++) expect((await askLogin(stranger, phone)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) await verify(stranger, phone, wrongCode(code));
    // The right code from another browser is refused as if nothing had been asked there.
    const elsewhere = await verify(new TestBrowser(h.app), phone, code);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe('No OTP was requested for this number. Request one first.');
    const res = await verify(owner, phone, code);
    expect(res.statusCode).toBe(200);
  });

  it('answers a sign-up resend nobody asked for like any other, and sends nothing', async () => {
    const phone = newPhone();
    const res = await resend(new TestBrowser(h.app), phone, 'signup');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/^OTP sent to/);
    expect(h.otp.countFor(phone)).toBe(0);
  });

  it('makes no resend wait where none is set, even after a send stamped by a clock running ahead of this one', async () => {
    const { phone, browser } = await startSignup();
    h.clock.advance(-1000);
    try {
      expect((await resend(browser, phone, 'signup')).statusCode).toBe(200);
    } finally {
      h.clock.advance(1000);
    }
  });

  it('refuses a code for a number that never asked for one', async () => {
    const res = await verify(new TestBrowser(h.app), newPhone(), '123456', 'signup');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No OTP was requested for this number. Request one first.');
  });
});

describe('OTP sending limits', () => {
  let limited: Harness['app'];
  beforeAll(async () => {
    limited = await h.variant({
      OTP_RESEND_INTERVAL_SECONDS: '30',
      OTP_MAX_SENDS_PER_HOUR: '5',
      OTP_MAX_SENDS_PER_PHONE: '10',
      OTP_PHONE_WINDOW_MINUTES: '10',
      OTP_MAX_SENDS_PER_ADDRESS_PER_HOUR: '30',
    });
  });
  let addresses = 0;
  /** A browser on an address no other test uses. */
  const browserAt = () => {
    addresses += 1;
    return new TestBrowser(limited, {}, `198.51.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`);
  };
  const registered = async () => (await signUp(h)).phone;

  it('allows a resend only after 30 seconds', async () => {
    const phone = await registered();
    const browser = browserAt();
    expect((await askLogin(browser, phone)).json().data.resendAfterSeconds).toBe(30);
    h.clock.advance(10_000);
    const early = await resend(browser, phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ success: false, message: 'Please wait 20 seconds before requesting another OTP.' });
    expect(early.headers['retry-after']).toBe('20');
    h.clock.advance(20_000);
    expect((await resend(browser, phone)).statusCode).toBe(200);
  });

  it('never asks for more than the 30 seconds, even after a send stamped by a clock running ahead of this one', async () => {
    const phone = await registered();
    const browser = browserAt();
    expect((await askLogin(browser, phone)).statusCode).toBe(200);
    // Another instance's clock 2 seconds ahead stamped that send: from here it lies in the future.
    h.clock.advance(-2000);
    const early = await resend(browser, phone);
    expect(early.statusCode).toBe(429);
    expect(early.json().message).toBe('Please wait 30 seconds before requesting another OTP.');
    h.clock.advance(2000 + 30_000);
    expect((await resend(browser, phone)).statusCode).toBe(200);
  });

  it('sends at most five OTPs per number per hour to one address', async () => {
    const phone = await registered();
    const browser = browserAt();
    for (let i = 0; i < 5; i++) {
      expect((await (i === 0 ? askLogin(browser, phone) : resend(browser, phone))).statusCode).toBe(200);
      h.clock.advance(31_000);
    }
    const sixth = await resend(browser, phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many OTPs requested for this number. Try again in 58 minutes.');
    h.clock.advance(58 * 60_000);
    expect((await resend(browser, phone)).statusCode).toBe(200);
  });

  it("does not hold the owner up for a stranger's requests from another address", async () => {
    const phone = await registered();
    const stranger = browserAt();
    for (let i = 0; i < 5; i++) {
      expect((await askLogin(stranger, phone)).statusCode).toBe(200);
      h.clock.advance(31_000);
    }
    expect((await askLogin(stranger, phone)).statusCode).toBe(429);
    const owner = browserAt();
    expect((await askLogin(owner, phone)).statusCode).toBe(200);
    expect((await verify(owner, phone, h.otp.lastCode(phone)!)).statusCode).toBe(200);
  });

  it('caps the codes one number is sent from every address together, for ten minutes only', async () => {
    // The sign-up code was the first of the ten.
    const phone = await registered();
    for (let i = 0; i < 9; i++) expect((await askLogin(browserAt(), phone)).statusCode).toBe(200);
    const owner = browserAt();
    const capped = await askLogin(owner, phone);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().message).toBe('Too many OTPs requested for this number. Try again in 10 minutes.');
    expect(h.otp.countFor(phone)).toBe(10);
    h.clock.advance(10 * 60_000);
    expect((await askLogin(owner, phone)).statusCode).toBe(200);
  });

  it('caps the codes one address has sent to every number together', async () => {
    const browser = browserAt();
    for (let i = 0; i < 30; i++) expect((await askLogin(browser, newPhone())).statusCode).toBe(200);
    const res = await askLogin(browser, newPhone());
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Too many OTPs requested from your network. Try again in 60 minutes.');
    expect((await askLogin(browserAt(), newPhone())).statusCode).toBe(200);
  });

  it('limits an unknown number exactly like a registered one, whether it signs up or logs in', async () => {
    const known = await registered();
    const unknown = newPhone();
    const tries = async (phone: string) => {
      const browser = browserAt();
      const signup = await browser.post('/api/auth/signup', { name: 'A', businessName: 'B', mobileNumber: phone });
      const login = await askLogin(browser, phone);
      return { signup: signup.statusCode, login: login.statusCode, body: login.json() };
    };
    const a = await tries(known);
    const b = await tries(unknown);
    expect(a).toEqual({ signup: 200, login: 429, body: expect.objectContaining({ message: expect.stringMatching(/^Please wait/) }) });
    expect(b).toEqual(a);
  });
});

describe('sessions time out', () => {
  it('after the idle time without requests', async () => {
    const app = await h.variant({ SESSION_IDLE_MINUTES: '30' });
    const { cookie } = await signUp(h, {}, app);
    h.clock.advance(20 * 60_000);
    expect((await get(app, '/api/auth/profile', cookie)).statusCode).toBe(200);
    // Activity moved the idle deadline.
    h.clock.advance(20 * 60_000);
    expect((await get(app, '/api/auth/profile', cookie)).statusCode).toBe(200);
    h.clock.advance(31 * 60_000);
    const res = await get(app, '/api/auth/profile', cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has ended. Please log in again.');
  });

  it('after the absolute lifetime even when in use', async () => {
    const app = await h.variant({ SESSION_IDLE_MINUTES: '1440', SESSION_ABSOLUTE_DAYS: '2' });
    const { cookie } = await signUp(h, {}, app);
    for (let i = 0; i < 3; i++) {
      h.clock.advance(15 * 3600_000);
      expect((await get(app, '/api/auth/profile', cookie)).statusCode).toBe(200);
    }
    h.clock.advance(4 * 3600_000);
    expect((await get(app, '/api/auth/profile', cookie)).statusCode).toBe(401);
  });

  it('by the last request, also while the change feed has not yet told the read cache of it', async () => {
    // PostgreSQL delivers a commit's notification a moment after the commit; this app hears none at all, so its
    // read cache holds the session exactly as it would in that moment.
    const deaf: Listen = (channel, _onNotify, onState) => h.database.listen(channel, () => undefined, onState);
    const config = testConfig({ SESSION_IDLE_MINUTES: '30' });
    const app = await buildApp({ config, db: h.database.db, listen: deaf, clock: h.clock.now, otpSender: h.otp, logger: false });
    try {
      await app.ready();
      const { cookie } = await signUp(h, {}, app);
      for (let i = 0; i < 3; i++) {
        h.clock.advance(20 * 60_000);
        expect((await get(app, '/api/auth/profile', cookie)).statusCode).toBe(200);
      }
      expect(app.readCache.stats.sessions).toBe(1);
      h.clock.advance(31 * 60_000);
      expect((await get(app, '/api/auth/profile', cookie)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes sends past every window, day-old challenges, timed-out sessions and old counters, and nothing current', async () => {
    const { phone, cookie } = await signUp(h);
    await h.database.db.insert(rateLimitCounters).values({ key: `test:${phone}`, windowStart: h.clock.now(), count: 1 });
    const count = async () => ({
      sends: (await h.database.db.select().from(otpSends).where(eq(otpSends.phone, phone))).length,
      challenges: (await h.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone))).length,
      sessions: (await h.database.db.select().from(sessions)).length,
      counters: (await h.database.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, `test:${phone}`))).length,
    });
    await purgeExpiredAuthData(h.database.db, h.clock.now(), h.config);
    const before = await count();
    expect(before).toMatchObject({ sends: 1, challenges: 1, counters: 1 });
    expect((await get(h.app, '/api/auth/profile', cookie)).statusCode).toBe(200);

    h.clock.advance(2 * 86_400_000);
    await purgeExpiredAuthData(h.database.db, h.clock.now(), h.config);
    expect(await count()).toEqual({ sends: 0, challenges: 0, sessions: 0, counters: 0 });
  });
});
