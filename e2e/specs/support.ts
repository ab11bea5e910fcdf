import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** The select dropdown that is open: not one still animating out after the previous select closed. */
export const OPEN_DROPDOWN = '.ant-select-dropdown:not([class*="-leave"]):visible';

/** The newest OTP the API wrote to the outbox for this phone (the test OTP sender). */
export async function otpFor(phone: string, purpose: 'signup' | 'login'): Promise<string> {
  const outbox = process.env.BAHI_E2E_OUTBOX!;
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const lines = fs.readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
        const mine = lines.map((l) => JSON.parse(l)).filter((m) => m.phone === phone && m.purpose === purpose);
        code = mine.at(-1)?.code;
        return code;
      },
      { message: `an OTP for ${phone} in the outbox` },
    )
    .toBeTruthy();
  return code!;
}

let counter = 0;
/** A phone number no other test in this run uses. */
export function freshPhone(): string {
  counter += 1;
  return `9${String(Date.now() % 1e7).padStart(7, '0')}${String(counter).padStart(2, '0')}`;
}

/**
 * Collects uncaught page errors, and every Content-Security-Policy violation the browser reports, so a test can
 * assert there were none: the composed app must work under its policy.
 */
export function watchPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) errors.push(new Error(`CSP violation: ${m.text()}`));
  });
  return errors;
}

export const WRITE_HEADERS = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' };

export interface SignedUp {
  phone: string;
  name: string;
  businessName: string;
}

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A valid GSTIN of the state for a test business (its PAN from the phone), with its mod-36 check character. */
export function testGstin(stateCode: string, phone: string): string {
  const first14 = `${stateCode}AABCT${phone.slice(-4)}A1Z`;
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARSET.indexOf(first14[i]) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return first14 + GSTIN_CHARSET[(36 - (sum % 36)) % 36];
}

/**
 * Signs a new business up through the API with the OTP from the outbox; the page's browser context then holds
 * the session cookie, so the next navigation lands signed in. For tests whose subject is not the login screen.
 * The business is registered (a REGULAR GSTIN of its state: it issues tax invoices) unless `unregistered`.
 */
export async function signUpViaApi(
  page: Page,
  opts: Partial<SignedUp> & { stateCode?: string; unregistered?: boolean } = {},
): Promise<SignedUp> {
  const phone = opts.phone ?? freshPhone();
  const name = opts.name ?? 'Asha Verma';
  const businessName = opts.businessName ?? `Verma Traders ${phone.slice(-4)}`;
  const stateCode = opts.stateCode ?? '27';
  const signup = await page.request.post('/api/auth/signup', {
    headers: WRITE_HEADERS,
    data: { name, businessName, mobileNumber: phone, stateCode, ...(opts.unregistered ? {} : { gstin: testGstin(stateCode, phone) }) },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const otp = await otpFor(phone, 'signup');
  const verify = await page.request.post('/api/auth/verify-signup', {
    headers: WRITE_HEADERS,
    data: { mobileNumber: phone, otp },
  });
  expect(verify.status(), await verify.text()).toBe(200);
  return { phone, name, businessName };
}

/**
 * Switches the active branch with the header's switcher, as a user does, and waits for its confirmation. An option
 * clicked while the dropdown is still opening can be missed (the user would click again): so does this.
 */
export async function switchBranch(page: Page, name: string): Promise<void> {
  const dropdown = page.locator(OPEN_DROPDOWN);
  await expect(async () => {
    if ((await dropdown.count()) === 0) await page.getByLabel('Active branch', { exact: true }).click();
    await dropdown.getByTitle(new RegExp(`^${name}`)).click({ timeout: 2_000 });
    await expect(page.getByText(`${name} is now the active branch`)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Opens "About Bahi" from the account menu and answers its dialog. The menu entry clicked while the menu is still
 * opening can be missed under load (the user would click again): so does this, until the dialog shows.
 */
/**
 * Logs out from the account menu. A click that lands while the menu is still opening is lost: the menu is opened
 * and the item clicked again until the login page shows.
 */
export async function logOutFromMenu(page: Page) {
  const item = page.getByRole('menuitem', { name: 'Log out' });
  await expect(async () => {
    if (new URL(page.url()).pathname === '/login') return;
    if (!(await item.isVisible())) await page.getByRole('button', { name: /^Account:/ }).click({ timeout: 2_000 });
    await item.click({ timeout: 2_000 });
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** Which build renders the page open now, as About names it ("Store branches · mf_branches 0.2.0"); About is closed again. */
export async function expectAreaBuild(page: Page, build: string | RegExp, how: 'is' | 'contains' = 'is') {
  const about = await openAbout(page);
  const line = about.getByTestId('area-build');
  if (how === 'is') await expect(line).toHaveText(build);
  else await expect(line).toContainText(build);
  await page.keyboard.press('Escape');
  await expect(about).toBeHidden();
}

export async function openAbout(page: Page): Promise<Locator> {
  const about = page.getByRole('dialog', { name: 'About Bahi' });
  await expect(async () => {
    if (await about.isVisible()) return;
    const entry = page.getByRole('menuitem', { name: 'About Bahi' });
    if (!(await entry.isVisible())) await page.getByRole('button', { name: /^Account:/ }).click({ timeout: 2_000 });
    await entry.click({ timeout: 2_000 });
    await expect(about).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  return about;
}

export interface PurchaseLineByKeyboard {
  /** What is typed in the supplier search, and the supplier's name as listed. */
  supplierSearch: string;
  supplier: string;
  /** The supplier's own bill number. */
  billNo: string;
  itemSearch: string;
  item: string;
  quantity: string;
}

/**
 * Opens a new purchase bill and enters it by keyboard as a clerk does: supplier, their bill number, one item line
 * with its quantity; leaves the focus back in the item search, unsaved (Ctrl+Enter saves it).
 */
export async function enterPurchaseByKeyboard(page: Page, bill: PurchaseLineByKeyboard): Promise<void> {
  await page.goto('/purchase/create-invoice');
  // The first visit loads the remote's code.
  await expect(page.getByTestId('number-preview')).toHaveText(/^PUR\//, { timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Supplier' }).focus();
  await page.keyboard.type(bill.supplierSearch);
  await page.locator(OPEN_DROPDOWN).getByTitle(bill.supplier, { exact: true }).click();
  // Picking the supplier moves on to their bill number; Enter there goes to the item search.
  await expect(page.getByLabel("Supplier's bill no.")).toBeFocused();
  await page.keyboard.type(bill.billNo);
  await page.keyboard.press('Enter');
  const search = page.getByRole('combobox', { name: 'Add item' });
  await expect(search).toBeFocused();
  await page.keyboard.type(bill.itemSearch);
  await expect(page.locator(OPEN_DROPDOWN).getByTitle(bill.item, { exact: true })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity, line 1')).toBeFocused();
  await page.keyboard.type(bill.quantity);
  await page.keyboard.press('Enter');
  await expect(search).toBeFocused();
}

/**
 * Picks `option` in the antd select labelled `label` within `scope`, then checks the select shows it. An option
 * clicked while its dropdown is still opening can be missed (a user would click again): so does this.
 */
export async function chooseInSelect(page: Page, scope: Locator, label: string, option: string | RegExp): Promise<void> {
  const combobox = scope.getByRole('combobox', { name: label });
  const select = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
  const dropdown = page.locator(OPEN_DROPDOWN);
  await expect(async () => {
    if ((await dropdown.count()) === 0) await combobox.click();
    await dropdown.getByTitle(option, { exact: typeof option === 'string' }).click({ timeout: 2_000 });
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}
