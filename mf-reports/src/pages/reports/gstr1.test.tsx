import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { ApiError, UNREGISTERED_NO_RETURNS, branchApi, compositionFiles, getSession, indiaToday, reportApi, type Gstr1Response } from '@bahi/shared';
import { BRANCH_GSTIN, mumbaiBranch, renderScreen, setupUser, signIn, testUser } from '@bahi/shared/testing';
import { cells, setUpReportTests } from '../../test/reports';
import Gstr1Page from './gstr1';

const INVOICE_ID = '5e1d2c3b-4a59-4687-9a1b-00000000a001';
const PARTY_ID = '5e1d2c3b-4a59-4687-9a1b-00000000c001';
const answer: Gstr1Response = {
  success: true,
  data: {
    gstin: BRANCH_GSTIN,
    fp: '052026',
    b2b: [
      {
        ctin: '29AABCB1234C1Z5',
        inv: [
          { inum: 'MUM/26-27/7', idt: '04-05-2026', val: 11800, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1801, itm_det: { rt: 18, txval: 10000, iamt: 1800, csamt: 0 } }] },
          { inum: 'MUM/26-27/9', idt: '06-05-2026', val: 590.1, pos: '29', rchrg: 'N', inv_typ: 'R', itms: [{ num: 1801, itm_det: { rt: 18, txval: 500.1, iamt: 90.02, csamt: 0 } }] },
        ],
      },
    ],
    b2cl: [],
    b2cs: [{ sply_ty: 'INTRA', pos: '27', typ: 'OE', rt: 18, txval: 1000, camt: 90, samt: 90, csamt: 0 }],
    exp: [],
    nil: { inv: [{ sply_ty: 'INTRAB2C', nil_amt: 120, expt_amt: 0, ngsup_amt: 180 }] },
    hsn: { hsn_b2b: [], hsn_b2c: [] },
    doc_issue: { doc_det: [{ doc_num: 1, doc_typ: 'Invoices for outward supply', docs: [{ num: 1, from: 'MUM/26-27/7', to: 'MUM/26-27/12', totnum: 6, cancel: 1, net_issue: 5 }] }] },
    cdnr: [],
    cdnur: [],
  },
  problems: [
    {
      code: 'PARTY_GSTIN_INVALID',
      documentType: 'SALE',
      documentId: INVOICE_ID,
      documentNumber: 'MUM/26-27/11',
      partyId: PARTY_ID,
      itemId: null,
      message: 'The buyer GSTIN 29AAAAA0000A1Z0 is not valid',
      fix: "Correct the party's GSTIN, then cancel and re-issue the invoice",
    },
  ],
  meta: { from: '2026-05-01', to: '2026-05-31', b2clLimit: '100000.00', branchIds: [mumbaiBranch.id] },
};

setUpReportTests();
const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));

describe('GSTR-1', () => {
  it("asks for last month's return of the active branch's GSTIN", async () => {
    const call = jest.spyOn(reportApi, 'gstr1').mockResolvedValue(answer);
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1' });
    await screen.findByText('B2B invoices (2)');
    expect(call).toHaveBeenCalledWith({ gstin: BRANCH_GSTIN, period: dayjs(indiaToday()).subtract(1, 'month').format('MMYYYY') });
  });

  it('shows each section with its totals, summed to the paisa', async () => {
    jest.spyOn(reportApi, 'gstr1').mockResolvedValue(answer);
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1', route: '/reports/gstr1?period=052026' });
    expect(await screen.findByText('B2B invoices (2)')).toBeInTheDocument();
    expect(cells(screen.getByTestId('total-B2B invoices'))).toEqual(['Total', '', '', '', '', '₹12,390.10', '₹10,500.10', '₹1,890.02', '₹0.00', '₹0.00', '₹0.00']);
    expect(cells(screen.getByTestId('total-B2C small'))).toEqual(['Total', '', '', '₹1,000.00', '₹0.00', '₹90.00', '₹90.00', '₹0.00']);
    expect(cells(screen.getByTestId('total-Documents issued'))).toEqual(['Total', '', '', '6', '1', '5']);
    expect(cells(screen.getByTestId('total-Nil-rated, exempt and non-GST'))).toEqual(['Total', '₹120.00', '₹0.00', '₹180.00']);
    expect(screen.getByText('B2C large invoices (0)')).toBeInTheDocument();
  });

  it('lists the problems the portal would refuse, each with a link to fix it', async () => {
    jest.spyOn(reportApi, 'gstr1').mockResolvedValue(answer);
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1', route: '/reports/gstr1?period=052026' });
    const problems = (await screen.findByText('Fix before filing (1)')).closest('.ant-card') as HTMLElement;
    expect(within(problems).getByText('The buyer GSTIN 29AAAAA0000A1Z0 is not valid')).toBeInTheDocument();
    expect(within(problems).getByRole('link', { name: 'MUM/26-27/11' })).toHaveAttribute('href', `/sales/invoice/${INVOICE_ID}`);
    expect(within(problems).getByRole('link', { name: 'Fix' })).toHaveAttribute('href', `/party/${PARTY_ID}`);
  });

  it("downloads the portal's JSON as answered, and the Excel file for the same return", async () => {
    jest.spyOn(reportApi, 'gstr1').mockResolvedValue(answer);
    const blobs: Blob[] = [];
    URL.createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:gstr1';
    });
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe(`GSTR1_${BRANCH_GSTIN}_052026.json`);
    });
    const user = setupUser();
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1', route: '/reports/gstr1?period=052026' });
    await user.click(await screen.findByRole('button', { name: /Download JSON/ }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(JSON.parse(text)).toEqual(answer.data);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:gstr1');
    const excel = new URL(screen.getByRole('link', { name: /Excel/ }).getAttribute('href')!, 'http://x');
    expect(Object.fromEntries(excel.searchParams)).toEqual({ gstin: BRANCH_GSTIN, period: '052026', format: 'xlsx' });
  });

  it('names a quarterly return by its last month', async () => {
    const call = jest.spyOn(reportApi, 'gstr1').mockResolvedValue(answer);
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1', route: '/reports/gstr1?period=052026&filing=QUARTERLY' });
    await screen.findByText('B2B invoices (2)');
    expect(call).toHaveBeenCalledWith({ gstin: BRANCH_GSTIN, period: '062026', filing: 'QUARTERLY' });
  });

  it('shows the error with a retry', async () => {
    jest.spyOn(reportApi, 'gstr1').mockRejectedValueOnce(new ApiError({ status: 500, message: 'Server unavailable' })).mockResolvedValue(answer);
    const user = setupUser();
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1', route: '/reports/gstr1?period=052026' });
    expect(await screen.findByText('Error loading GSTR-1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('B2B invoices (2)')).toBeInTheDocument();
  });

  it('says why a composition taxpayer has no GSTR-1 instead of the return', async () => {
    const why = compositionFiles('GSTR-1');
    jest.spyOn(reportApi, 'gstr1').mockRejectedValue(new ApiError({ status: 422, message: why, field: 'gstin' }));
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1' });
    expect(await screen.findByText('No GSTR-1 to file')).toBeInTheDocument();
    expect(screen.getByText(why)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('an unregistered business is told it files no returns, and adding a GSTIN asks how it is registered', async () => {
    signIn({ ...mumbaiBranch, gstin: null, registrationType: null }, { ...testUser, business: { ...testUser.business, registrationType: 'UNREGISTERED' } });
    jest.spyOn(branchApi, 'list').mockResolvedValue([]);
    const gstin = '27AAPFU0939F1ZV';
    const save = jest
      .spyOn(reportApi, 'updateGstRegistration')
      .mockResolvedValue({ gstin, registrationType: 'REGULAR', compositionRate: '1', documentTitle: 'TAX INVOICE', returnsNote: null });
    const user = setupUser();
    renderScreen(<Gstr1Page />, { path: '/reports/gstr1' });
    expect(await screen.findByText(UNREGISTERED_NO_RETURNS)).toBeInTheDocument();
    await user.type(screen.getByLabelText('GSTIN', { selector: 'input#gst-registration_gstin' }), gstin);
    await user.click(screen.getByRole('button', { name: 'Save GSTIN' }));
    expect(await screen.findByText('Say how this GSTIN is registered: REGULAR or COMPOSITION')).toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Regular (tax invoices)' }));
    await user.click(screen.getByRole('button', { name: 'Save GSTIN' }));
    await waitFor(() => expect(save).toHaveBeenCalledWith({ gstin, registrationType: 'REGULAR' }));
    await waitFor(() => expect(getSession().user?.business).toMatchObject({ gstin, registrationType: 'REGULAR' }));
  });
});
