import { eq } from 'drizzle-orm';
import { otpChallenges, otpSends, sessions } from '../../db/schema';
import { purgeExpiredAuthData } from './housekeeping';
import { createHarness, get, newPhone, signUp, write, type Harness } from '../../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const verify = (phone: string, otp: string, purpose: 'login' | 'signup' = 'login', app = h.app) =>
  write(app, 'POST', `/api/auth/verify-${purpose}`, { mobileNumber: phone, otp });
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

async function startSignup(phone = newPhone()) {
  const res = await write(h.app, 'POST', '/api/auth/signup', { name: 'Meena', businessName: 'Meena Stores', mobileNumber: phone });
  expect(res.statusCode).toBe(200);
  return phone;
}

describe('OTP', () => {
  it('is six digits, different each time, and stored only as a hash', async () => {
    const phone = await startSignup();
    const first = h.otp.lastCode(phone)!;
    await write(h.app, 'POST', '/api/auth/resend-otp', { mobileNumber: phone, purpose: 'signup' });
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
    const phone = await startSignup();
    h.clock.advance(5 * 60_000 + 1000);
    const res = await verify(phone, h.otp.lastCode(phone)!, 'signup');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'This OTP has expired. Request a new one.', field: 'otp' });
  });

  it('works just before it expires', async () => {
    const phone = await startSignup();
    h.clock.advance(5 * 60_000 - 2000);
    expect((await verify(phone, h.otp.lastCode(phone)!, 'signup')).statusCode).toBe(200);
  });

  it('can be used only once', async () => {
    const { phone } = await signUp(h);
    await write(h.app, 'POST', '/api/auth/login', { mobileNumber: phone });
    const code = h.otp.lastCode(phone)!;
    expect((await verify(phone, code)).statusCode).toBe(200);
    const again = await verify(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This OTP has already been used. Request a new one.');
  });

  it('counts wrong codes down and ends the challenge at the fifth', async () => {
    const { phone } = await signUp(h);
    await write(h.app, 'POST', '/api/auth/login', { mobileNumber: phone });
    const code = h.otp.lastCode(phone)!;
    const messages: string[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await verify(phone, wrongCode(code));
      expect(res.statusCode).toBe(400);
      messages.push(res.json().message);
    }
    expect(messages).toEqual([
      'Incorrect OTP. 4 attempts left.',
      'Incorrect OTP. 3 attempts left.',
      'Incorrect OTP. 2 attempts left.',
      'Incorrect OTP. 1 attempt left.',
    ]);
    const fifth = await verify(phone, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('Too many wrong codes. Request a new OTP.');
    // Even the right code no longer works; a new OTP does.
    const right = await verify(phone, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong codes. Request a new OTP.');
    await write(h.app, 'POST', '/api/auth/resend-otp', { mobileNumber: phone, purpose: 'login' });
    expect((await verify(phone, h.otp.lastCode(phone)!)).statusCode).toBe(200);
  });

  it('is replaced by a resend: the old code stops working', async () => {
    const phone = await startSignup();
    const old = h.otp.lastCode(phone)!;
    const res = await write(h.app, 'POST', '/api/auth/resend-otp', { mobileNumber: phone, purpose: 'signup' });
    expect(res.statusCode).toBe(200);
    const fresh = h.otp.lastCode(phone)!;
    if (old !== fresh) {
      const withOld = await verify(phone, old, 'signup');
      expect(withOld.statusCode).toBe(400);
      expect(withOld.json().message).toMatch(/^Incorrect OTP/);
    }
    const withNew = await verify(phone, fresh, 'signup');
    expect(withNew.statusCode).toBe(200);
    expect(withNew.json().data.user.business.name).toBe('Meena Stores');
  });

  it('asks for sign-up again when resending a sign-up code nobody asked for', async () => {
    const res = await write(h.app, 'POST', '/api/auth/resend-otp', { mobileNumber: newPhone(), purpose: 'signup' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field: 'mobileNumber' });
  });

  it('refuses a code for a number that never asked for one', async () => {
    const res = await verify(newPhone(), '123456', 'signup');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('No OTP was requested for this number. Request one first.');
  });
});

describe('OTP sending limits', () => {
  let limited: Harness['app'];
  beforeAll(async () => {
    limited = await h.variant({ OTP_RESEND_INTERVAL_SECONDS: '30', OTP_MAX_SENDS_PER_HOUR: '5' });
  });
  const login = (phone: string) => write(limited, 'POST', '/api/auth/login', { mobileNumber: phone });
  const resend = (phone: string) => write(limited, 'POST', '/api/auth/resend-otp', { mobileNumber: phone, purpose: 'login' });

  const registered = async () => (await signUp(h)).phone;

  it('allows a resend only after 30 seconds', async () => {
    const phone = await registered();
    expect((await login(phone)).json().data.resendAfterSeconds).toBe(30);
    h.clock.advance(10_000);
    const early = await resend(phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ success: false, message: 'Please wait 20 seconds before requesting another OTP.' });
    expect(early.headers['retry-after']).toBe('20');
    h.clock.advance(20_000);
    expect((await resend(phone)).statusCode).toBe(200);
  });

  it('sends at most five OTPs per number per hour', async () => {
    const phone = await registered();
    // The sign-up code was the first of the five.
    for (let i = 0; i < 4; i++) {
      expect((await (i === 0 ? login(phone) : resend(phone))).statusCode).toBe(200);
      h.clock.advance(31_000);
    }
    const sixth = await resend(phone);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe('Too many OTPs requested for this number. Try again in 58 minutes.');
    expect(h.otp.countFor(phone)).toBe(5);
    h.clock.advance(58 * 60_000);
    expect((await resend(phone)).statusCode).toBe(200);
    expect(h.otp.countFor(phone)).toBe(6);
  });

  it('counts the wait per purpose: logging in right after signing up is not held up', async () => {
    const phone = await registered();
    expect((await login(phone)).statusCode).toBe(200);
  });

  it('limits an unknown number exactly like a registered one', async () => {
    const known = await registered();
    const unknown = newPhone();
    await login(known);
    await login(unknown);
    const a = await login(known);
    const b = await login(unknown);
    expect(b.statusCode).toBe(429);
    expect(b.json()).toEqual(a.json());
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
});

describe('housekeeping', () => {
  it('deletes sends past the hourly window, day-old challenges and timed-out sessions, and nothing current', async () => {
    const { phone, cookie } = await signUp(h);
    const count = async () => ({
      sends: (await h.database.db.select().from(otpSends).where(eq(otpSends.phone, phone))).length,
      challenges: (await h.database.db.select().from(otpChallenges).where(eq(otpChallenges.phone, phone))).length,
      sessions: (await h.database.db.select().from(sessions)).length,
    });
    await purgeExpiredAuthData(h.database.db, h.clock.now(), h.config.session);
    const before = await count();
    expect(before).toMatchObject({ sends: 1, challenges: 1 });
    expect((await get(h.app, '/api/auth/profile', cookie)).statusCode).toBe(200);

    h.clock.advance(2 * 86_400_000);
    await purgeExpiredAuthData(h.database.db, h.clock.now(), h.config.session);
    expect(await count()).toEqual({ sends: 0, challenges: 0, sessions: 0 });
  });
});
