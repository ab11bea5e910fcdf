import useSWR from 'swr';
import { cacheKey, expenseApi, useRecord, type ExpenseListQuery } from '@bahi/shared';

/** One page of expenses with the period's sums (per category and in all). */
export function useExpenses(query: ExpenseListQuery) {
  return useSWR(cacheKey('expenses', 'list', query), () => expenseApi.list(query), { keepPreviousData: true });
}

/** The business's categories: the defaults, then its own. */
export function useExpenseCategories() {
  return useSWR(cacheKey('expenses', 'categories'), () => expenseApi.categories(), { revalidateOnFocus: false });
}

/** One expense; a malformed id is never sent (it cannot name an expense). */
export function useExpense(id: string | null) {
  const record = useRecord(['expenses', 'detail'], id, (key) => expenseApi.get(key));
  // No id: no drawer open, nothing missing.
  return { ...record, invalidId: !!id && record.invalidId };
}

export interface MonthSums {
  /** YYYY-MM */
  month: string;
  total: string;
  byCategory: { categoryId: string; categoryName: string; amount: string }[];
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The `count` calendar months ending with the month of `today` (YYYY-MM-DD), oldest first. */
export function monthsEnding(today: string, count: number): { month: string; from: string; to: string }[] {
  const [y, m] = today.split('-').map(Number);
  const out: { month: string; from: string; to: string }[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = y * 12 + (m - 1) - i;
    const year = Math.floor(index / 12);
    const month = (index % 12) + 1;
    out.push({ month: `${year}-${pad(month)}`, from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDayOf(year, month))}` });
  }
  return out;
}

/**
 * The sums per category of each month: one small request per month (the server sums, so the figures are exact
 * whatever the number of expenses).
 */
export function useMonthlySums(today: string, count: number, filters: Pick<ExpenseListQuery, 'categoryId' | 'accountId'>) {
  const months = monthsEnding(today, count);
  return useSWR(cacheKey('expenses', 'by-month', months[0].from, months[months.length - 1].to, filters), async () =>
    Promise.all(
      months.map(async ({ month, from, to }): Promise<MonthSums> => {
        const { meta } = await expenseApi.list({ ...filters, from, to, page: 1, pageSize: 1 });
        return { month, total: meta.sums.total, byCategory: meta.sums.byCategory };
      }),
    ),
  { revalidateOnFocus: false, keepPreviousData: true });
}
