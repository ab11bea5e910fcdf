import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { hashToken } from '../services/auth/sessions';
import { TestBrowser, createHarness, cookieFrom, get, logIn, newPhone, signUp, write, SETUP_TIMEOUT_MS, type Harness } from '../test/harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

describe('sign-up', () => {
  it('creates nothing until the OTP is verified', async () => {
    const phone = newPhone();
    const browser = new TestBrowser(h.app);
    const res = await browser.post('/api/auth/signup', { name: 'Asha Rao', businessName: 'Asha Stores', mobileNumber: phone });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: expect.stringContaining('OTP sent'),
      data: { mobileNumber: phone, expiresInSeconds: 300, resendAfterSeconds: 0 },
    });
    expect(h.otp.lastCode(phone)).toMatch(/^[0-9]{6}$/);
    // Not registered yet: logging in with the sign-up code does not work.
    await browser.post('/api/auth/login', { mobileNumber: phone });
    const login = await browser.post('/api/auth/verify-login', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toMatch(/^Incorrect OTP/);
  });

  it('verify-signup creates the business, its owner and a default first branch, and signs in', async () => {
    const phone = newPhone();
    const browser = new TestBrowser(h.app);
    await browser.post('/api/auth/signup', {
      name: '  Ravi Kumar ',
      businessName: 'Kumar Traders',
      mobileNumber: phone,
      gstin: '27aapfu0939f1zv',
    });
    const res = await browser.post('/api/auth/verify-signup', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user).toEqual({
      id: expect.any(String),
      name: 'Ravi Kumar',
      mobileNumber: phone,
      role: 'OWNER',
      business: { id: expect.any(String), name: 'Kumar Traders', gstin: '27AAPFU0939F1ZV', stateCode: '27', registrationType: 'REGULAR' },
    });
    expect(data.activeStoreBranch).toMatchObject({
      name: 'Main Branch',
      isDefault: true,
      gstin: '27AAPFU0939F1ZV',
      address: { street: null, city: null, stateCode: '27', pin: null },
    });
    const cookie = cookieFrom(res, 'bahi_session')!;
    const profile = await get(h.app, '/api/auth/profile', cookie);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({ success: true, data });
    const branches = await get(h.app, '/api/store-branch/branches', cookie);
    expect(branches.json().data).toHaveLength(1);
  });

  it('answers a registered number exactly like a new one; it signs up a second business that it owns', async () => {
    const { phone: known, profile } = await signUp(h, { businessName: 'Known Traders' });
    const unknown = newPhone();
    const body = (mobileNumber: string) => ({ name: 'Other', businessName: 'Second Shop', mobileNumber });
    const owner = new TestBrowser(h.app);
    const a = await owner.post('/api/auth/signup', body(known));
    const b = await write(h.app, 'POST', '/api/auth/signup', body(unknown));
    expect(b.statusCode).toBe(200);
    expect(a.statusCode).toBe(200);
    const mask = (s: string, p: string) => s.replaceAll(p, 'PHONE').replaceAll(`${p.slice(0, 2)}XXXXXX${p.slice(-2)}`, 'MASKED');
    expect(mask(a.body, known)).toBe(mask(b.body, unknown));
    // A resend of the sign-up answers alike too.
    const ra = await owner.post('/api/auth/resend-otp', { mobileNumber: known, purpose: 'signup' });
    const rb = await write(h.app, 'POST', '/api/auth/resend-otp', { mobileNumber: unknown, purpose: 'signup' });
    expect(mask(ra.body, known)).toBe(mask(rb.body, unknown));

    expect(h.otp.sent.filter((m) => m.phone === known).at(-1)?.purpose).toBe('signup');
    const res = await owner.post('/api/auth/verify-signup', { mobileNumber: known, otp: h.otp.lastCode(known) });
    expect(res.statusCode).toBe(200);
    // A new business, owned by the same number; both are listed for the switch.
    const { user, businesses } = res.json().data;
    expect(user.business.name).toBe('Second Shop');
    expect(user.business.id).not.toBe(profile.user.business.id);
    expect(user.role).toBe('OWNER');
    expect(businesses).toEqual([
      { id: profile.user.business.id, name: 'Known Traders', role: 'OWNER' },
      { id: user.business.id, name: 'Second Shop', role: 'OWNER' },
    ]);
  });

  it('names the wrong field', async () => {
    const cases: [object, string, string][] = [
      [{ businessName: 'B', mobileNumber: newPhone() }, 'name', 'Your name is required'],
      [{ name: 'A', businessName: 'B', mobileNumber: '12345' }, 'mobileNumber', 'Enter a 10-digit Indian mobile number'],
      [{ name: 'A', businessName: 'B', mobileNumber: newPhone(), gstin: '27AAPFU0939F1ZX' }, 'gstin', 'GSTIN check character does not match; please re-check the number'],
      [{ name: 'A', businessName: 'B', mobileNumber: newPhone(), gstin: '27AAPFU0939F1ZV', stateCode: '29' }, 'gstin', "GSTIN does not match the business's state"],
    ];
    for (const [body, field, message] of cases) {
      const res = await write(h.app, 'POST', '/api/auth/signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message, field });
    }
  });
});

describe('login', () => {
  it('signs a registered user in with the code sent to their phone', async () => {
    const { phone, profile } = await signUp(h, { businessName: 'Login Co' });
    const { res } = await logIn(h, phone);
    expect(res.json().data.user.business.name).toBe('Login Co');
    expect(res.json().data.activeStoreBranch.id).toBe(profile.activeStoreBranch!.id);
    expect(cookieFrom(res, 'bahi_branch')).toBe(`bahi_branch=${profile.activeStoreBranch!.id}`);
  });

  it('answers the same for an unknown number and sends it nothing', async () => {
    const { phone: known } = await signUp(h);
    const unknown = newPhone();
    const browser = new TestBrowser(h.app);
    const a = await browser.post('/api/auth/login', { mobileNumber: known });
    const b = await browser.post('/api/auth/login', { mobileNumber: unknown });
    expect(b.statusCode).toBe(a.statusCode);
    const mask = (s: string, p: string) => s.replaceAll(p, 'PHONE').replaceAll(`${p.slice(0, 2)}XXXXXX${p.slice(-2)}`, 'MASKED');
    expect(mask(b.body, unknown)).toBe(mask(a.body, known));
    expect(h.otp.countFor(unknown)).toBe(0);
    // A guess is answered exactly like a wrong code for a registered number.
    const wrong = (code: string | undefined) => (code === '000000' ? '111111' : '000000');
    const guessKnown = await browser.post('/api/auth/verify-login', { mobileNumber: known, otp: wrong(h.otp.lastCode(known)) });
    const guessUnknown = await browser.post('/api/auth/verify-login', { mobileNumber: unknown, otp: '000000' });
    expect(guessUnknown.statusCode).toBe(guessKnown.statusCode);
    expect(guessUnknown.json()).toEqual(guessKnown.json());
  });

  it("ends the browser's previous session when it logs in again, whoever's it was", async () => {
    const { phone } = await signUp(h);
    const other = await signUp(h);
    const browser = new TestBrowser(h.app);
    browser.cookies.set('bahi_session', other.cookie.split('=')[1]);
    expect((await browser.get('/api/auth/profile')).json().data.user.mobileNumber).toBe(other.phone);
    await browser.post('/api/auth/login', { mobileNumber: phone });
    const res = await browser.post('/api/auth/verify-login', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
    expect(res.statusCode).toBe(200);
    // The old row is gone: its cookie, kept anywhere, no longer works.
    const [old] = await h.database.db.select().from(sessions).where(eq(sessions.id, hashToken(other.cookie.split('=')[1])));
    expect(old).toBeUndefined();
    expect((await get(h.app, '/api/auth/profile', other.cookie)).statusCode).toBe(401);
    expect((await browser.get('/api/auth/profile')).json().data.user.mobileNumber).toBe(phone);
  });

  it('gives a new session token at every login; logout ends the session', async () => {
    const { phone, cookie: first } = await signUp(h);
    const { cookie: second } = await logIn(h, phone);
    const { cookie: third } = await logIn(h, phone);
    expect(new Set([first, second, third]).size).toBe(3);
    for (const c of [first, second, third]) expect((await get(h.app, '/api/auth/profile', c)).statusCode).toBe(200);

    const out = await write(h.app, 'POST', '/api/auth/logout', {}, { cookie: second });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true, message: 'You have been logged out.' });
    const cleared = out.cookies.find((c) => c.name === 'bahi_session')!;
    expect(cleared.value).toBe('');
    const after = await get(h.app, '/api/auth/profile', second);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ success: false, message: 'Your session has ended. Please log in again.' });
    // Other sessions of the same user keep working.
    expect((await get(h.app, '/api/auth/profile', third)).statusCode).toBe(200);
  });

  it('answers 401 without a session cookie or with a made-up one', async () => {
    expect((await get(h.app, '/api/auth/profile')).statusCode).toBe(401);
    expect((await get(h.app, '/api/auth/profile', 'bahi_session=not-a-real-token')).statusCode).toBe(401);
    expect((await get(h.app, '/api/store-branch/branches')).json()).toEqual({ success: false, message: 'Please log in to continue.' });
  });
});

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/ and not Secure over plain HTTP; the branch cookie is readable', async () => {
    const phone = newPhone();
    const browser = new TestBrowser(h.app);
    await browser.post('/api/auth/signup', { name: 'A', businessName: 'B', mobileNumber: phone });
    const res = await browser.post('/api/auth/verify-signup', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
    expect(res.cookies.map((c) => c.name)).not.toContain('__Host-bahi_session');
    const session = res.cookies.find((c) => c.name === 'bahi_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(session.secure).toBeFalsy();
    expect(session.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const branch = res.cookies.find((c) => c.name === 'bahi_branch')!;
    expect(branch.httpOnly).toBeFalsy();
    expect(branch).toMatchObject({ sameSite: 'Lax', path: '/', value: res.json().data.activeStoreBranch.id });
  });

  /** Signs up through `app` with these headers on every request; answers the verify answer and the browser. */
  const signUpWith = async (app: Harness['app'], headers: Record<string, string>) => {
    const phone = newPhone();
    const browser = new TestBrowser(app, headers);
    await browser.post('/api/auth/signup', { name: 'A', businessName: 'B', mobileNumber: phone });
    const res = await browser.post('/api/auth/verify-signup', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
    expect(res.statusCode).toBe(200);
    return { res, browser };
  };

  it('is __Host- prefixed and Secure when served over HTTPS behind a trusted proxy, and works there', async () => {
    const app = await h.variant({ TRUST_PROXY: '1' });
    const { res, browser } = await signUpWith(app, { 'x-forwarded-proto': 'https' });
    expect(res.cookies.map((c) => c.name)).not.toContain('bahi_session');
    const session = res.cookies.find((c) => c.name === '__Host-bahi_session')!;
    expect(session).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(session.domain).toBeUndefined();
    expect(res.cookies.find((c) => c.name === '__Host-bahi_otp')).toBeUndefined();
    expect(res.cookies.find((c) => c.name === 'bahi_branch')).toMatchObject({ secure: true });
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(200);
    // Over HTTPS a cookie without the prefix (planted by a sibling subdomain or a plain-http page) is not read.
    const planted = await get(app, '/api/auth/profile', `bahi_session=${session.value}`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(planted.statusCode).toBe(401);
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const { res } = await signUpWith(h.app, { 'x-forwarded-proto': 'https' });
    expect(res.cookies.find((c) => c.name === 'bahi_session')?.secure).toBeFalsy();
    const elsewhere = await h.variant({ TRUST_PROXY: '10.0.0.5' });
    const spoofed = await signUpWith(elsewhere, { 'x-forwarded-proto': 'https' });
    expect(spoofed.res.cookies.find((c) => c.name === 'bahi_session')?.secure).toBeFalsy();
  });

  it('is Secure with COOKIE_SECURE=1 behind a TLS-terminating proxy that the API does not hear about', async () => {
    const app = await h.variant({ COOKIE_SECURE: '1' });
    const { res, browser } = await signUpWith(app, {});
    expect(res.cookies.find((c) => c.name === '__Host-bahi_session')).toMatchObject({ secure: true });
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(200);
  });

  it('stores only a hash of the token', async () => {
    const { cookie } = await signUp(h);
    const token = cookie.split('=')[1];
    const ids = (await h.database.db.select({ id: sessions.id }).from(sessions)).map((r) => r.id);
    expect(ids).not.toContain(token);
    expect(ids.every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
  });
});
