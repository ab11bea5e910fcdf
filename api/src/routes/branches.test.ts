import { TestBrowser, createHarness, cookieFrom, get, signUp, write, type Harness, type SignedUp } from '../test/harness';

let h: Harness;
let a: SignedUp;
let b: SignedUp;
beforeAll(async () => {
  h = await createHarness();
  a = await signUp(h, { businessName: 'Alpha Traders', gstin: '27AAPFU0939F1ZV' });
  b = await signUp(h, { businessName: 'Beta Stores' });
});
afterAll(() => h.close());

const pune = {
  name: 'Pune Camp',
  phone: '9822012345',
  email: 'Pune@Alpha.in',
  gstin: '27AAPFU0939F1ZV',
  registrationType: 'REGULAR',
  address: { street: '12 MG Road', city: 'Pune', stateCode: '27', pin: '411001' },
  invoicePrefix: 'pc-',
};

const create = (who: SignedUp, body: object) => write(h.app, 'POST', '/api/store-branch/create-branch', body, { cookie: who.cookie });
const update = (who: SignedUp, id: string, body: object) =>
  write(h.app, 'PUT', `/api/store-branch/update-branch/${id}`, body, { cookie: who.cookie });
const list = async (who: SignedUp, q?: string) =>
  (await get(h.app, `/api/store-branch/branches${q ? `?q=${encodeURIComponent(q)}` : ''}`, who.cookie)).json().data as {
    id: string;
    name: string;
    isDefault: boolean;
  }[];

describe('store branches', () => {
  let puneId: string;

  it('creates a branch and answers it in the Branch shape', async () => {
    const res = await create(a, pune);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({
      id: expect.any(String),
      name: 'Pune Camp',
      phone: '9822012345',
      email: 'pune@alpha.in',
      gstin: '27AAPFU0939F1ZV',
      registrationType: 'REGULAR',
      address: { street: '12 MG Road', city: 'Pune', stateCode: '27', pin: '411001' },
      invoicePrefix: 'PC-',
      isDefault: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    puneId = data.id;
    const one = await get(h.app, `/api/store-branch/branch/${puneId}`, a.cookie);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ success: true, data });
  });

  it('lists the default branch first and searches name, city and GSTIN', async () => {
    await create(a, { name: 'Nashik Road', address: { street: '4 Station Rd', city: 'Nashik', stateCode: '27', pin: '422101' } });
    expect((await list(a)).map((x) => x.name)).toEqual(['Main Branch', 'Nashik Road', 'Pune Camp']);
    expect((await list(a, 'nash')).map((x) => x.name)).toEqual(['Nashik Road']);
    expect((await list(a, 'PUNE')).map((x) => x.name)).toEqual(['Pune Camp']);
    expect((await list(a, '27aapfu')).map((x) => x.name)).toEqual(['Main Branch', 'Pune Camp']);
    expect(await list(a, '%')).toEqual([]);
  });

  it('refuses a second branch with the same name, ignoring case', async () => {
    const res = await create(a, { ...pune, name: 'pune camp', gstin: undefined });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'A branch named pune camp already exists', field: 'name' });
    // Another business may use the name.
    expect((await create(b, { ...pune, gstin: undefined })).statusCode).toBe(201);
  });

  it('names the wrong field', async () => {
    const valid = { ...pune, name: 'Validation' };
    const cases: [object, string, string][] = [
      [{ ...valid, name: ' ' }, 'name', 'Branch name is required'],
      [{ ...valid, gstin: '27AAPFU0939' }, 'gstin', 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character'],
      [{ ...valid, gstin: '27AAPFU0939F1ZX' }, 'gstin', 'GSTIN check character does not match; please re-check the number'],
      [{ ...valid, address: { ...pune.address, stateCode: '29' } }, 'gstin', "GSTIN starts with 27, which does not match the branch's state"],
      [{ ...valid, address: { ...pune.address, pin: '011001' } }, 'address.pin', 'PIN code must be 6 digits and cannot start with 0'],
      [{ ...valid, address: { ...pune.address, stateCode: '99' }, gstin: undefined }, 'address.stateCode', 'Choose a valid state'],
      [{ ...valid, phone: '12345' }, 'phone', 'Enter a 10-digit Indian mobile number'],
      [{ ...valid, email: 'not-an-email' }, 'email', 'Enter a valid email address'],
      [{ name: 'Validation' }, 'address', 'Address is required'],
      [{ ...valid, address: { street: 'x', city: 'y', pin: '411001' } }, 'address.stateCode', 'State code is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(a, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message, field });
    }
    expect(await list(a, 'Validation')).toEqual([]);
  });

  it('updates a branch; empty optional fields clear it', async () => {
    const res = await update(a, puneId, { ...pune, name: 'Pune Camp HQ', phone: '', email: '', gstin: '', invoicePrefix: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: puneId, name: 'Pune Camp HQ', phone: null, email: null, gstin: null, invoicePrefix: null });
    const dup = await update(a, puneId, { ...pune, name: 'nashik road' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A branch named nashik road already exists');
  });

  it('keeps exactly one default branch', async () => {
    const res = await update(a, puneId, { ...pune, name: 'Pune Camp HQ', isDefault: true });
    expect(res.json().data.isDefault).toBe(true);
    const defaults = (await list(a)).filter((x) => x.isDefault);
    expect(defaults.map((x) => x.id)).toEqual([puneId]);
    const created = await create(a, { name: 'Thane', isDefault: true, address: { street: 'A', city: 'Thane', stateCode: '27', pin: '400601' } });
    expect((await list(a)).filter((x) => x.isDefault).map((x) => x.id)).toEqual([created.json().data.id]);
    const undefault = await update(a, created.json().data.id, { name: 'Thane', isDefault: false, address: { street: 'A', city: 'Thane', stateCode: '27', pin: '400601' } });
    expect(undefault.statusCode).toBe(400);
    expect(undefault.json().field).toBe('isDefault');
  });

  it('makes a branch active for the session: profile and the bahi_branch cookie follow', async () => {
    const res = await write(h.app, 'POST', '/api/store-branch/set-active', { branchId: puneId }, { cookie: a.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(puneId);
    expect(cookieFrom(res, 'bahi_branch')).toBe(`bahi_branch=${puneId}`);
    const branchCookie = res.cookies.find((c) => c.name === 'bahi_branch')!;
    expect(branchCookie.httpOnly).toBeFalsy();
    const profile = await get(h.app, '/api/auth/profile', a.cookie);
    expect(profile.json().data.activeStoreBranch.id).toBe(puneId);
  });

  it("a new login on this browser resumes the branch it last had active; another business's branch is ignored", async () => {
    await write(h.app, 'POST', '/api/store-branch/set-active', { branchId: puneId }, { cookie: a.cookie });
    const resume = async (branchId: string) => {
      const browser = new TestBrowser(h.app);
      browser.cookies.set('bahi_branch', branchId);
      await browser.post('/api/auth/login', { mobileNumber: a.phone });
      const res = await browser.post('/api/auth/verify-login', { mobileNumber: a.phone, otp: h.otp.lastCode(a.phone) });
      expect(res.statusCode).toBe(200);
      return res.json().data.activeStoreBranch;
    };
    expect((await resume(puneId)).id).toBe(puneId);
    const other = await signUp(h, { businessName: 'Elsewhere Traders' });
    const foreign = other.profile.activeStoreBranch!.id;
    expect((await resume(foreign)).isDefault).toBe(true);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const res = await get(h.app, `/api/store-branch/branch/${encodeURIComponent(id)}`, a.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Branch not found' });
    }
  });
});

describe('tenant isolation', () => {
  let alphaBranch: string;
  beforeAll(async () => {
    alphaBranch = (await create(a, { name: 'Alpha Only', address: { street: 'X', city: 'Mumbai', stateCode: '27', pin: '400001' } })).json().data.id;
  });

  it("another business cannot read, change or activate a branch, and does not see it listed", async () => {
    const read = await get(h.app, `/api/store-branch/branch/${alphaBranch}`, b.cookie);
    expect(read.statusCode).toBe(404);
    expect(read.json().message).toBe('Branch not found');
    const change = await update(b, alphaBranch, { name: 'Hijacked', address: { street: 'X', city: 'Y', stateCode: '27', pin: '400001' } });
    expect(change.statusCode).toBe(404);
    const activate = await write(h.app, 'POST', '/api/store-branch/set-active', { branchId: alphaBranch }, { cookie: b.cookie });
    expect(activate.statusCode).toBe(404);
    expect((await list(b)).map((x) => x.id)).not.toContain(alphaBranch);
    expect((await list(b, 'Alpha')).length).toBe(0);
    // Unchanged for its owner.
    expect((await get(h.app, `/api/store-branch/branch/${alphaBranch}`, a.cookie)).json().data.name).toBe('Alpha Only');
    expect((await get(h.app, '/api/auth/profile', b.cookie)).json().data.activeStoreBranch.id).toBe(b.profile.activeStoreBranch!.id);
  });
});
