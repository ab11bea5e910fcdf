import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { chooseInSelect, enterPurchaseByKeyboard, OPEN_DROPDOWN, signUpViaApi, watchPageErrors, WRITE_HEADERS } from './support';

/*
 * Issue 11 §5: a month of a shop's books through the screens. Buy 10 of an item from a supplier in another state
 * (IGST shown), the stock rises; sell 3; pay the supplier half from the bank account; rent paid in cash as an
 * expense; cash deposited into the bank. Cash, bank, total and both parties' balances on screen are exactly:
 *
 *   Bank account HDFC Current opened with                                    20,000.00
 *   Purchase: 10 × 450.00 + IGST 18 % (810.00)                  = 5,310.00   supplier: you owe 5,310.00
 *   Half paid from the bank                                        2,655.00   bank 17,345.00; you owe 2,655.00
 *   Sale of 3 × 700.00 + 18 % (CGST + SGST 378.00)              = 2,478.00   on the sales screen
 *     of which 2,000.00 received in cash                                     cash 2,000.00; customer owes 478.00
 *   Rent 1,500.00 paid in cash                                               cash 500.00
 *   Deposit 300.00 of cash into the bank                                     cash 200.00; bank 17,645.00
 *   Total of the accounts                                                    17,845.00
 *   Stock: 0 + 10 − 3                                                        7
 *
 * The books of the month, on the three statements:
 *   Trial balance: every entry's debits (bank opening 20,000 + purchase 5,310 + payment 2,655 + sale 2,478 and its
 *   cost 1,350 + cash received 2,000 + rent 1,500 + deposit 300)                    = 35,593.00 = the credits
 *   Profit & loss: sales 2,100.00 − cost of goods sold 3 × 450.00 = 1,350.00 → gross profit 750.00;
 *   − rent 1,500.00                                                                 → net loss 750.00
 *   Balance sheet: assets cash 200 + bank 17,645 + customer 478 + stock 7 × 450 = 3,150 + input IGST 810
 *                                                                                   = 22,283.00
 *   against creditors 2,655 + output CGST 189 + SGST 189 = 3,033 (liabilities) + opening balance equity
 *   20,000 (capital) − the loss of 750                                              = 22,283.00
 */

const CSRF = { 'X-Requested-With': WRITE_HEADERS['X-Requested-With'] };
/** Delhi (07): inter-state to a shop in Maharashtra (27). */
const DELHI_GSTIN = '07AABCD1234E1ZA';

interface Ref {
  id: string;
  value: number;
  shortName?: string;
}

async function created(res: APIResponse): Promise<{ id: string }> {
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data;
}

/** A shop in Maharashtra with a mouse (none in stock), a bank account, a supplier in Delhi and a local customer. */
async function setUpShop(page: Page) {
  await signUpViaApi(page, { stateCode: '27' });
  const taxes: Ref[] = (await (await page.request.get('/api/item/taxes')).json()).data;
  const units: Ref[] = (await (await page.request.get('/api/item/units')).json()).data;
  const gst18 = taxes.find((t) => t.value === 18)!.id;
  await created(
    await page.request.post('/api/item/create', {
      headers: CSRF,
      multipart: {
        itemType: 'PRODUCT',
        itemName: 'Wireless Mouse',
        itemCode: 'MSE01',
        hsnCode: '8471',
        unit: units.find((u) => u.shortName === 'NOS')!.id,
        openingStock: '0',
        salePrice: '700',
        salePriceTaxType: 'WITHOUT_TAX',
        isSaleTaxApplicable: 'false',
        purchasePrice: '450',
        purchasePriceTaxType: 'WITHOUT_TAX',
        isPurchaseTaxApplicable: 'false',
        gstRate: gst18,
      },
    }),
  );
  await created(
    await page.request.post('/api/account/add-bank-account', {
      headers: WRITE_HEADERS,
      data: { displayName: 'HDFC Current', bankName: 'HDFC Bank', accountNumber: '50100123456789', ifsc: 'HDFC0001234', openingBalance: '20000' },
    }),
  );
  await created(
    await page.request.post('/api/party/create', {
      headers: WRITE_HEADERS,
      data: { name: 'Delhi Electronics', partyType: 'SUPPLIER', gstin: DELHI_GSTIN, mobileNumber: '9811012345' },
    }),
  );
  await created(
    await page.request.post('/api/party/create', {
      headers: WRITE_HEADERS,
      data: { name: 'Kothrud Stores', partyType: 'CUSTOMER', mobileNumber: '9822054321' },
    }),
  );
}

/** One of the statement's figure cards (its title, then its value), as a user reads it. */
const figure = (page: Page, region: string, title: string) =>
  page.getByRole('region', { name: region }).locator('.ant-card').filter({ has: page.getByText(title, { exact: true }) });

/** The reports home's tile of a statement, as a user opens it. */
async function openStatement(page: Page, title: string) {
  await page.goto('/reports');
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible({ timeout: 30_000 });
}

/** The balance the Payment in/out dialog of Cash & bank shows for a party, read as a user would; then closed. */
async function partyBalanceShown(page: Page, direction: 'Payment in' | 'Payment out', search: string, name: string) {
  await page.getByRole('button', { name: direction, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: direction });
  await dialog.getByRole('combobox', { name: 'Party' }).fill(search);
  await chooseInSelect(page, dialog, 'Party', name);
  const balance = dialog.getByLabel('Party balance');
  const close = async () => {
    // A party chosen is a change: closing asks before discarding it.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
  };
  return { balance, close };
}

test("a month's books: bought by keyboard with IGST, sold, supplier paid from the bank, rent in cash, cash deposited", async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchPageErrors(page);
  await setUpShop(page);

  // Buy 10 from Delhi: IGST on the bill, to the paisa.
  await enterPurchaseByKeyboard(page, {
    supplierSearch: 'Delhi',
    supplier: 'Delhi Electronics',
    billNo: 'DE/3301',
    itemSearch: 'mouse',
    item: 'Wireless Mouse',
    quantity: '10',
  });
  await expect(page.getByTestId('supply-type')).toHaveText('Inter-state: IGST');
  await expect(page.getByTestId('total-taxable')).toHaveText('₹4,500.00');
  await expect(page.getByTestId('total-igst')).toHaveText('₹810.00');
  await expect(page.getByTestId('total-cgst')).toHaveCount(0);
  await expect(page.getByTestId('total-grand')).toHaveText('₹5,310.00');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/purchases\/invoice\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('bill-igst')).toHaveText('₹810.00');
  await expect(page.getByTestId('bill-balance')).toHaveText('₹5,310.00');
  const billUrl = page.url();

  // The stock rose: the item search of a new bill says so.
  await page.goto('/purchase/create-invoice');
  await page.getByRole('combobox', { name: 'Add item' }).focus();
  await page.keyboard.type('mouse');
  await expect(page.locator(OPEN_DROPDOWN)).toContainText('10 NOS in stock');

  // Half of the bill paid from the bank account.
  await page.goto(billUrl);
  await page.getByRole('button', { name: /Record payment/ }).click();
  const payDialog = page.getByRole('dialog', { name: 'Record payment' });
  await payDialog.getByLabel('Amount').fill('2655');
  await chooseInSelect(page, payDialog, 'Payment mode', 'Bank transfer');
  await chooseInSelect(page, payDialog, 'Account', /^HDFC Current/);
  await payDialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment of ₹2,655.00 recorded')).toBeVisible();
  await expect(page.getByTestId('bill-balance')).toHaveText('₹2,655.00');

  // Sell 3 to the customer on the sales screen, 2,000.00 of it received now in cash.
  await page.goto('/sales/create-invoice');
  // The first visit loads the sales remote's billing code.
  await expect(page.getByTestId('number-preview')).toHaveText(/\/1$/, { timeout: 60_000 });
  await page.getByRole('combobox', { name: 'Customer' }).focus();
  await page.keyboard.type('Kothrud');
  await page.locator(OPEN_DROPDOWN).getByTitle('Kothrud Stores', { exact: true }).click();
  await expect(page.getByTestId('supply-type')).toHaveText('Intra-state: CGST + SGST');
  const itemSearch = page.getByRole('combobox', { name: 'Add item' });
  await itemSearch.focus();
  await page.keyboard.type('mouse');
  // What the purchase brought in is what the sale can take.
  await expect(page.locator(OPEN_DROPDOWN).getByTitle('Wireless Mouse', { exact: true })).toBeVisible();
  await expect(page.locator(OPEN_DROPDOWN)).toContainText('10 NOS in stock');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Quantity, line 1')).toBeFocused();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(itemSearch).toBeFocused();
  await expect(page.getByTestId('total-taxable')).toHaveText('₹2,100.00');
  await expect(page.getByTestId('total-cgst')).toHaveText('₹189.00');
  await expect(page.getByTestId('total-sgst')).toHaveText('₹189.00');
  await expect(page.getByTestId('total-grand')).toHaveText('₹2,478.00');
  await page.locator('.ant-radio-button-wrapper', { hasText: 'Part' }).click();
  await page.getByLabel('Amount', { exact: true }).fill('2000');
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Payment mode' }) })).toContainText('Cash');
  await expect(page.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Account' }) })).toContainText('Cash in hand');
  await page.keyboard.press('Control+Enter');
  await expect(page).toHaveURL(/\/sales\/invoice\/[0-9a-f-]{36}$/);
  const invoiceTotals = page.getByRole('article', { name: 'Tax invoice' }).getByRole('table', { name: 'Totals' });
  await expect(invoiceTotals).toContainText('Grand total₹2,478.00');
  await expect(invoiceTotals).toContainText('Received₹2,000.00');
  await expect(invoiceTotals).toContainText('Balance₹478.00');

  // Rent, paid in cash.
  await page.goto('/expenses');
  await page.getByRole('button', { name: 'Add expense' }).first().click();
  const drawer = page.getByRole('dialog', { name: 'Add expense' });
  await drawer.getByLabel('Amount').fill('1500');
  await chooseInSelect(page, drawer, 'Category', 'Rent');
  await expect(drawer.getByText('Balance ₹2,000.00')).toBeVisible();
  await drawer.getByRole('button', { name: 'Save expense' }).click();
  await expect(page.getByText(/Expense .+ of ₹1,500\.00 saved/)).toBeVisible();
  await expect(drawer).toBeHidden();

  // 300.00 of the cash deposited into the bank.
  await page.goto('/cash-bank');
  await page.getByRole('button', { name: 'Deposit', exact: true }).click();
  const deposit = page.getByRole('dialog', { name: 'Deposit cash' });
  await expect(deposit.getByText('Cash in hand has ₹500.00')).toBeVisible();
  await expect(deposit.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'To account' }) })).toContainText('HDFC Current');
  await deposit.getByLabel('Amount').fill('300');
  await deposit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('₹300.00 moved from Cash in hand to HDFC Current')).toBeVisible();
  await expect(deposit).toBeHidden();

  // The figures on screen.
  const accounts = page.getByRole('table', { name: 'Accounts' });
  await expect(accounts.getByRole('row').filter({ hasText: 'Cash in hand' })).toContainText('₹200.00');
  await expect(accounts.getByRole('row').filter({ hasText: 'HDFC Current' })).toContainText('₹17,645.00');
  await expect(page.getByLabel('Total balance')).toHaveText('₹17,845.00');

  const supplier = await partyBalanceShown(page, 'Payment out', 'Delhi', 'Delhi Electronics');
  await expect(supplier.balance).toHaveText('You owe ₹2,655.00');
  await supplier.close();
  const customer = await partyBalanceShown(page, 'Payment in', 'Kothrud', 'Kothrud Stores');
  await expect(customer.balance).toHaveText('Owes you ₹478.00');
  await customer.close();

  // The half paid to the supplier is on the purchases' Payments out tab, settling the bill.
  await page.goto('/purchases?tab=payments');
  const paymentRow = page.getByRole('row').filter({ hasText: 'Delhi Electronics' });
  await expect(paymentRow).toContainText('Bank transfer · HDFC Current');
  await expect(paymentRow).toContainText('₹2,655.00');
  await expect(paymentRow.getByRole('link', { name: /^PUR\// })).toBeVisible();
  await expect(page.locator('.ant-card').filter({ hasText: 'Paid out' })).toContainText('₹2,655.00');

  // 10 in, 3 out.
  await page.goto('/purchase/create-invoice');
  await page.getByRole('combobox', { name: 'Add item' }).focus();
  await page.keyboard.type('mouse');
  await expect(page.locator(OPEN_DROPDOWN)).toContainText('7 NOS in stock');

  // The trial balance of the month: debits equal credits, on the cards and in the table's total.
  await openStatement(page, 'Trial balance');
  await expect(figure(page, 'Trial balance totals', 'Total debit')).toContainText('₹35,593.00');
  await expect(figure(page, 'Trial balance totals', 'Total credit')).toContainText('₹35,593.00');
  await expect(figure(page, 'Trial balance totals', 'Closing debit balances')).toContainText('₹25,133.00');
  await expect(figure(page, 'Trial balance totals', 'Closing credit balances')).toContainText('₹25,133.00');
  await expect(page.getByText('Balanced: debits equal credits')).toBeVisible();
  await expect(page.getByTestId('totals-row')).toHaveText(/^Total₹35,593\.00₹35,593\.00/);
  const salesRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Sales', exact: true }) });
  await expect(salesRow).toContainText('₹2,100.00 Cr');
  // The Excel and PDF buttons download the same trial balance.
  for (const [name, type, head] of [
    ['Excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'PK'],
    ['PDF', 'application/pdf', '%PDF-'],
  ]) {
    const file = await page.request.get((await page.getByRole('link', { name: new RegExp(name) }).getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe(type);
    expect((await file.body()).subarray(0, head.length).toString()).toBe(head);
  }

  // One click on the sales figure opens the Sales ledger for the same month: the sale, and what it closes at.
  await salesRow.getByRole('link', { name: '₹2,100.00', exact: true }).click();
  await expect(page).toHaveURL(/\/reports\/accounts\/[0-9a-f-]{36}\?/);
  await expect(page.getByRole('heading', { name: 'Sales', exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Sale' }).getByRole('link', { name: /\/1$/ })).toBeVisible();
  await expect(page.getByTestId('closing-row')).toContainText('₹2,100.00 Cr');

  // Profit & loss: the trading account and the month's net result (a loss: the rent is more than the gross profit).
  await openStatement(page, 'Profit & loss');
  await expect(figure(page, 'Profit and loss figures', 'Sales')).toContainText('₹2,100.00');
  await expect(figure(page, 'Profit and loss figures', 'Gross profit')).toContainText('₹750.00');
  await expect(figure(page, 'Profit and loss figures', 'Expenses')).toContainText('₹1,500.00');
  await expect(figure(page, 'Profit and loss figures', 'Net loss')).toContainText('₹750.00');
  await expect(page.getByRole('row').filter({ hasText: 'Cost of goods sold' }).first()).toContainText('₹1,350.00');
  await expect(page.getByRole('row').filter({ hasText: 'Rent' })).toContainText('₹1,500.00');
  await expect(page.getByTestId('net-profit-row')).toHaveText(/^Net loss₹750\.00/);

  // Balance sheet: the assets against liabilities, capital and the loss, balanced.
  await openStatement(page, 'Balance sheet');
  await expect(figure(page, 'Balance sheet figures', 'Assets')).toContainText('₹22,283.00');
  await expect(figure(page, 'Balance sheet figures', 'Liabilities')).toContainText('₹3,033.00');
  await expect(figure(page, 'Balance sheet figures', 'Capital')).toContainText('₹20,000.00');
  await expect(figure(page, 'Balance sheet figures', 'Loss to date')).toContainText('₹750.00');
  await expect(page.getByText('Balanced: assets equal liabilities, capital and profit to date')).toBeVisible();
  await expect(page.getByTestId('assets-total')).toContainText('₹22,283.00');
  await expect(page.getByTestId('liabilities-total')).toContainText('₹22,283.00');
  expect(errors).toEqual([]);
});
