import { screen, within } from '@testing-library/react';
import { ApiError, quotationApi } from '@bahi/shared';
import { QuotationDetailPage } from './detail';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { makeQuotation, mumbaiBranch } from '../../test/fixtures';

const renderDetail = (id: string) => renderScreen(<QuotationDetailPage />, { path: '/sales/quotation/:id', route: `/sales/quotation/${id}` });

beforeEach(() => signIn(mumbaiBranch));
afterEach(() => jest.restoreAllMocks());

describe('QuotationDetailPage', () => {
  it('shows the quotation and converts it into a prefilled invoice', async () => {
    const quotation = makeQuotation();
    jest.spyOn(quotationApi, 'get').mockResolvedValue(quotation);
    const user = setupUser();
    renderDetail(quotation.id);
    const doc = await screen.findByRole('article', { name: 'Quotation' });
    expect(within(doc).getByText('QUOTATION')).toBeInTheDocument();
    expect(within(doc).getByText('19/05/2026')).toBeInTheDocument();
    expect(within(doc).getByRole('table', { name: 'Totals' })).toHaveTextContent('IGST₹33.76');
    expect(within(doc).getByRole('table', { name: 'Totals' })).not.toHaveTextContent('Balance');
    await user.click(screen.getByRole('button', { name: /Convert to invoice/ }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/sales/create-invoice?fromQuotation=${quotation.id}`);
  });

  it('links a converted quotation to its invoice and does not offer to convert it again', async () => {
    const quotation = makeQuotation({ status: 'CONVERTED', saleInvoiceId: '5e1d2c3b-4a59-4687-9a1b-0000000000e1', saleInvoiceNumber: 'MUM/26-27/50' });
    jest.spyOn(quotationApi, 'get').mockResolvedValue(quotation);
    renderDetail(quotation.id);
    expect(await screen.findByRole('link', { name: 'MUM/26-27/50' })).toHaveAttribute('href', '/sales/invoice/5e1d2c3b-4a59-4687-9a1b-0000000000e1');
    expect(screen.queryByRole('button', { name: /Convert to invoice/ })).not.toBeInTheDocument();
  });

  it("says 'Quotation not found.' for an unknown id", async () => {
    jest.spyOn(quotationApi, 'get').mockRejectedValue(new ApiError({ status: 404, message: 'Quotation not found.' }));
    renderDetail('5e1d2c3b-4a59-4687-9a1b-0000000000ff');
    expect(await screen.findByText('Quotation not found.')).toBeInTheDocument();
  });
});
