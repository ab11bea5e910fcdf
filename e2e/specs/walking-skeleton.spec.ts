import { expect, test, type Page } from '@playwright/test';
import { freshPhone, logOutFromMenu, otpFor, signUpViaApi, watchPageErrors } from './support';

async function enterOtp(page: Page, phone: string, purpose: 'signup' | 'login') {
  const code = await otpFor(phone, purpose);
  await page.getByLabel('One-time code').fill(code);
}

test('a newcomer signs up, manages branches, switches the active one and logs out', async ({ page }) => {
  const errors = watchPageErrors(page);
  const phone = freshPhone();

  await page.goto('/');
  await page.getByRole('link', { name: 'Create account' }).first().click();
  await expect(page).toHaveURL(/\/signup/);
  await page.getByLabel('Your name').fill('Meera Iyer');
  await page.getByLabel('Business name').fill('Iyer Provisions');
  await page.getByLabel('Mobile number').fill(phone);
  // The state is asked: it decides the tax of the first invoice.
  await page.getByLabel('State').selectOption('27');
  await page.getByRole('button', { name: /send code|create account|continue/i }).click();
  await enterOtp(page, phone, 'signup');

  // Home dashboard inside the layout: sidebar with every area, header, footer.
  await expect(page.getByText('Iyer Provisions').first()).toBeVisible();
  const sidebar = page.getByRole('navigation').first();
  for (const area of ['Parties', 'Items', 'Sales', 'Purchases', 'Expenses', 'Cash & Bank', 'Reports', 'E-invoicing', 'Automated bills', 'Store branches']) {
    await expect(sidebar.getByRole('link', { name: area, exact: true })).toBeVisible();
  }
  await expect(page.locator('footer')).toContainText('Bahi');
  await expect(page.locator('header').first()).toContainText('Main Branch');

  // Create a branch in the mf-branches remote.
  await sidebar.getByRole('link', { name: 'Store branches', exact: true }).click();
  await expect(page).toHaveURL(/\/store-branch$/);
  await page.getByRole('button', { name: 'Create branch' }).first().click();
  const drawer = page.getByRole('dialog');
  await drawer.getByLabel('Branch name').fill('Andheri West');
  await drawer.getByLabel('GSTIN').fill('27AAPFU0939F1ZV');
  await drawer.getByRole('radio', { name: 'Regular (tax invoices)' }).check();
  await drawer.getByLabel('Street').fill('12 Link Road');
  await drawer.getByLabel('City').fill('Mumbai');
  await drawer.getByLabel('PIN code').fill('400053');
  // What was typed is what is sent: on a loaded machine the drawer's form may settle after the first keystrokes.
  for (const [label, value] of [['Branch name', 'Andheri West'], ['Street', '12 Link Road'], ['City', 'Mumbai'], ['PIN code', '400053']]) {
    await expect(async () => {
      if ((await drawer.getByLabel(label).inputValue()) !== value) await drawer.getByLabel(label).fill(value);
      await expect(drawer.getByLabel(label)).toHaveValue(value, { timeout: 1000 });
    }).toPass();
  }
  await drawer.getByRole('button', { name: 'Create branch' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('link', { name: 'Andheri West' }).click();

  // Its detail, then make it active: the header follows.
  await expect(page).toHaveURL(/\/store-branch\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: /Andheri West/ })).toBeVisible();
  await expect(page.getByText('27AAPFU0939F1ZV').first()).toBeVisible();
  await expect(page.getByText('Maharashtra').first()).toBeVisible();
  await page.getByRole('button', { name: 'Make active' }).click();
  await expect(page.getByText('Andheri West is now the active branch')).toBeVisible();
  await expect(page.locator('header').first()).toContainText('Andheri West');

  // Log out; a deep link goes to login and comes back after it.
  await logOutFromMenu(page);
  await page.goto('/store-branch');
  await expect(page).toHaveURL(/\/login\?next=%2Fstore-branch/);
  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await enterOtp(page, phone, 'login');
  await expect(page).toHaveURL(/\/store-branch$/);
  await expect(page.getByRole('link', { name: 'Andheri West' })).toBeVisible();
  await expect(page.locator('header').first()).toContainText('Andheri West');
  expect(errors).toEqual([]);
});

test("one remote's files unreachable: its boundary shows, the others work, Retry recovers", async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  let blocked = true;
  await page.route('**/remotes/mf-branches/**', (route) => (blocked ? route.abort('connectionrefused') : route.fallback()));

  await page.goto('/store-branch');
  await expect(page.getByText(/Store branches/).first()).toBeVisible();
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible({ timeout: 8_000 });

  // Another area still works.
  await page.getByRole('navigation').first().getByRole('link', { name: 'Reports', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();

  await page.goto('/store-branch');
  await expect(retry).toBeVisible({ timeout: 8_000 });
  blocked = false;
  await retry.click();
  await expect(page.getByRole('button', { name: 'Create branch' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Main Branch' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the API documentation page works under the Content-Security-Policy', async ({ page }) => {
  const errors = watchPageErrors(page);
  const res = await page.goto('/api/docs/');
  expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
  // swagger-ui's bundle is large: parsing it takes a while on a busy machine.
  await expect(page.getByRole('heading', { name: /Bahi API/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('/api/auth/signup').first()).toBeVisible();
  expect(errors).toEqual([]);
});
