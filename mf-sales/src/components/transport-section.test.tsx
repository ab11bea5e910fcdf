import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { accountApi, branchApi, itemApi, partyApi, saleApi } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { renderScreen, setupUser, signIn, type TestUser } from '@bahi/shared/testing';
import CreateInvoicePage from '../pages/create/invoice';
import { ACCOUNTS, TAXES, bengaluruParty, cable, cover, makeInvoice, mumbaiBranch, phone, puneParty } from '../test/fixtures';
import { TransportSection, useTransportDraft } from './transport-section';

const WARNING = 'e-Way bill needed: add transport details';

function Section({ grandTotalPaise, goods = true }: { grandTotalPaise: number; goods?: boolean }) {
  const state = useTransportDraft();
  return (
    <>
      <TransportSection state={state} grandTotalPaise={grandTotalPaise} goods={goods} />
      <output data-testid="body">{JSON.stringify(state.body)}</output>
    </>
  );
}

const pressEnter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });

async function fillRoad(user: TestUser) {
  await user.click(screen.getByRole('combobox', { name: 'Mode' }));
  await user.click(await screen.findByTitle('Road'));
  await user.type(screen.getByLabelText('Distance (km)'), '150');
  await user.type(screen.getByLabelText('Vehicle no.'), 'mh 12 ab 1234');
}

beforeEach(() => {
  signIn(mumbaiBranch);
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('transport details on the sale form', () => {
  it('stays collapsed and quiet up to ₹50,000; above it opens and warns until the mode, distance and vehicle are given', async () => {
    const user = setupUser();
    const view = renderScreen(<Section grandTotalPaise={5_000_000} />, { path: '/', route: '/' });
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Distance (km)')).not.toBeInTheDocument();

    view.rerender(<Section grandTotalPaise={5_000_001} />);
    expect(await screen.findByText(WARNING)).toBeInTheDocument();
    expect(screen.getByLabelText('Distance (km)')).toBeVisible();
    expect(screen.getByTestId('body')).toHaveTextContent('{}');

    await fillRoad(user);
    await waitFor(() => expect(screen.queryByText(WARNING)).not.toBeInTheDocument());
    expect(JSON.parse(screen.getByTestId('body').textContent!)).toEqual({
      transport: { mode: 'ROAD', distanceKm: 150, vehicleNo: 'MH12AB1234', vehicleType: 'REGULAR', transporterId: null, transporterName: null, transDocNo: null, transDocDate: null },
    });
  });

  it('a sale of services needs no e-way bill, whatever its value', () => {
    renderScreen(<Section grandTotalPaise={9_000_000} goods={false} />, { path: '/', route: '/' });
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();
  });

  it('on the invoice form: the warning comes with a sale above ₹50,000, and the details go with the sale', async () => {
    jest.spyOn(itemApi, 'list').mockResolvedValue({ success: true, data: [cable, cover, phone], meta: { total: 3, page: 1, pageSize: 20 } });
    jest.spyOn(itemApi, 'taxes').mockResolvedValue(TAXES);
    jest.spyOn(accountApi, 'accounts').mockResolvedValue(ACCOUNTS);
    jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [bengaluruParty, puneParty], meta: { total: 2, page: 1, pageSize: 20 } });
    jest.spyOn(saleApi, 'nextNumber').mockResolvedValue({ number: 'MUM/26-27/43', financialYear: '2026-27' });
    jest.spyOn(branchApi, 'documentSettings').mockResolvedValue({ futureDatedDays: 0 });
    const create = jest.spyOn(saleApi, 'create').mockResolvedValue(makeInvoice({}, null));
    const user = setupUser();
    renderScreen(<CreateInvoicePage />, { path: '/sales/create-invoice', route: '/sales/create-invoice' });
    await screen.findByTestId('number-preview');

    const search = screen.getByRole('combobox', { name: 'Add item' });
    await user.click(search);
    await user.paste('cable');
    await screen.findByTitle('USB-C Cable');
    pressEnter(search);
    expect(screen.queryByText(WARNING)).not.toBeInTheDocument();

    // 700 × 62.51 at 18 %: ₹51,633.
    const quantity = screen.getByRole('textbox', { name: 'Quantity, line 1' });
    await user.clear(quantity);
    await user.type(quantity, '700');
    expect(await screen.findByText(WARNING)).toBeInTheDocument();

    await fillRoad(user);
    await waitFor(() => expect(screen.queryByText(WARNING)).not.toBeInTheDocument());
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0][0].transport).toEqual({
      mode: 'ROAD', distanceKm: 150, vehicleNo: 'MH12AB1234', vehicleType: 'REGULAR', transporterId: null, transporterName: null, transDocNo: null, transDocDate: null,
    });
  });
});
