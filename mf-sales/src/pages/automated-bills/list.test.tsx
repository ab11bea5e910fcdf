import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  ApiError,
  automatedBillApi,
  daysInMonth,
  indiaToday,
  itemApi,
  nextRunDates,
  partyApi,
  type Schedule,
  type ScheduleListResponse,
} from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { notificationTexts, renderScreen, setupUser, signIn, type TestUser } from '@bahi/shared/testing';
import { AutomatedBillsPage } from './list';
import { bengaluruParty, cable, cover, makeSchedule, mumbaiBranch, puneParty } from '../../test/fixtures';

const rent = makeSchedule();
rent.lastRun = rent.runs[0];
const tuition = makeSchedule({
  partyId: puneParty.id,
  partyName: puneParty.name,
  status: 'PAUSED',
  frequency: { type: 'WEEKLY', weekday: 1, dayOfMonth: null },
  nextRunDate: '2026-06-08',
  billsIssued: 4,
  failedRuns: 0,
  totalBilled: '2000.00',
  runs: [],
  lastRun: null,
});

const page = (data: Schedule[]): ScheduleListResponse => ({
  success: true,
  data,
  meta: { total: data.length, page: 1, pageSize: 20, totalBilled: '3180.00' },
});

const renderPage = (route = '/automated-bills') => renderScreen(<AutomatedBillsPage />, { path: '/automated-bills', route });
const pressEnter = (el: Element) => fireEvent.keyDown(el, { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 });
const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

async function addItem(user: TestUser, text: string, name: string) {
  const search = screen.getByRole('combobox', { name: 'Add item' });
  await user.click(search);
  await user.paste(text);
  await screen.findByTitle(name);
  pressEnter(search);
}

async function choose(user: TestUser, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByTitle(option));
}

beforeEach(() => {
  signIn(mumbaiBranch);
  jest.spyOn(itemApi, 'list').mockResolvedValue({ success: true, data: [cable, cover], meta: { total: 2, page: 1, pageSize: 20 } });
  jest.spyOn(partyApi, 'list').mockResolvedValue({ success: true, data: [bengaluruParty, puneParty], meta: { total: 2, page: 1, pageSize: 20 } });
});
afterEach(() => {
  act(() => notify.clear());
  jest.restoreAllMocks();
});

describe('AutomatedBillsPage', () => {
  it('lists schedules with the next bill, the last result and the totals billed', async () => {
    const list = jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([rent, tuition]));
    renderPage();
    const row = (await screen.findByText('Bengaluru Retail LLP')).closest('tr')!;
    expect(list).toHaveBeenCalledWith({ status: undefined, page: 1, pageSize: 20 });
    const cells = Array.from(row.querySelectorAll('td')).map((td) => td.textContent);
    expect(cells.slice(0, 3)).toEqual(['Bengaluru Retail LLP', 'Every month on the last day', '30/06/2026']);
    expect(cells[3]).toContain('Failed');
    expect(cells[3]).toContain('Not enough stock of USB-C Cable');
    expect(cells.slice(4)).toEqual(['1', '₹1,180.00', 'Active']);
    const paused = screen.getByText('Pune Traders').closest('tr')!;
    expect(within(paused).getByText('No bill yet')).toBeInTheDocument();
    expect(within(paused).getByText('Paused')).toBeInTheDocument();
    expect(screen.getByText('2 automated bills · ₹3,180.00 billed in all')).toBeInTheDocument();
  });

  it('filters by status from the address', async () => {
    const list = jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([]));
    renderPage('/automated-bills?status=PAUSED');
    expect(await screen.findByText('No paused automated bills')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ status: 'PAUSED', page: 1, pageSize: 20 });
  });

  it('opens a schedule with its history and retries a failed run', async () => {
    jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([rent]));
    const get = jest.spyOn(automatedBillApi, 'get').mockResolvedValue(rent);
    const issued = {
      ...rent.runs[0],
      status: 'ISSUED' as const,
      reason: null,
      invoiceId: '5e1d2c3b-4a59-4687-9a1b-00000000ab02',
      invoiceNumber: 'MUM/26-27/9',
      grandTotal: '1180.00',
      attempts: 2,
    };
    const after = { ...rent, runs: [issued, rent.runs[1]] };
    const runNow = jest.spyOn(automatedBillApi, 'runNow').mockImplementation(async () => {
      get.mockResolvedValue(after);
      return { ...after, run: issued };
    });
    const user = setupUser();
    renderPage();
    await user.click(await screen.findByText('Bengaluru Retail LLP'));
    const history = within(await screen.findByRole('region', { name: 'History' }));
    expect(history.getByRole('link', { name: 'MUM/26-27/7' })).toHaveAttribute('href', `/sales/invoice/${rent.runs[1].invoiceId}`);
    expect(history.getByText(/Not enough stock of USB-C Cable/)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`schedule=${rent.id}`);

    await user.click(history.getByRole('button', { name: 'Retry the bill of 31/05/2026' }));
    expect(runNow).toHaveBeenCalledWith(rent.id, { period: '2026-05-31' }, { idempotencyKey: expect.any(String) });
    await waitFor(() => expect(notificationTexts()).toContain('Invoice MUM/26-27/9 issued, dated 31/05/2026'));
    expect(await history.findByRole('link', { name: 'MUM/26-27/9' })).toBeInTheDocument();
    expect(history.queryByRole('button', { name: /Retry/ })).not.toBeInTheDocument();
  });

  it('tells the reason when an issue-now cannot be billed', async () => {
    jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([rent]));
    jest.spyOn(automatedBillApi, 'get').mockResolvedValue(rent);
    const failed = { ...rent.runs[0], period: '2026-06-30', runDate: indiaToday(), reason: 'Item not found' };
    jest.spyOn(automatedBillApi, 'runNow').mockResolvedValue({ ...rent, runs: [failed, ...rent.runs], run: failed });
    const user = setupUser();
    renderPage(`/automated-bills?schedule=${rent.id}`);
    await user.click(await screen.findByRole('button', { name: 'Issue now' }));
    await waitFor(() => expect(notificationTexts().join()).toContain('The bill of 30/06/2026 could not be issued'));
    expect(notificationTexts().join()).toContain('Item not found');
  });

  it('offers Issue now only when a bill is due, naming the next due date otherwise', async () => {
    const ahead = { ...rent, nextRunDate: '2099-06-30' };
    jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([ahead]));
    jest.spyOn(automatedBillApi, 'get').mockResolvedValue(ahead);
    const runNow = jest.spyOn(automatedBillApi, 'runNow');
    renderPage(`/automated-bills?schedule=${rent.id}`);
    expect(await screen.findByRole('button', { name: 'Issue now' })).toBeDisabled();
    expect(screen.getByText('Nothing is due yet: the next bill is due on 30/06/2099')).toBeInTheDocument();
    expect(runNow).not.toHaveBeenCalled();
  });

  it('sends an Idempotency-Key with each Issue now: the same key again after a lost answer, a new one per new click', async () => {
    jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([rent]));
    jest.spyOn(automatedBillApi, 'get').mockResolvedValue(rent);
    const issued = { ...rent.runs[1], period: '2026-06-30', runDate: indiaToday(), invoiceNumber: 'MUM/26-27/10' };
    const runNow = jest
      .spyOn(automatedBillApi, 'runNow')
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValue({ ...rent, runs: [issued, ...rent.runs], run: issued });
    const user = setupUser();
    renderPage(`/automated-bills?schedule=${rent.id}`);
    const issueNow = await screen.findByRole('button', { name: 'Issue now' });
    await user.click(issueNow);
    await waitFor(() => expect(notificationTexts().join()).toContain('Could not do that'));
    await user.click(issueNow);
    await waitFor(() => expect(notificationTexts().join()).toContain('Invoice MUM/26-27/10 issued'));
    await user.click(issueNow);
    await waitFor(() => expect(runNow).toHaveBeenCalledTimes(3));
    const keys = runNow.mock.calls.map((call) => call[2]?.idempotencyKey);
    expect(runNow.mock.calls.map((call) => call.slice(0, 2))).toEqual(Array(3).fill([rent.id, {}]));
    expect(keys[0]).toEqual(expect.any(String));
    // The click after the lost answer retries the same request; the click after the answer is a new one.
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('pauses, resumes and ends a schedule', async () => {
    jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([rent]));
    // The server's schedule as each action leaves it.
    let current: Schedule = rent;
    jest.spyOn(automatedBillApi, 'get').mockImplementation(async () => current);
    const to = (patch: Partial<Schedule>) => async () => (current = { ...current, ...patch });
    const pause = jest.spyOn(automatedBillApi, 'pause').mockImplementation(to({ status: 'PAUSED' }));
    const resume = jest.spyOn(automatedBillApi, 'resume').mockImplementation(to({ status: 'ACTIVE' }));
    const end = jest.spyOn(automatedBillApi, 'end').mockImplementation(to({ status: 'ENDED', nextRunDate: null }));
    const user = setupUser();
    renderPage(`/automated-bills?schedule=${rent.id}`);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(pause).toHaveBeenCalledWith(rent.id);
    await user.click(await screen.findByRole('button', { name: 'Resume' }));
    expect(resume).toHaveBeenCalledWith(rent.id);
    await user.click(await screen.findByRole('button', { name: 'End' }));
    const confirm = (await screen.findByText('End this automated bill?', { selector: '.ant-modal-confirm-title' })).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'End' }));
    await waitFor(() => expect(end).toHaveBeenCalledWith(rent.id));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Issue now' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(notificationTexts()).toEqual(['Automated bill paused', 'Automated bill resumed', 'Automated bill ended']);
  });

  it('creates a schedule, previewing the next five dates from the same calendar as the API', async () => {
    jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([]));
    const created = makeSchedule({ runs: [], lastRun: null });
    const create = jest.spyOn(automatedBillApi, 'create').mockResolvedValue(created);
    jest.spyOn(automatedBillApi, 'get').mockResolvedValue(created);
    const user = setupUser();
    renderPage('/automated-bills?edit=new');
    await screen.findByRole('dialog', { name: 'New automated bill' });

    // Saving an empty form names what is missing, and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose the customer')).toBeInTheDocument();
    expect(screen.getByText('Add at least one line')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await choose(user, 'Customer', 'Bengaluru Retail LLP');
    await addItem(user, 'cable', 'USB-C Cable');
    await choose(user, 'Day of month', 'Last day');
    const today = indiaToday();
    const expected = nextRunDates({ frequency: { type: 'MONTHLY', dayOfMonth: 'LAST' }, startDate: today }, 5);
    const preview = within(screen.getByRole('region', { name: 'Next bills' }));
    await waitFor(() => expect(preview.getAllByRole('listitem').map((li) => li.textContent)).toEqual(expected.map(ddmmyyyy)));
    // Every one a month end, February included.
    expect(expected.every((d) => Number(d.slice(8)) === daysInMonth(Number(d.slice(0, 4)), Number(d.slice(5, 7))))).toBe(true);

    await user.click(screen.getByRole('radio', { name: 'After a number of bills' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Number of bills' }), '2');
    await waitFor(() => expect(preview.getAllByRole('listitem')).toHaveLength(2));
    await user.type(screen.getByRole('spinbutton', { name: 'Due in days' }), '7');
    await user.type(screen.getByRole('textbox', { name: 'Discount on the bill (before tax)' }), '50');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(create).toHaveBeenCalledWith({
        partyId: bengaluruParty.id,
        branchId: undefined,
        lines: [{ itemId: cable.id, quantity: 1, unitPrice: undefined }],
        frequency: { type: 'MONTHLY', weekday: undefined, dayOfMonth: 'LAST' },
        startDate: today,
        endDate: undefined,
        maxBills: 2,
        dueInDays: 7,
        roundOff: true,
        discount: { amount: '50' },
        notes: undefined,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(`schedule=${created.id}`));
    expect(notificationTexts()).toContain('Automated bill created');
  });

  it('shows the server’s refusal in the form', async () => {
    jest.spyOn(automatedBillApi, 'list').mockResolvedValue(page([]));
    jest.spyOn(automatedBillApi, 'get').mockResolvedValue(rent);
    jest.spyOn(automatedBillApi, 'update').mockRejectedValue(new ApiError({ status: 409, message: 'This automated bill has ended: create a new one instead' }));
    const user = setupUser();
    renderPage(`/automated-bills?edit=${rent.id}`);
    expect(await screen.findByText('Changes apply to future bills only: invoices already issued stay as they are.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This automated bill has ended: create a new one instead')).toBeInTheDocument();
  });
});
