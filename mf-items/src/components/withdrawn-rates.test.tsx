import { screen, waitFor, within } from '@testing-library/react';
import { itemApi, type TaxRate } from '@bahi/shared';
import { renderScreen, setupUser, signIn } from '@bahi/shared/testing';
import { WithdrawnRatesNotice } from './withdrawn-rates';
import { mainBranch, mockReferenceData } from '../test/fixtures';

const GST_12: TaxRate = { id: 'gst-12', value: 12, cessValue: 0, validFrom: null, validTo: '2025-09-21' };
const GST_28: TaxRate = { id: 'gst-28', value: 28, cessValue: 0, validFrom: null, validTo: '2025-09-21' };
const RATES: TaxRate[] = [
  { id: 'gst-5', value: 5, cessValue: 0, validFrom: null, validTo: null },
  GST_12,
  { id: 'gst-18', value: 18, cessValue: 0, validFrom: null, validTo: null },
  GST_28,
  { id: 'gst-40', value: 40, cessValue: 0, validFrom: '2025-09-22', validTo: null },
];
const BAG = '0b5f3c2e-6a51-4a5e-9f0e-0c1d2e3f4a51';
const MAT = '0b5f3c2e-6a51-4a5e-9f0e-0c1d2e3f4a52';

beforeEach(() => {
  signIn(mainBranch);
  mockReferenceData();
  jest.spyOn(itemApi, 'taxes').mockResolvedValue(RATES);
});
afterEach(() => jest.restoreAllMocks());

describe('WithdrawnRatesNotice', () => {
  it('says nothing when no item is on a withdrawn rate', async () => {
    renderScreen(<WithdrawnRatesNotice />);
    await waitFor(() => expect(itemApi.withdrawnRates).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: 'Review' })).not.toBeInTheDocument();
  });

  it('counts the items, offers only rates in force, and moves only the items the user picked', async () => {
    jest.spyOn(itemApi, 'withdrawnRates').mockResolvedValue([
      { id: BAG, itemName: 'Jute Bag', itemType: 'PRODUCT', gstRate: GST_12 },
      { id: MAT, itemName: 'Floor Mat', itemType: 'PRODUCT', gstRate: GST_28 },
    ]);
    const move = jest.spyOn(itemApi, 'moveTaxRates').mockResolvedValue({ moved: 1 });
    const user = setupUser();
    renderScreen(<WithdrawnRatesNotice />);
    expect(await screen.findByText('2 items carry a rate withdrawn on 22 Sept 2025')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing is picked at first: Apply does nothing.
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'New rate of Jute Bag' }));
    await screen.findByTitle('GST @ 5%');
    const offered = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title'));
    expect(offered).toEqual(['GST @ 5%', 'GST @ 18%', 'GST @ 40%']);
    await user.click(screen.getByTitle('GST @ 5%'));
    await user.click(within(dialog).getByRole('button', { name: 'Apply to 1 item' }));
    await waitFor(() => expect(move).toHaveBeenCalledWith({ moves: [{ itemId: BAG, taxId: 'gst-5' }] }));
  });
});
