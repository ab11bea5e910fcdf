import { expect, test, type Locator, type Page } from '@playwright/test';
import { OPEN_DROPDOWN, freshPhone, otpFor, signUpViaApi, watchPageErrors, WRITE_HEADERS } from './support';

/*
 * Staff: the owner invites a biller for one branch on the Users & roles screen; the biller logs in on another
 * browser with the OTP sent to their number and bills at that branch; the owner deactivates the biller, whose
 * next click lands on the login page.
 */

const CSRF = { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] };

/** A second branch with stock of one item, and a customer: set up through the API, they are not the subject here. */
async function setUpShop(page: Page) {
  const branch = await page.request.post('/api/store-branch/create-branch', {
    headers: WRITE_HEADERS,
    data: { name: 'Pune Camp', address: { street: '12 MG Road', city: 'Pune', stateCode: '27', pin: '411001' } },
  });
  expect(branch.status(), await branch.text()).toBe(201);
  const puneId: string = (await branch.json()).data.id;
  // The opening stock is the active branch's: Pune Camp's.
  const active = await page.request.post('/api/store-branch/set-active', { headers: WRITE_HEADERS, data: { branchId: puneId } });
  expect(active.status(), await active.text()).toBe(200);
  const taxes: { id: string; value: number }[] = (await (await page.request.get('/api/item/taxes')).json()).data;
  const units: { id: string; shortName: string }[] = (await (await page.request.get('/api/item/units')).json()).data;
  const item = await page.request.post('/api/item/create', {
    headers: CSRF,
    multipart: {
      itemType: 'PRODUCT',
      itemName: 'USB-C Cable',
      itemCode: 'CBL001',
      hsnCode: '8544',
      unit: units.find((u) => u.shortName === 'NOS')!.id,
      openingStock: '10',
      salePrice: '100',
      salePriceTaxType: 'WITHOUT_TAX',
      isSaleTaxApplicable: 'false',
      purchasePriceTaxType: 'WITHOUT_TAX',
      isPurchaseTaxApplicable: 'false',
      gstRate: taxes.find((t) => t.value === 18)!.id,
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  const party = await page.request.post('/api/party/create', {
    headers: WRITE_HEADERS,
    data: { name: 'Pune Traders', partyType: 'CUSTOMER', gstin: '27AAACP5678D1ZB', mobileNumber: '9822012345' },
  });
  expect(party.status(), await party.text()).toBe(201);
  return puneId;
}

/** Opens Users & roles from the account menu (a click while the menu is still opening is tried again). */
async function openUsers(page: Page, ownerName: string) {
  await expect(async () => {
    if (new URL(page.url()).pathname === '/settings/users') return;
    const entry = page.getByRole('menuitem', { name: 'Users & roles' });
    if (!(await entry.isVisible())) await page.getByRole('button', { name: `Account: ${ownerName}` }).click({ timeout: 2_000 });
    await entry.click({ timeout: 2_000 });
    await page.waitForURL((url) => url.pathname === '/settings/users', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/**
 * Chooses an option of an antd select, retrying a click made while the list was still opening; a multiple select
 * stays open after a choice, and is closed by clicking `closeBy` (elsewhere in the dialog).
 */
async function choose(page: Page, label: string, option: string, closeBy?: Locator) {
  const dropdown = page.locator(OPEN_DROPDOWN);
  await expect(async () => {
    if ((await dropdown.count()) === 0) await page.getByRole('combobox', { name: label }).click({ timeout: 2_000 });
    await dropdown.getByTitle(option, { exact: true }).click({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  if (closeBy) await closeBy.click();
  await expect(dropdown).toHaveCount(0);
}

test('the owner invites a biller for one branch; the biller bills there; once deactivated, their next click asks them to log in', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const errors = watchPageErrors(page);
  const owner = await signUpViaApi(page, { name: 'Ravi Shah', stateCode: '27' });
  await setUpShop(page);

  // --- The owner invites the biller on the screen. ---
  await page.goto('/');
  await openUsers(page, owner.name);
  await expect(page.getByRole('heading', { name: 'Users & roles' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ravi Shah/ })).toContainText('Owner');

  const billerPhone = freshPhone();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite user' });
  await dialog.getByLabel('Name').fill('Meena Joshi');
  await dialog.getByLabel('Mobile number').fill(billerPhone);
  await choose(page, 'Role', 'Biller');
  await dialog.getByText('Some branches').click();
  await choose(page, 'Branches they work at', 'Pune Camp', dialog.getByText('Invite user', { exact: true }));
  await dialog.getByRole('button', { name: 'Invite' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /Meena Joshi/ });
  await expect(row).toContainText('Biller');
  await expect(row).toContainText('Pune Camp');
  await expect(row).toContainText('Active');

  // --- The biller logs in on another browser, with the OTP sent to their number, and bills at Pune Camp. ---
  const billerContext = await browser.newContext();
  const biller = await billerContext.newPage();
  const billerErrors = watchPageErrors(biller);
  await biller.goto('/login');
  await biller.getByLabel('Mobile number').fill(billerPhone);
  await biller.getByRole('button', { name: 'Send code' }).click();
  const firstCode = await otpFor(billerPhone, 'login');
  await biller.getByLabel('One-time code').fill(firstCode);
  await expect(biller.getByText(/Good (morning|afternoon|evening), Meena/)).toBeVisible();
  await expect(biller.locator('.bahi-branch-switcher')).toContainText('Pune Camp');
  // A biller manages no users.
  await biller.getByRole('button', { name: 'Account: Meena Joshi' }).click();
  await expect(biller.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(biller.getByRole('menuitem', { name: 'Users & roles' })).toHaveCount(0);
  await biller.keyboard.press('Escape');

  await biller.goto('/sales/create-invoice');
  await expect(biller.getByTestId('number-preview')).toHaveText(/\/1$/, { timeout: 60_000 });
  await biller.getByRole('combobox', { name: 'Customer' }).focus();
  await biller.keyboard.type('pune');
  await biller.locator(OPEN_DROPDOWN).getByTitle('Pune Traders', { exact: true }).click();
  const search = biller.getByRole('combobox', { name: 'Add item' });
  await search.focus();
  await biller.keyboard.type('cable');
  await expect(biller.locator(OPEN_DROPDOWN).getByTitle('USB-C Cable', { exact: true })).toBeVisible();
  await biller.keyboard.press('Enter');
  await biller.keyboard.press('Enter');
  await expect(search).toBeFocused();
  await expect(biller.getByTestId('total-grand')).toHaveText('₹118.00');
  await biller.keyboard.press('Control+Enter');
  await expect(biller).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}$/);
  const invoiceId = biller.url().split('/').at(-1)!;
  const sale = await biller.request.get(`/api/sale/sale-invoice/${invoiceId}`);
  expect(sale.status(), await sale.text()).toBe(200);
  expect((await sale.json()).data.branch.name).toBe('Pune Camp');
  const invoiceNumber: string = (await sale.json()).data.invoiceNumber;

  // --- A biller cannot open Purchases or Reports, and sees no purchase price (nor does the API send one). ---
  const billerNav = biller.getByRole('navigation').first();
  await expect(billerNav.getByRole('link', { name: 'Sales', exact: true })).toBeVisible();
  await expect(billerNav.getByRole('link', { name: 'Purchases', exact: true })).toHaveCount(0);
  await expect(billerNav.getByRole('link', { name: 'Reports', exact: true })).toHaveCount(0);
  for (const path of ['/purchases', '/reports']) {
    await biller.goto(path);
    await expect(biller.getByText('You do not have access'), path).toBeVisible();
  }
  const items = await biller.request.get('/api/item/items');
  expect(items.status(), await items.text()).toBe(200);
  const cable = (await items.json()).data.find((i: { itemName: string }) => i.itemName === 'USB-C Cable');
  expect(cable).toBeDefined();
  expect(cable).not.toHaveProperty('purchasePrice');
  await biller.goto('/items');
  await expect(biller.getByText('USB-C Cable').first()).toBeVisible();
  await expect(biller.getByText(/Purchase Price/i)).toHaveCount(0);

  // --- The owner reads the biller's invoice in Activity. ---
  await page.goto('/reports/activity');
  const made = page.getByRole('row').filter({ hasText: 'Meena Joshi' }).filter({ hasText: 'Sale invoice' });
  await expect(made.first()).toBeVisible();
  await made.first().getByRole('link', { name: 'Sale invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/sales/invoice/${invoiceId}$`));
  await expect(page.getByText(invoiceNumber).first()).toBeVisible();
  await page.goto('/settings/users');

  // --- The owner deactivates the biller; the biller's next click lands on the login page. ---
  await page.reload();
  await row.getByRole('button', { name: 'Deactivate Meena Joshi' }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('Meena Joshi is deactivated and logged out')).toBeVisible();
  await expect(row).toContainText('Deactivated');

  await biller.getByRole('navigation').first().getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(biller).toHaveURL(/\/login(\?|$)/);
  // Logging in again is refused, with the reason.
  await biller.getByLabel('Mobile number').fill(billerPhone);
  await biller.getByRole('button', { name: 'Send code' }).click();
  // The new code, once the outbox has it (the first one is used up).
  let secondCode = firstCode;
  await expect.poll(async () => (secondCode = await otpFor(billerPhone, 'login'))).not.toBe(firstCode);
  await biller.getByLabel('One-time code').fill(secondCode);
  await expect(biller.getByText(/Your access to .* has been deactivated/)).toBeVisible();

  await billerContext.close();
  expect(errors).toEqual([]);
  expect(billerErrors).toEqual([]);
});
