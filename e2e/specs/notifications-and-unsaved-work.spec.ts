import { expect, test } from '@playwright/test';
import { WRITE_HEADERS, signUpViaApi, switchBranch, watchPageErrors } from './support';

// One notification system in every area, and unsaved work never lost silently.

test('the branch switcher confirms with a seed §9 notification: top-right, a status, reachable with Alt+T', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  const created = await page.request.post('/api/store-branch/create-branch', {
    headers: WRITE_HEADERS,
    data: { name: 'Nashik Godown', address: { street: 'Plot 4, MIDC', city: 'Nashik', stateCode: '27', pin: '422010' } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await page.goto('/');
  await switchBranch(page, 'Nashik Godown');

  const region = page.getByRole('region', { name: 'Notifications alt+T' });
  const note = region.getByRole('status').filter({ hasText: 'Nashik Godown is now the active branch' });
  await expect(note).toBeVisible();
  await expect(page.locator('header').first()).toContainText('Nashik Godown');
  // No antd message at the top centre: the one notification host, at the top right.
  await expect(page.locator('.ant-message')).toHaveCount(0);
  const box = await note.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && viewport.width - (box.x + box.width)).toBeLessThan(40);
  expect(box?.y).toBeLessThan(40);

  // Alt+T takes the keyboard to it; Enter on its close button closes it.
  await page.keyboard.press('Alt+t');
  await expect(note.getByRole('button', { name: 'Close notification' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(note).toBeHidden();
  expect(errors).toEqual([]);
});

test('closing the item dialog with changes asks first; without changes it just closes', async ({ page }) => {
  const errors = watchPageErrors(page);
  await signUpViaApi(page);
  await page.goto('/items');
  const dialog = page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: /^Create New Item$/ }) });
  const confirm = page.locator('.ant-modal-confirm').filter({ hasText: 'Discard unsaved changes?' });

  // Nothing typed: Esc closes at once.
  await page.getByRole('button', { name: /Add Item/ }).first().click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(confirm).toHaveCount(0);

  // Typed something: Esc asks, and Keep editing keeps it.
  await page.getByRole('button', { name: /Add Item/ }).first().click();
  await dialog.getByLabel('Item Name', { exact: true }).fill('Half-typed phone');
  await page.keyboard.press('Escape');
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Keep editing' }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog.getByLabel('Item Name', { exact: true })).toHaveValue('Half-typed phone');

  // The close icon asks too; Discard changes closes, and nothing was saved.
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await confirm.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('No items yet')).toBeVisible();
  expect(errors).toEqual([]);
});
