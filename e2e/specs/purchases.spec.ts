import { expect, test, type Page } from '@playwright/test';
import { enterPurchaseByKeyboard, OPEN_DROPDOWN, signUpViaApi, watchPageErrors, WRITE_HEADERS } from './support';

/*
 * Issue 11 §5 (the purchase part): buy 10 units of an item from a supplier in another state by keyboard (IGST
 * shown, to the paisa), see the stock rise, and pay the supplier half of the bill from cash. The shop first sells 4
 * for cash through the API, so there is cash to pay with (cash never goes below 0).
 */

const CSRF = { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] };
/** Delhi (07): inter-state to a shop in Maharashtra (27). */
const DELHI_GSTIN = '07AABCD1234E1ZA';

interface Ref {
  id: string;
  value: number;
  shortName?: string;
}

async function itemOf(page: Page, name: string): Promise<{ id: string; netQuantity: number }> {
  const res = await page.request.get('/api/item/items', { params: { q: name, page: 1, pageSize: 5 } });
  const items: { id: string; itemName: string; netQuantity: number }[] = (await res.json()).data;
  return items.find((i) => i.itemName === name)!;
}

async function cashBalance(page: Page): Promise<string> {
  const accounts: { type: string; balance: string }[] = (await (await page.request.get('/api/account/bank-accounts')).json()).data;
  return accounts.find((a) => a.type === 'CASH')!.balance;
}

/** A shop in Maharashtra with 4 mice in stock (sold for cash at once), and a supplier in Delhi; set up through the API. */
async function setUpShop(page: Page) {
  await signUpViaApi(page, { stateCode: '27' });
  const taxes: Ref[] = (await (await page.request.get('/api/item/taxes')).json()).data;
  const units: Ref[] = (await (await page.request.get('/api/item/units')).json()).data;
  const gst18 = taxes.find((t) => t.value === 18)!.id;
  const item = await page.request.post('/api/item/create', {
    headers: CSRF,
    multipart: {
      itemType: 'PRODUCT',
      itemName: 'Wireless Mouse',
      itemCode: 'MSE01',
      hsnCode: '8471',
      unit: units.find((u) => u.shortName === 'NOS')!.id,
      openingStock: '4',
      salePrice: '699',
      salePriceTaxType: 'WITHOUT_TAX',
      isSaleTaxApplicable: 'false',
      purchasePrice: '450',
      purchasePriceTaxType: 'WITHOUT_TAX',
      isPurchaseTaxApplicable: 'false',
      gstRate: gst18,
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  const mouse = await itemOf(page, 'Wireless Mouse');
  // 4 × 699 + 18 %: 3,299.28, rounded to 3,299.00, received in cash.
  const sale = await page.request.post('/api/sale/create-sale', {
    headers: WRITE_HEADERS,
    data: {
      lines: [{ itemId: mouse.id, quantity: '4', unitPrice: '699', priceIncludesTax: false, gstRateId: gst18 }],
      payment: { amount: '3299.00', mode: 'CASH' },
    },
  });
  expect(sale.status(), await sale.text()).toBe(201);
  const supplier = await page.request.post('/api/party/create', {
    headers: WRITE_HEADERS,
    data: { name: 'Delhi Electronics', partyType: 'SUPPLIER', gstin: DELHI_GSTIN, mobileNumber: '9811012345' },
  });
  expect(supplier.status(), await supplier.text()).toBe(201);
}

test('a bill from a supplier in another state entered by keyboard: IGST, stock in, half paid from cash', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchPageErrors(page);
  await setUpShop(page);
  expect((await itemOf(page, 'Wireless Mouse')).netQuantity).toBe(0);
  expect(await cashBalance(page)).toBe('3299.00');

  await enterPurchaseByKeyboard(page, {
    supplierSearch: 'Delhi',
    supplier: 'Delhi Electronics',
    billNo: 'DE/2291',
    itemSearch: 'mouse',
    item: 'Wireless Mouse',
    quantity: '10',
  });

  // 10 × 450.00 at 18 % from Delhi into Maharashtra: IGST 810.00.
  await expect(page.getByTestId('supply-type')).toHaveText('Inter-state: IGST');
  await expect(page.getByTestId('total-taxable')).toHaveText('₹4,500.00');
  await expect(page.getByTestId('total-igst')).toHaveText('₹810.00');
  await expect(page.getByTestId('total-cgst')).toHaveCount(0);
  await expect(page.getByTestId('total-grand')).toHaveText('₹5,310.00');
  await expect(page.getByTestId('total-itc')).toHaveText('₹810.00');
  await page.keyboard.press('Control+Enter');

  await expect(page).toHaveURL(/\/purchases\/invoice\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 3 })).toContainText(/Purchase PUR\/\d\d-\d\d\/1/);
  await expect(page.getByText('Bill DE/2291 of Delhi Electronics')).toBeVisible();
  await expect(page.getByTestId('bill-igst')).toHaveText('₹810.00');
  await expect(page.getByTestId('bill-grand')).toHaveText('₹5,310.00');
  await expect(page.getByTestId('bill-balance')).toHaveText('₹5,310.00');
  expect((await itemOf(page, 'Wireless Mouse')).netQuantity).toBe(10);

  // Half of it paid in cash: the dialog takes Cash in hand for the mode Cash.
  await page.getByRole('button', { name: /Record payment/ }).click();
  const payDialog = page.getByRole('dialog', { name: 'Record payment' });
  await payDialog.getByLabel('Amount').fill('2655');
  await payDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of ₹2,655.00 recorded')).toBeVisible();
  await expect(page.getByTestId('bill-balance')).toHaveText('₹2,655.00');
  await expect(page.getByRole('heading', { level: 3 })).toContainText('Part paid');
  expect(await cashBalance(page)).toBe('644.00');

  // The list has the bill with its sums; the item search shows the stock that came in.
  await page.goto('/purchases');
  const row = page.getByRole('row').filter({ hasText: 'DE/2291' });
  await expect(row).toContainText('₹5,310.00');
  await expect(row).toContainText('₹2,655.00');
  await page.goto('/purchase/create-invoice');
  await page.getByRole('combobox', { name: 'Add item' }).focus();
  await page.keyboard.type('mouse');
  await expect(page.locator(OPEN_DROPDOWN)).toContainText('10 NOS in stock');
  expect(errors).toEqual([]);
});
