import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ApiError, accountApi, businessProfileApi, type BusinessProfile } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { ACCOUNTS, renderScreen, setupUser, signIn, testUser } from '@bahi/shared/testing';
import { BusinessProfilePage } from './business-profile-page';

const PROFILE: BusinessProfile = {
  legalName: 'Sharma Traders Private Limited',
  tradeName: 'Sharma Kirana',
  gstin: '27AAPFU0939F1ZV',
  address: { street: '12 MG Road', city: 'Mumbai', stateCode: '27', pin: '400001' },
  phone: '9876543210',
  email: 'accounts@sharma.example',
  upiId: 'sharma@okaxis',
  payeeName: null,
  bankAccount: null,
  terms: 'Goods once sold are not taken back.',
  notes: null,
  print: { showHsnSummary: true, showItemImages: false, thermalWidth: 'thermal80' },
  logoUrl: null,
  signatureUrl: '/api/settings/business/signature',
  updatedAt: '2026-05-01T10:00:00.000Z',
};

const renderPage = () => renderScreen(<BusinessProfilePage />, { path: '/settings/business' });

beforeEach(() => {
  signIn(null);
  jest.spyOn(businessProfileApi, 'get').mockResolvedValue(PROFILE);
  jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
  URL.createObjectURL = jest.fn(() => 'blob:logo-preview');
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('Business profile page', () => {
  it('shows the saved profile and images, previews a picked logo, and saves the form with the image', async () => {
    const save = jest.spyOn(businessProfileApi, 'save').mockResolvedValue({ ...PROFILE, logoUrl: '/api/settings/business/logo', updatedAt: '2026-05-02T10:00:00.000Z' });
    const user = setupUser();
    renderPage();
    expect(await screen.findByLabelText('Legal name')).toHaveValue(PROFILE.legalName);
    expect(screen.getByLabelText('UPI ID')).toHaveValue('sharma@okaxis');
    expect(screen.getByRole('img', { name: 'Signature preview' })).toHaveAttribute('src', PROFILE.signatureUrl);
    expect(within(screen.getByRole('group', { name: 'Logo' })).getByText('None')).toBeInTheDocument();

    const logo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    const input = screen.getByRole('group', { name: 'Logo' }).querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, logo);
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'blob:logo-preview');

    await user.clear(screen.getByLabelText('Trade name'));
    await user.type(screen.getByLabelText('Trade name'), 'Sharma Stores');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const body = save.mock.calls[0][0] as FormData;
    expect(body.get('tradeName')).toBe('Sharma Stores');
    expect(body.get('address.pin')).toBe('400001');
    expect(body.get('upiId')).toBe('sharma@okaxis');
    expect(body.get('print.showHsnSummary')).toBe('true');
    expect((body.get('logo') as File).name).toBe('logo.png');
    expect(body.get('signature')).toBeNull();
    expect(await screen.findByText('Business profile saved')).toBeInTheDocument();
  });

  it('says at the field what is wrong: a UPI ID without a handle, and the server’s PIN error', async () => {
    const save = jest.spyOn(businessProfileApi, 'save').mockRejectedValue(
      new ApiError({ status: 400, message: 'This PIN is not in the chosen state', field: 'address.pin', body: {} }),
    );
    const user = setupUser();
    renderPage();
    const upi = await screen.findByLabelText('UPI ID');
    await user.clear(upi);
    await user.type(upi, 'sharma kirana');
    fireEvent.blur(upi);
    expect(await screen.findByText('UPI ID must look like name@bank')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(save).not.toHaveBeenCalled();

    await user.clear(upi);
    await user.type(upi, 'sharma@okaxis');
    await user.click(screen.getByRole('button', { name: /Save/ }));
    expect(await screen.findByText('This PIN is not in the chosen state')).toBeInTheDocument();
  });

  it('refuses a picture that is not PNG or JPEG before sending it', async () => {
    renderPage();
    await screen.findByLabelText('Legal name');
    const input = screen.getByRole('group', { name: 'Logo' }).querySelector('input[type="file"]') as HTMLInputElement;
    // Past the picker's own filter (a file dropped or picked with "All files").
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('The image must be a PNG or JPEG picture.')).toBeInTheDocument();
  });

  it('is for the owner and admins only', async () => {
    signIn(null, { ...testUser, role: 'BILLER' });
    renderPage();
    expect(await screen.findByText('Only the owner or an admin can change the business profile.')).toBeInTheDocument();
    expect(businessProfileApi.get).not.toHaveBeenCalled();
  });
});
