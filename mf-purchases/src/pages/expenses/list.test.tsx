import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, expenseApi, indiaToday, partyApi, type Expense, type ExpenseListQuery, type ExpenseListResponse } from '@bahi/shared';
import { periodRange } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { ACCOUNTS, EXPENSE_CATEGORIES, makeExpense, mumbaiBranch } from '../../test/fixtures';
import { ExpensesPage } from './list';

const [RENT, SALARIES, ELECTRICITY] = EXPENSE_CATEGORIES;
const rentMay = makeExpense({ expenseNumber: 'EXP/26-27/3', date: '2026-05-04' });
const salary = makeExpense({
  expenseNumber: 'EXP/26-27/4',
  date: '2026-05-05',
  categoryId: SALARIES.id,
  categoryName: 'Salaries',
  amount: '22000.00',
  taxableValue: '22000.00',
  mode: 'BANK_TRANSFER',
  accountId: ACCOUNTS[1].id,
  accountName: 'HDFC Current',
  notes: 'Helper, May',
});
const power = makeExpense({
  expenseNumber: 'EXP/26-27/5',
  date: '2026-05-06',
  categoryId: ELECTRICITY.id,
  categoryName: 'Electricity',
  amount: '1180.00',
  taxableValue: '1000.00',
  gstRate: '18',
  supplyType: 'INTRA',
  cgst: '90.00',
  sgst: '90.00',
  totalTax: '180.00',
  receipt: { fileName: 'bill.pdf', mimeType: 'application/pdf', size: 40960, url: '/api/expense/receipt/x' },
});

/** The sums are over every match of the filters (more than this page): 3 rents, 1 salary, 2 electricity bills. */
const page = (data: Expense[], total = 6): ExpenseListResponse => ({
  success: true,
  data,
  meta: {
    total,
    page: 1,
    pageSize: 20,
    sums: {
      total: '69360.00',
      totalTax: '360.00',
      itc: '180.00',
      byCategory: [
        { categoryId: RENT.id, categoryName: 'Rent', count: 3, amount: '45000.00' },
        { categoryId: SALARIES.id, categoryName: 'Salaries', count: 1, amount: '22000.00' },
        { categoryId: ELECTRICITY.id, categoryName: 'Electricity', count: 2, amount: '2360.00' },
      ],
    },
  },
});
const EMPTY_SUMS = { total: '0.00', totalTax: '0.00', itc: '0.00', byCategory: [] };
const month = (q: ExpenseListQuery): ExpenseListResponse => ({
  success: true,
  data: [],
  meta: {
    total: 0,
    page: 1,
    pageSize: 1,
    sums: q.from?.endsWith('-01') && q.to === periodRange('this-month', indiaToday()).to
      ? { ...EMPTY_SUMS, total: '16000.00', byCategory: [{ categoryId: RENT.id, categoryName: 'Rent', count: 1, amount: '16000.00' }] }
      : EMPTY_SUMS,
  },
});

/** The list's own requests (the months table asks for one row a month). */
function mockList(answer: (q: ExpenseListQuery) => Promise<ExpenseListResponse>) {
  return jest.spyOn(expenseApi, 'list').mockImplementation((q = {}) => (q.pageSize === 1 ? Promise.resolve(month(q)) : answer(q)));
}
const listCalls = (spy: jest.SpyInstance) => spy.mock.calls.map((c) => c[0] as ExpenseListQuery).filter((q) => q.pageSize !== 1);
const thisMonth = periodRange('this-month', indiaToday());
const renderList = (route = '/expenses') => renderScreen(<ExpensesPage />, { path: '/expenses', route });

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  jest.spyOn(expenseApi, 'categories').mockResolvedValue(EXPENSE_CATEGORIES);
  jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } } as never);
});
afterEach(() => jest.restoreAllMocks());

describe('ExpensesPage', () => {
  it("groups this month's expenses by category, with each category's total and the grand total from the server's sums", async () => {
    const list = mockList(async () => page([power, salary, rentMay]));
    renderList();
    const table = await screen.findByRole('table', { name: 'Expenses by category' });
    expect(listCalls(list)[0]).toEqual({ ...thisMonth, page: 1, pageSize: 20 });
    // Largest category first; each heading carries the whole period's count and total, not just this page's.
    const headings = within(table).getAllByTestId('category-heading').map((h) => h.textContent);
    expect(headings).toEqual(['Rent3 expenses', 'Salaries1 expense', 'Electricity2 expenses']);
    expect(within(table).getAllByTestId('category-total').map((t) => t.textContent)).toEqual(['₹45,000.00', '₹22,000.00', '₹2,360.00']);
    expect(within(table).getByTestId('grand-total')).toHaveTextContent('₹69,360.00');
    // Each expense sits under its category's heading.
    const bodyRows = within(table).getAllByRole('row').map((r) => r.textContent ?? '');
    const at = (text: string) => bodyRows.findIndex((r) => r.includes(text));
    expect(at('EXP/26-27/3')).toBe(at('Rent3 expenses') + 1);
    expect(at('EXP/26-27/4')).toBe(at('Salaries1 expense') + 1);
    expect(at('EXP/26-27/5')).toBe(at('Electricity2 expenses') + 1);
    const powerRow = within(table).getByText('EXP/26-27/5').closest('tr')!;
    expect(Array.from(powerRow.querySelectorAll('td')).map((td) => td.textContent)).toEqual([
      '06/05/2026',
      'EXP/26-27/5',
      'Cash in hand',
      '',
      '₹180.00',
      '₹1,180.00',
    ]);
    expect(within(powerRow).getByLabelText('Receipt attached')).toBeInTheDocument();
    expect(screen.getByText('Total spent').closest('.ant-card')).toHaveTextContent('₹69,360.00');
    expect(screen.getByText('Input tax credit').closest('.ant-card')).toHaveTextContent('₹180.00');
    expect(screen.getByText('6 expenses', { exact: false })).toHaveTextContent('1-6 of 6 expenses');
  });

  it('shows the months side by side, per category, from the sums of each month', async () => {
    const list = mockList(async () => page([rentMay]));
    renderList();
    const months = await screen.findByRole('table', { name: 'Expenses by month' });
    const monthCalls = list.mock.calls.map((c) => c[0] as ExpenseListQuery).filter((q) => q.pageSize === 1);
    expect(monthCalls).toHaveLength(6);
    expect(monthCalls[5]).toMatchObject({ ...thisMonth, page: 1, pageSize: 1 });
    const rent = within(months).getByText('Rent').closest('tr')!;
    const cells = Array.from(rent.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells).toEqual(['Rent', '-', '-', '-', '-', '-', '₹16,000.00', '₹16,000.00']);
    expect(within(months).getByText('Total').closest('tr')).toHaveTextContent('₹16,000.00');
  });

  it('filters by category and account on the server, keeping them in the address', async () => {
    const list = mockList(async () => page([rentMay]));
    const user = setupUser();
    renderList();
    await screen.findByRole('table', { name: 'Expenses by category' });
    await user.click(screen.getByRole('combobox', { name: 'Filter by category' }));
    await user.click(await screen.findByTitle('Salaries'));
    await waitFor(() => expect(listCalls(list).at(-1)).toEqual({ ...thisMonth, categoryId: SALARIES.id, page: 1, pageSize: 20 }));
    await user.click(screen.getByRole('combobox', { name: 'Filter by account' }));
    await user.click(await screen.findByTitle('HDFC Current'));
    await waitFor(() =>
      expect(listCalls(list).at(-1)).toEqual({ ...thisMonth, categoryId: SALARIES.id, accountId: ACCOUNTS[1].id, page: 1, pageSize: 20 }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(`categoryId=${SALARIES.id}`);
    expect(screen.getByTestId('location')).toHaveTextContent(`accountId=${ACCOUNTS[1].id}`);
  });

  it('pages on the server', async () => {
    const list = mockList(async (q) => ({ ...page([rentMay], 45), meta: { ...page([rentMay], 45).meta, page: q.page ?? 1 } }));
    const user = setupUser();
    renderList();
    await screen.findByRole('table', { name: 'Expenses by category' });
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(listCalls(list).at(-1)).toEqual({ ...thisMonth, page: 2, pageSize: 20 }));
  });

  it('says there are no expenses in the period, and offers to add one', async () => {
    mockList(async () => ({ ...page([], 0), meta: { total: 0, page: 1, pageSize: 20, sums: EMPTY_SUMS } }));
    renderList();
    expect(await screen.findByText('No expenses in this period')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Add expense/ })).toHaveLength(2);
    expect(screen.queryByTestId('grand-total')).not.toBeInTheDocument();
  });

  it('offers to clear filters when nothing matches them', async () => {
    mockList(async () => ({ ...page([], 0), meta: { total: 0, page: 1, pageSize: 20, sums: EMPTY_SUMS } }));
    const user = setupUser();
    renderList(`/expenses?categoryId=${RENT.id}`);
    expect(await screen.findByText('No expense matches these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/expenses$/));
  });

  it('shows an error with Retry when the list cannot be loaded', async () => {
    const list = mockList(() => Promise.reject(new ApiError({ status: 500, message: 'Database unavailable' })));
    const user = setupUser();
    renderList();
    expect(await screen.findByText('Error loading expenses')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    list.mockImplementation((q = {}) => Promise.resolve(q.pageSize === 1 ? month(q) : page([rentMay])));
    await user.click(screen.getAllByRole('button', { name: 'Retry' })[0]);
    expect(await screen.findByText('EXP/26-27/3')).toBeInTheDocument();
  });

  it('adds an expense from the quick-add form and shows the list again from the server', async () => {
    const saved = makeExpense({ expenseNumber: 'EXP/26-27/9', amount: '500.00' });
    const list = mockList(async () => page([rentMay]));
    const create = jest.spyOn(expenseApi, 'create').mockResolvedValue(saved);
    const user = setupUser();
    renderList();
    await screen.findByRole('table', { name: 'Expenses by category' });
    const before = listCalls(list).length;
    await user.click(screen.getByRole('button', { name: /Add expense/ }));
    const drawer = await screen.findByRole('dialog');
    await user.click(within(drawer).getByRole('textbox', { name: 'Amount' }));
    await user.paste('500');
    await user.click(within(drawer).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByTitle('Transport'));
    await user.click(within(drawer).getByRole('button', { name: /Save expense/ }));
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls(list).length).toBeGreaterThan(before));
  });

  it('opens an expense in a drawer on a row click', async () => {
    mockList(async () => page([power]));
    jest.spyOn(expenseApi, 'get').mockResolvedValue(power);
    const user = setupUser();
    renderList();
    await user.click(await screen.findByText('EXP/26-27/5'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Expense EXP/26-27/5')).toBeInTheDocument();
  });
});
