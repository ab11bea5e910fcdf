import { createHarness, get, logIn, newPhone, signUp, write, TestBrowser, SETUP_TIMEOUT_MS, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let owner: SignedUp;
let other: SignedUp;
let puneId: string;
let mainId: string;

beforeAll(async () => {
  h = await createHarness();
  owner = await signUp(h, { name: 'Ravi Shah', businessName: 'Shah Traders' });
  other = await signUp(h, { businessName: 'Other Stores' });
  mainId = owner.profile.activeStoreBranch!.id;
  const pune = await write(
    h.app,
    'POST',
    '/api/store-branch/create-branch',
    { name: 'Pune Camp', address: { street: '12 MG Road', city: 'Pune', stateCode: '27', pin: '411001' } },
    { cookie: owner.cookie },
  );
  expect(pune.statusCode).toBe(201);
  puneId = pune.json().data.id;
}, SETUP_TIMEOUT_MS);
afterAll(() => h.close());

const invite = (cookie: string, body: object) => write(h.app, 'POST', '/api/user/invite', body, { cookie });
const update = (cookie: string, id: string, body: object) => write(h.app, 'PUT', `/api/user/update-user/${id}`, body, { cookie });
const deactivate = (cookie: string, id: string) => write(h.app, 'POST', `/api/user/deactivate/${id}`, {}, { cookie });
const activate = (cookie: string, id: string) => write(h.app, 'POST', `/api/user/activate/${id}`, {}, { cookie });
const businessOf = (who: SignedUp) => who.profile.user.business.id;

/** Invites a user of the owner's business and answers the user and their phone. */
async function invited(role: string, extra: object = { allBranches: true }, by = owner.cookie) {
  const phone = newPhone();
  const res = await invite(by, { name: `${role} person`, mobileNumber: phone, role, ...extra });
  expect(res.statusCode).toBe(201);
  return { phone, user: res.json().data as { id: string; role: string } };
}

describe('inviting a user', () => {
  it('adds them with their role and branches; they log in by OTP to that business, at their branch, in that role', async () => {
    const phone = newPhone();
    const res = await invite(owner.cookie, { name: ' Meena Biller ', mobileNumber: phone, role: 'BILLER', branchIds: [puneId] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Meena Biller',
        mobileNumber: phone,
        role: 'BILLER',
        active: true,
        allBranches: false,
        branches: [{ id: puneId, name: 'Pune Camp' }],
        lastSignedInAt: null,
        createdAt: expect.any(String),
      },
    });

    const { res: login } = await logIn(h, phone);
    const profile = login.json().data;
    expect(profile.user).toMatchObject({ name: 'Meena Biller', role: 'BILLER', business: { id: businessOf(owner), name: 'Shah Traders' } });
    // Limited to Pune Camp: the session starts there, not at the default branch.
    expect(profile.activeStoreBranch.id).toBe(puneId);
    expect(profile.businesses).toEqual([{ id: businessOf(owner), name: 'Shah Traders', role: 'BILLER' }]);

    const list = (await get(h.app, '/api/user/users', owner.cookie)).json().data as { mobileNumber: string; lastSignedInAt: string | null }[];
    expect(list.find((u) => u.mobileNumber === phone)!.lastSignedInAt).not.toBeNull();
  });

  it('lists the business’s users only, active first', async () => {
    const { user } = await invited('VIEWER');
    expect((await deactivate(owner.cookie, user.id)).statusCode).toBe(200);
    const res = await get(h.app, '/api/user/users', owner.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: string; mobileNumber: string; active: boolean }[];
    expect(list.map((u) => u.mobileNumber)).toContain(owner.phone);
    expect(list.map((u) => u.mobileNumber)).not.toContain(other.phone);
    expect(list.at(-1)).toMatchObject({ id: user.id, active: false });
    const active = (list as unknown as { name: string; active: boolean }[]).filter((u) => u.active);
    expect(active.map((u) => u.name)).toEqual(['Meena Biller', 'Ravi Shah']);
    expect(list.slice(0, 2).every((u) => u.active)).toBe(true);
  });

  it('refuses a number that is already a user of this business (409)', async () => {
    const res = await invite(owner.cookie, { name: 'Again', mobileNumber: owner.phone, role: 'VIEWER', allBranches: true });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: `${owner.phone} is already a user of this business`, field: 'mobileNumber' });
  });

  it('names the wrong field (400)', async () => {
    const valid = { name: 'Asha', mobileNumber: newPhone(), role: 'BILLER', allBranches: true };
    const cases: [object, string, string][] = [
      [{ ...valid, mobileNumber: '12345' }, 'mobileNumber', 'Enter a 10-digit Indian mobile number'],
      [{ ...valid, role: 'MANAGER' }, 'role', 'Role must be one of Owner, Admin, Accountant, Biller, Stock keeper, Viewer'],
      [{ ...valid, name: '  ' }, 'name', 'Name is required'],
      [{ name: 'Asha', mobileNumber: newPhone(), role: 'BILLER' }, 'branchIds', 'Choose the branches this user works at, or all branches'],
      [{ ...valid, allBranches: false, branchIds: [] }, 'branchIds', 'Choose at least one branch, or all branches'],
      [{ ...valid, branchIds: [puneId] }, 'branchIds', 'Choose either all branches or some branches, not both'],
    ];
    for (const [body, field, message] of cases) {
      const res = await invite(owner.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message, field });
    }
  });

  it('refuses another business’s or an unknown branch (404) and creates nobody', async () => {
    const phone = newPhone();
    for (const branchId of [other.profile.activeStoreBranch!.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await invite(owner.cookie, { name: 'Asha', mobileNumber: phone, role: 'BILLER', branchIds: [mainId, branchId] });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Branch not found', field: 'branchIds' });
    }
    const list = (await get(h.app, '/api/user/users', owner.cookie)).json().data as { mobileNumber: string }[];
    expect(list.map((u) => u.mobileNumber)).not.toContain(phone);
  });
});

describe('who may manage users', () => {
  it('refuses everyone but an owner or admin (403 naming the permission)', async () => {
    for (const role of ['ACCOUNTANT', 'BILLER', 'STOCK_KEEPER', 'VIEWER']) {
      const { phone } = await invited(role);
      const { cookie } = await logIn(h, phone);
      const list = await get(h.app, '/api/user/users', cookie);
      expect(list.statusCode).toBe(403);
      expect(list.json()).toEqual({ success: false, message: 'You do not have permission: users.view' });
      const res = await invite(cookie, { name: 'X', mobileNumber: newPhone(), role: 'VIEWER', allBranches: true });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'You do not have permission: users.create' });
    }
  });

  it('lets an admin manage users but never make, change or deactivate an owner', async () => {
    const { phone } = await invited('ADMIN');
    const { cookie: admin } = await logIn(h, phone);
    const ownerId = owner.profile.user.id;

    const asOwner = await invite(admin, { name: 'New Owner', mobileNumber: newPhone(), role: 'OWNER', allBranches: true });
    expect(asOwner.statusCode).toBe(403);
    expect(asOwner.json()).toEqual({ success: false, message: 'Only an owner can make or change an owner', field: 'role' });
    expect((await update(admin, ownerId, { name: 'Renamed' })).statusCode).toBe(403);
    expect((await update(admin, ownerId, { role: 'VIEWER' })).statusCode).toBe(403);
    expect((await deactivate(admin, ownerId)).statusCode).toBe(403);

    const { user: biller } = await invited('BILLER', { allBranches: true }, admin);
    expect((await update(admin, biller.id, { role: 'OWNER' })).statusCode).toBe(403);
    const changed = await update(admin, biller.id, { role: 'ACCOUNTANT', branchIds: [puneId] });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ role: 'ACCOUNTANT', allBranches: false, branches: [{ id: puneId, name: 'Pune Camp' }] });
    const back = await update(admin, biller.id, { allBranches: true });
    expect(back.json().data).toMatchObject({ role: 'ACCOUNTANT', allBranches: true, branches: [] });
    // The owner's row is as it was.
    const list = (await get(h.app, '/api/user/users', owner.cookie)).json().data as { id: string; name: string; role: string }[];
    expect(list.find((u) => u.id === ownerId)).toMatchObject({ name: 'Ravi Shah', role: 'OWNER' });
  });

  it('answers 404 for another business’s user, or an id that is not one', async () => {
    const theirs = other.profile.user.id;
    for (const id of [theirs, 'not-a-uuid']) {
      expect((await update(owner.cookie, id, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await deactivate(owner.cookie, id)).statusCode).toBe(404);
      expect((await activate(owner.cookie, id)).statusCode).toBe(404);
    }
    expect((await get(h.app, '/api/auth/profile', other.cookie)).json().data.user.name).toBe('Asha Rao');
  });
});

describe('owners', () => {
  it('keeps at least one active owner (409), and lets a second owner take over', async () => {
    const solo = await signUp(h, { businessName: 'Solo Shop' });
    const soloId = solo.profile.user.id;
    const demote = await update(solo.cookie, soloId, { role: 'ADMIN' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({
      success: false,
      message: 'A business needs at least one active owner: make another user an owner first',
    });

    const phone = newPhone();
    const second = await invite(solo.cookie, { name: 'Partner', mobileNumber: phone, role: 'OWNER', allBranches: true });
    expect(second.statusCode).toBe(201);
    const { cookie: partner } = await logIn(h, phone);
    // The partner may demote the first owner; then the partner is the last one.
    expect((await update(partner, soloId, { role: 'ADMIN' })).json().data.role).toBe('ADMIN');
    const partnerId = second.json().data.id;
    expect((await update(partner, partnerId, { role: 'VIEWER' })).statusCode).toBe(409);
    expect((await deactivate(solo.cookie, partnerId)).statusCode).toBe(403);
    expect((await update(partner, soloId, { role: 'OWNER' })).statusCode).toBe(200);
    expect((await deactivate(solo.cookie, partnerId)).statusCode).toBe(200);
    // The one owner left cannot deactivate themselves.
    const self = await deactivate(solo.cookie, soloId);
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toBe('You cannot deactivate yourself');
  });
});

describe('at the same time', () => {
  it('two owners demoting each other at once leave exactly one owner', async () => {
    const shop = await signUp(h, { businessName: 'Twin Owners' });
    const phone = newPhone();
    const second = await invite(shop.cookie, { name: 'Partner', mobileNumber: phone, role: 'OWNER', allBranches: true });
    const { cookie: partner } = await logIn(h, phone);
    const [a, b] = await Promise.all([
      update(shop.cookie, second.json().data.id, { role: 'ADMIN' }),
      update(partner, shop.profile.user.id, { role: 'ADMIN' }),
    ]);
    // One demotion wins. The other is refused: 409 (the last owner) when both were read as owners, or 403 when its
    // session was read after the first one's commit, its user then an admin who may not change an owner.
    const [won, refused] = [a.statusCode, b.statusCode].sort();
    expect(won).toBe(200);
    expect([403, 409]).toContain(refused);
    const list = (await get(h.app, '/api/user/users', a.statusCode === 200 ? shop.cookie : partner)).json().data as { role: string }[];
    expect(list.filter((u) => u.role === 'OWNER')).toHaveLength(1);
  });

  it('the same number invited twice at once is added once', async () => {
    const phone = newPhone();
    const body = { name: 'Twice', mobileNumber: phone, role: 'VIEWER', allBranches: true };
    const answers = await Promise.all([invite(owner.cookie, body), invite(owner.cookie, body)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const list = (await get(h.app, '/api/user/users', owner.cookie)).json().data as { mobileNumber: string }[];
    expect(list.filter((u) => u.mobileNumber === phone)).toHaveLength(1);
  });
});

describe('deactivating and activating', () => {
  it('ends the user’s sessions at once and stops their login; activating lets them back', async () => {
    const { phone, user } = await invited('BILLER');
    const { cookie: first } = await logIn(h, phone);
    const { cookie: second } = await logIn(h, phone);
    // Both sessions are read (and kept in the read cache) before the deactivation.
    for (const c of [first, second]) expect((await get(h.app, '/api/auth/profile', c)).statusCode).toBe(200);
    expect((await get(h.app, '/api/store-branch/branches', first)).statusCode).toBe(200);

    const res = await deactivate(owner.cookie, user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: user.id, active: false });
    for (const c of [first, second]) {
      const after = await get(h.app, '/api/store-branch/branches', c);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toEqual({ success: false, message: 'Your session has ended. Please log in again.' });
    }

    const browser = new TestBrowser(h.app);
    expect((await browser.post('/api/auth/login', { mobileNumber: phone })).statusCode).toBe(200);
    const refused = await browser.post('/api/auth/verify-login', { mobileNumber: phone, otp: h.otp.lastCode(phone) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Your access to Shah Traders has been deactivated. Ask the owner to activate it again.',
    });
    expect(refused.cookies.find((c) => c.name === 'bahi_session')).toBeUndefined();

    expect((await activate(owner.cookie, user.id)).json().data.active).toBe(true);
    const { res: back } = await logIn(h, phone);
    expect(back.json().data.user.role).toBe('BILLER');
  });
});

describe('one mobile number in several businesses', () => {
  it('logs in to the business used last, lists them all, and switches between them', async () => {
    // The number owns its own shop and is invited as a biller of Shah Traders.
    const own = await signUp(h, { businessName: 'Zeta Mart' });
    const inv = await invite(owner.cookie, { name: 'Zeta Owner', mobileNumber: own.phone, role: 'BILLER', branchIds: [puneId] });
    expect(inv.statusCode).toBe(201);

    const browser = new TestBrowser(h.app);
    await browser.post('/api/auth/login', { mobileNumber: own.phone });
    const login = await browser.post('/api/auth/verify-login', { mobileNumber: own.phone, otp: h.otp.lastCode(own.phone) });
    expect(login.statusCode).toBe(200);
    const profile = login.json().data;
    // Zeta Mart was signed in to last (at its sign-up).
    expect(profile.user.business.id).toBe(businessOf(own));
    expect(profile.businesses).toEqual([
      { id: businessOf(owner), name: 'Shah Traders', role: 'BILLER' },
      { id: businessOf(own), name: 'Zeta Mart', role: 'OWNER' },
    ]);
    const firstSession = browser.cookies.get('bahi_session')!;

    const switched = await browser.post('/api/auth/switch-business', { businessId: businessOf(owner) });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.user).toMatchObject({ role: 'BILLER', business: { name: 'Shah Traders' } });
    expect(switched.json().data.activeStoreBranch.id).toBe(puneId);
    expect(browser.cookies.get('bahi_branch')).toBe(puneId);
    // A new session; the old one has ended.
    expect(browser.cookies.get('bahi_session')).not.toBe(firstSession);
    expect((await get(h.app, '/api/auth/profile', `bahi_session=${firstSession}`)).statusCode).toBe(401);
    const users = await browser.get('/api/user/users');
    expect(users.statusCode).toBe(403);

    // The next login starts where this browser's branch is: Shah Traders.
    await browser.post('/api/auth/login', { mobileNumber: own.phone });
    const again = await browser.post('/api/auth/verify-login', { mobileNumber: own.phone, otp: h.otp.lastCode(own.phone) });
    expect(again.json().data.user.business.name).toBe('Shah Traders');
    // On a browser without a branch cookie, the business used last.
    const { res: fresh } = await logIn(h, own.phone);
    expect(fresh.json().data.user.business.name).toBe('Shah Traders');

    // Another business of which the number is not a user, or not an id: 404.
    for (const businessId of [businessOf(other), '00000000-0000-4000-8000-000000000000']) {
      const res = await browser.post('/api/auth/switch-business', { businessId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Business not found' });
    }
    expect((await browser.post('/api/auth/switch-business', { businessId: 'x' })).statusCode).toBe(400);

    // Deactivated in Shah Traders: the switch there is gone, the login goes to Zeta Mart.
    expect((await deactivate(owner.cookie, inv.json().data.id)).statusCode).toBe(200);
    const { res: after } = await logIn(h, own.phone);
    expect(after.json().data.user.business.name).toBe('Zeta Mart');
    expect(after.json().data.businesses).toEqual([{ id: businessOf(own), name: 'Zeta Mart', role: 'OWNER' }]);
    const { cookie } = await logIn(h, own.phone);
    expect((await write(h.app, 'POST', '/api/auth/switch-business', { businessId: businessOf(owner) }, { cookie })).statusCode).toBe(404);
  });

  it('needs a session to switch (401)', async () => {
    expect((await write(h.app, 'POST', '/api/auth/switch-business', { businessId: businessOf(owner) })).statusCode).toBe(401);
  });
});
