import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { ApiError, indiaToday, reportApi, type Branch, type Gstr3bResponse } from '@bahi/shared';
import { BRANCH_GSTIN, mumbaiBranch, renderScreen, setupUser } from '@bahi/shared/testing';
import { setUpReportTests } from '../../test/reports';
import Gstr3bPage from './gstr3b';

const PUNE_GSTIN = '27AAPFU0939F2ZU';
const puneBranch: Branch = { ...mumbaiBranch, id: '5e1d2c3b-4a59-4687-9a1b-0000000000b2', name: 'Pune Camp', gstin: PUNE_GSTIN, isDefault: false };
const zero = { iamt: 0, camt: 0, samt: 0, csamt: 0 };
const answer: Gstr3bResponse = {
  success: true,
  data: {
    gstin: BRANCH_GSTIN,
    ret_period: '052026',
    sup_details: {
      osup_det: { txval: 110000.5, iamt: 18000, camt: 900.05, samt: 900.05, csamt: 0 },
      osup_zero: { txval: 5000, iamt: 0, csamt: 0 },
      osup_nil_exmp: { txval: 1200 },
      isup_rev: { txval: 1000, iamt: 0, camt: 90, samt: 90, csamt: 0 },
      osup_nongst: { txval: 0 },
    },
    inter_sup: { unreg_details: [], comp_details: [], uin_details: [] },
    itc_elg: {
      itc_avl: [
        { ty: 'ISRC', iamt: 0, camt: 90, samt: 90, csamt: 0 },
        { ty: 'OTH', iamt: 20000, camt: 300, samt: 300, csamt: 0 },
      ],
      itc_rev: [{ ty: 'RUL', ...zero }],
      itc_net: { iamt: 20000, camt: 390, samt: 390, csamt: 0 },
      itc_inelg: [],
    },
    inward_sup: {
      isup_details: [
        { ty: 'GST', inter: 250, intra: 750.25 },
        { ty: 'NONGST', inter: 0, intra: 100 },
      ],
    },
  },
  liability: { igst: '0.00', cgst: '90.00', sgst: '90.00', cess: '0.00' },
  payment: {
    igst: { payable: '18000.00', reverseCharge: '0.00', itcUsed: { igst: '18000.00', cgst: '0.00', sgst: '0.00', cess: '0.00' }, cash: '0.00' },
    cgst: { payable: '900.05', reverseCharge: '90.00', itcUsed: { igst: '900.05', cgst: '0.00', sgst: '0.00', cess: '0.00' }, cash: '90.00' },
    sgst: { payable: '900.05', reverseCharge: '90.00', itcUsed: { igst: '900.05', cgst: '0.00', sgst: '0.00', cess: '0.00' }, cash: '90.00' },
    cess: { payable: '0.00', reverseCharge: '0.00', itcUsed: { igst: '0.00', cgst: '0.00', sgst: '0.00', cess: '0.00' }, cash: '0.00' },
  },
  creditCarriedForward: { igst: '199.90', cgst: '390.00', sgst: '390.00', cess: '0.00' },
  meta: { from: '2026-05-01', to: '2026-05-31', itcFromPurchases: true },
};
const rowsOf = (el: HTMLElement) =>
  within(el)
    .getAllByRole('row')
    .filter((r) => r.querySelector('td'))
    .map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent));

setUpReportTests([mumbaiBranch, puneBranch]);

describe('GSTR-3B', () => {
  it("asks for the signed-in branch's GSTIN and last month by default", async () => {
    const call = jest.spyOn(reportApi, 'gstr3b').mockResolvedValue(answer);
    renderScreen(<Gstr3bPage />, { path: '/reports/gstr3b' });
    expect(screen.getByRole('heading', { name: 'GSTR-3B' })).toBeInTheDocument();
    await screen.findByTestId('section-3.1');
    expect(call).toHaveBeenCalledWith({ gstin: BRANCH_GSTIN, period: dayjs(indiaToday()).subtract(1, 'month').format('MMYYYY') });
  });

  it('shows 3.1 outward supplies, 4 eligible ITC, 5 exempt inward supplies and 6.1 the payment of tax per head', async () => {
    jest.spyOn(reportApi, 'gstr3b').mockResolvedValue(answer);
    renderScreen(<Gstr3bPage />, { path: '/reports/gstr3b', route: '/reports/gstr3b?period=052026' });
    expect(rowsOf(await screen.findByTestId('section-3.1'))).toEqual([
      ['(a) Outward taxable supplies (other than zero rated, nil rated and exempted)', '₹1,10,000.50', '₹18,000.00', '₹900.05', '₹900.05', '₹0.00'],
      ['(b) Outward taxable supplies (zero rated)', '₹5,000.00', '₹0.00', '-', '-', '₹0.00'],
      ['(c) Other outward supplies (nil rated, exempted)', '₹1,200.00', '-', '-', '-', '-'],
      ['(d) Inward supplies (liable to reverse charge)', '₹1,000.00', '₹0.00', '₹90.00', '₹90.00', '₹0.00'],
      ['(e) Non-GST outward supplies', '₹0.00', '-', '-', '-', '-'],
    ]);
    expect(rowsOf(screen.getByTestId('section-4'))).toEqual([
      ['(A) Inward supplies liable to reverse charge', '₹0.00', '₹90.00', '₹90.00', '₹0.00'],
      ['(A) All other ITC', '₹20,000.00', '₹300.00', '₹300.00', '₹0.00'],
      ['(B) Reversed: As per rules 38, 42 and 43 and section 17(5)', '₹0.00', '₹0.00', '₹0.00', '₹0.00'],
      ['(C) Net ITC available (A) − (B)', '₹20,000.00', '₹390.00', '₹390.00', '₹0.00'],
    ]);
    expect(rowsOf(screen.getByTestId('section-5'))).toEqual([
      ['From a supplier under composition scheme, exempt and nil rated', '₹250.00', '₹750.25'],
      ['Non-GST supply', '₹0.00', '₹100.00'],
    ]);
    // Head, tax payable, paid through IGST / CGST / SGST / cess credit, reverse charge, paid in cash.
    expect(rowsOf(screen.getByTestId('section-6.1'))).toEqual([
      ['IGST', '₹18,000.00', '₹18,000.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00'],
      ['CGST', '₹900.05', '₹900.05', '₹0.00', '₹0.00', '₹0.00', '₹90.00', '₹90.00'],
      ['SGST', '₹900.05', '₹900.05', '₹0.00', '₹0.00', '₹0.00', '₹90.00', '₹90.00'],
      ['Cess', '₹0.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00', '₹0.00'],
      ['Total cash', '₹180.00'],
    ]);
    expect(screen.getByTestId('credit-carried-forward')).toHaveTextContent('Credit carried forward: IGST ₹199.90, CGST ₹390.00, SGST ₹390.00, Cess ₹0.00');
    expect(screen.getByText('01/05/2026 – 31/05/2026')).toBeInTheDocument();
    expect(screen.getByText('ITC is read from purchase bills and expenses; blocked credit (section 17(5)) is shown in 4(A) and reversed in 4(B).')).toBeInTheDocument();
  });

  it('asks again for another GSTIN and keeps it in the address', async () => {
    const call = jest.spyOn(reportApi, 'gstr3b').mockResolvedValue(answer);
    const user = setupUser();
    renderScreen(<Gstr3bPage />, { path: '/reports/gstr3b', route: '/reports/gstr3b?period=052026' });
    await screen.findByTestId('section-3.1');
    await user.click(screen.getByRole('combobox', { name: 'GSTIN' }));
    await user.click(await screen.findByTitle(PUNE_GSTIN));
    await waitFor(() => expect(call).toHaveBeenLastCalledWith({ gstin: PUNE_GSTIN, period: '052026' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`gstin=${PUNE_GSTIN}`);
  });

  it('shows an error with a retry', async () => {
    const call = jest
      .spyOn(reportApi, 'gstr3b')
      .mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' }))
      .mockResolvedValue(answer);
    const user = setupUser();
    renderScreen(<Gstr3bPage />, { path: '/reports/gstr3b', route: '/reports/gstr3b?period=052026' });
    expect(await screen.findByText('Error loading GSTR-3B')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('section-4')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });
});
