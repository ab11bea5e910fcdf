import { screen, waitFor, within } from '@testing-library/react';
import { ApiError, reportApi, type Cmp08 } from '@bahi/shared';
import { mumbaiBranch, renderScreen, setupUser, signIn, testUser } from '@bahi/shared/testing';
import { cells, setUpReportTests } from '../../test/reports';
import Cmp08Page, { lastQuarter } from './cmp08';
import ReportsHomePage from './home';

const statement: Cmp08 = {
  gstin: '27AAPFU0939F1ZV',
  from: '2026-04-01',
  to: '2026-06-30',
  compositionRate: '1.000',
  outward: { turnover: '250000.00', cgst: '1250.00', sgst: '1250.00', igst: '0.00', cess: '0.00' },
  reverseCharge: { taxableValue: '10000.00', cgst: '900.00', sgst: '900.00', igst: '0.00', cess: '0.00' },
  totalTax: '4300.00',
};

setUpReportTests();

describe('CMP-08', () => {
  it('shows the quarter’s turnover at the composition rate, the reverse-charge tax and the total; another quarter is asked for', async () => {
    const call = jest.spyOn(reportApi, 'cmp08').mockResolvedValue(statement);
    const user = setupUser();
    renderScreen(<Cmp08Page />, { path: '/reports/cmp08', route: '/reports/cmp08?quarter=062026' });
    const table = await screen.findByRole('table', { name: 'CMP-08' });
    expect(call).toHaveBeenCalledWith({ quarter: '062026' });
    const rows = within(table).getAllByRole('row').filter((r) => r.querySelector('td'));
    expect(cells(rows[0])).toEqual(['Outward supplies (turnover) at 1%', '₹2,50,000.00', '₹1,250.00', '₹1,250.00', '₹0.00', '₹0.00']);
    expect(cells(rows[1])).toEqual(['Inward supplies liable to reverse charge', '₹10,000.00', '₹900.00', '₹900.00', '₹0.00', '₹0.00']);
    expect(screen.getByTestId('cmp08-total')).toHaveTextContent('₹4,300.00');
    expect(screen.getByText(/01\/04\/2026 – 30\/06\/2026/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /CSV/ })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Quarter' }));
    await user.click(await screen.findByTitle('Jan–Mar 2026'));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ quarter: '032026' }));
  });

  it('says why there is nothing to file for a business that is not under composition', async () => {
    const refusal = 'CMP-08 is filed by a composition taxpayer only';
    jest.spyOn(reportApi, 'cmp08').mockRejectedValue(new ApiError({ status: 422, message: refusal }));
    renderScreen(<Cmp08Page />, { path: '/reports/cmp08', route: '/reports/cmp08' });
    expect(await screen.findByText('No CMP-08 to file')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
  });

  it('defaults to the quarter before today’s', () => {
    expect(lastQuarter('2026-05-10')).toBe('032026');
    expect(lastQuarter('2026-07-01')).toBe('062026');
    expect(lastQuarter('2026-01-31')).toBe('122025');
  });

  it('is not on the reports home of a regular business', async () => {
    jest.spyOn(reportApi, 'summary').mockRejectedValue(new ApiError({ status: 503, message: 'Down' }));
    renderScreen(<ReportsHomePage />, { path: '/reports' });
    await screen.findByRole('link', { name: 'GSTR-3B' });
    expect(screen.queryByRole('link', { name: 'CMP-08' })).toBeNull();
  });

  it('is on the reports home of a composition business', async () => {
    jest.spyOn(reportApi, 'summary').mockRejectedValue(new ApiError({ status: 503, message: 'Down' }));
    signIn({ ...mumbaiBranch, registrationType: 'COMPOSITION' }, { ...testUser, business: { ...testUser.business, registrationType: 'COMPOSITION' } });
    renderScreen(<ReportsHomePage />, { path: '/reports' });
    expect(await screen.findByRole('link', { name: 'CMP-08' })).toHaveAttribute('href', '/reports/cmp08');
  });
});
