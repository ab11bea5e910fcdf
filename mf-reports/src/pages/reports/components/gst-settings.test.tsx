import { screen, waitFor } from '@testing-library/react';
import { reportApi } from '@bahi/shared';
import { renderScreen, setupUser } from '@bahi/shared/testing';
import { setUpReportTests } from '../../../test/reports';
import { GstSettingsButton, settingsRequest } from './gst-settings';

setUpReportTests(null);

describe('GST settings', () => {
  it('shows the LUT on record and saves a changed B2C large limit with it', async () => {
    const lut = { number: 'AD270426000123X', validFrom: '2026-04-01', validTo: '2027-03-31' };
    jest.spyOn(reportApi, 'gstSettings').mockResolvedValue({ b2clLimit: '100000.00', lut });
    const update = jest.spyOn(reportApi, 'updateGstSettings').mockResolvedValue({ b2clLimit: '150000.00', lut });
    const user = setupUser();
    renderScreen(<GstSettingsButton />, { path: '/reports/gstr1' });
    await user.click(screen.getByRole('button', { name: /GST settings/ }));
    expect(await screen.findByText('LUT AD270426000123X: 01/04/2026 to 31/03/2027')).toBeInTheDocument();
    expect(screen.getByLabelText(/^LUT number/)).toHaveValue('AD270426000123X');
    await user.clear(screen.getByLabelText(/^B2C large limit/));
    await user.type(screen.getByLabelText(/^B2C large limit/), '150000');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledWith({ b2clLimit: '150000', lut }));
  });

  it('names a missing LUT date at its field and sends nothing', async () => {
    jest.spyOn(reportApi, 'gstSettings').mockResolvedValue({ b2clLimit: '100000.00', lut: null });
    const update = jest.spyOn(reportApi, 'updateGstSettings');
    const user = setupUser();
    renderScreen(<GstSettingsButton />, { path: '/reports/gstr1' });
    await user.click(screen.getByRole('button', { name: /GST settings/ }));
    await user.type(await screen.findByLabelText(/^LUT number/), 'ad2704260001');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^LUT valid from must be/)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('sends no LUT (removing it) when its three fields are empty', () => {
    expect(settingsRequest({ b2clLimit: '100000', lutNumber: ' ', lutValidFrom: '', lutValidTo: '' })).toEqual({ b2clLimit: '100000', lut: null });
  });
});
