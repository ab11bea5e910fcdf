import { expect, test } from '@playwright/test';
import { logOutFromMenu, otpFor, signUpViaApi, watchPageErrors, WRITE_HEADERS } from './support';

const CSRF = { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] };

test('a session ended on the server while an area is open: the next action asks to sign in, then returns to that screen', async ({
  page,
  context,
}) => {
  const errors = watchPageErrors(page);
  const { phone } = await signUpViaApi(page);
  for (const [itemName, itemCode] of [
    ['Lifebuoy soap 100 g', 'SOAP100G'],
    ['Tata salt 1 kg', 'SALT1KG'],
  ]) {
    const created = await page.request.post('/api/item/create', { headers: CSRF, multipart: { itemType: 'PRODUCT', itemName, itemCode } });
    expect(created.status(), await created.text()).toBe(201);
  }
  await page.goto('/items');
  await expect(page.getByRole('link', { name: 'Tata salt 1 kg' })).toBeVisible();

  // The session ends on the server (here a logout from another request); the browser still holds its cookie.
  const cookies = await context.cookies();
  const logout = await page.request.post('/api/auth/logout', { headers: WRITE_HEADERS, data: {} });
  expect(logout.status(), await logout.text()).toBe(200);
  await context.addCookies(cookies);
  const refused: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 401) refused.push(new URL(res.url()).pathname);
  });

  // The next action: a search. Its request is refused, and the app asks to sign in, remembering the screen.
  await page.getByRole('textbox', { name: 'Search items' }).fill('soap');
  await expect(page).toHaveURL(/\/login\?next=%2Fitems%3Fq%3Dsoap$/);
  await expect(page.getByRole('status')).toHaveText('Your session has ended. Sign in again to go back to where you were.');
  // Once: the request the search made, and nothing retried or revalidated after it.
  expect(refused).toEqual(['/api/item/items']);

  await page.getByLabel('Mobile number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('One-time code').fill(await otpFor(phone, 'login'));
  await expect(page).toHaveURL(/\/items\?q=soap$/);
  await expect(page.getByRole('link', { name: 'Lifebuoy soap 100 g' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tata salt 1 kg' })).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Search items' })).toHaveValue('soap');
  expect(refused).toEqual(['/api/item/items']);
  expect(errors).toEqual([]);
});

test('logging out of an area goes to a plain /login: whoever signs in next on this browser starts at home', async ({ page }) => {
  const errors = watchPageErrors(page);
  // The next person's account, made first: signing up signs in, so that session is ended again at once.
  const second = await signUpViaApi(page, { name: 'Ravi Kulkarni' });
  await page.request.post('/api/auth/logout', { headers: WRITE_HEADERS, data: {} });
  await signUpViaApi(page);
  await page.goto('/sales');
  await expect(page.getByRole('tab', { name: 'Invoices' })).toBeVisible();

  await logOutFromMenu(page);
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Mobile number').fill(second.phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('One-time code').fill(await otpFor(second.phone, 'login'));
  await expect(page.getByText(/Good (morning|afternoon|evening), Ravi/)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(errors).toEqual([]);
});

test('a branch made active in another tab is followed by this one when the user comes back to it', async ({ page, context }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  const created = await page.request.post('/api/store-branch/create-branch', {
    headers: WRITE_HEADERS,
    data: { name: 'Nashik godown', address: { street: 'Plot 7, MIDC', city: 'Nashik', stateCode: '27', pin: '422010' } },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/store-branch');
  await expect(page.getByText(/2 branches · active: /)).toBeVisible();
  await expect(page.getByText('2 branches · active: Nashik godown')).toBeHidden();

  const other = await context.newPage();
  await other.goto('/store-branch');
  await other.getByRole('button', { name: 'Make Nashik godown active' }).click();
  await expect(other.getByText('Nashik godown is now the active branch')).toBeVisible();

  // Back to the first tab: it reads the branch cookie the other tab's switch set.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(page.getByText('2 branches · active: Nashik godown')).toBeVisible();
  await expect(page.locator('.bahi-branch-switcher')).toContainText('Nashik godown');
  expect(errors).toEqual([]);
});
