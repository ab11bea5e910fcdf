import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BULK_ERROR_MESSAGE, XLSX_MIME, partyApi, type Party, type PartyListResponse } from '@bahi/shared';
import { PartyListPage } from './list';
import { makeParty } from '../../test/fixtures';
import { renderScreen, setupUser } from '@bahi/shared/testing';
const wholesale = { id: '7a2c1b9e-1a2b-4c3d-8e9f-0000000000c1', catagory: 'Wholesale' };
const mehta = makeParty({
  name: 'Mehta Hardware',
  mobileNumber: '9822012345',
  gstin: '27AAPFU0939F1ZV',
  partyCatagory: wholesale,
  openingBalance: '150000.50',
  // Opening balance + sales − payments: what the list shows.
  balance: '152360.50',
});
const kaveri = makeParty({ name: 'Kaveri Suppliers', partyType: 'SUPPLIER', balance: '-2655.00' });

const page = (data: Party[], total = data.length, p = 1, pageSize = 20): PartyListResponse => ({
  success: true,
  data,
  meta: { total, page: p, pageSize },
});

function renderList(route = '/parties') {
  const user = setupUser();
  renderScreen(<PartyListPage />, { path: '/parties', route });
  return user;
}

/** XMLHttpRequest as the shared client uses it for uploads; the test drives progress and the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  responseType = '';
  withCredentials = false;
  status = 0;
  response: Blob | null = null;
  url = '';
  body: unknown;
  private contentType = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? this.contentType : null;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  progress(fraction: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: fraction * 100, total: 100 });
  }
  respond(status: number, contentType: string, body: BlobPart) {
    this.status = status;
    this.contentType = contentType;
    this.response = new Blob([body], { type: contentType });
    this.onload?.();
  }
}

// jsdom's Blob has no text(); browsers' has (the shared client reads non-file answers with it).
if (!Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(this);
    });
  };
}

afterEach(() => jest.restoreAllMocks());
beforeEach(() => {
  jest.spyOn(partyApi, 'categories').mockResolvedValue([wholesale]);
});

describe('PartyListPage', () => {
  it('lists name, type, mobile, GSTIN, category and the balance today with the rupee sign', async () => {
    const list = jest.spyOn(partyApi, 'list').mockResolvedValue(page([kaveri, mehta]));
    renderList();
    const row = (await screen.findByText('Mehta Hardware')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Customer')).toBeInTheDocument();
    expect(within(row).getByText('+91 98220 12345')).toBeInTheDocument();
    expect(within(row).getByText('27AAPFU0939F1ZV')).toBeInTheDocument();
    expect(within(row).getByText('Wholesale')).toBeInTheDocument();
    // The balance today, not the opening balance: what the customer owes, what the business owes the supplier.
    expect(row).toHaveTextContent('₹1,52,360.50 to receive');
    const other = screen.getByText('Kaveri Suppliers').closest('tr') as HTMLElement;
    expect(within(other).getByText('Supplier')).toBeInTheDocument();
    expect(other).toHaveTextContent('₹2,655.00 to pay');
    expect(screen.getByText('2 parties')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
  });

  it('shows a party marked both as "Customer & Supplier", its balance to receive or to pay by its sign alone', async () => {
    const owes = makeParty({ name: 'Two Way Traders', partyType: 'BOTH', balance: '630.00' });
    const owed = makeParty({ name: 'Both Ways Mills', partyType: 'BOTH', balance: '-1200.00' });
    jest.spyOn(partyApi, 'list').mockResolvedValue(page([owed, owes]));
    renderList();
    const row = (await screen.findByText('Two Way Traders')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Customer & Supplier')).toBeInTheDocument();
    expect(row).toHaveTextContent('₹630.00 to receive');
    const other = screen.getByText('Both Ways Mills').closest('tr') as HTMLElement;
    expect(within(other).getByText('Customer & Supplier')).toBeInTheDocument();
    expect(other).toHaveTextContent('₹1,200.00 to pay');
  });

  it('searches on the server once typing pauses, not on every key', async () => {
    const list = jest.spyOn(partyApi, 'list').mockResolvedValue(page([mehta, kaveri]));
    const user = renderList();
    await screen.findByText('Mehta Hardware');
    list.mockResolvedValue(page([mehta]));
    await user.type(screen.getByRole('textbox', { name: 'Search parties' }), 'mehta');
    await waitFor(() => expect(list).toHaveBeenCalledWith({ q: 'mehta', page: 1, pageSize: 20 }));
    const searched = list.mock.calls.map(([q]) => q?.q).filter(Boolean);
    expect(searched).toEqual(['mehta']);
    expect(screen.getByTestId('location')).toHaveTextContent('/parties?q=mehta');
    await waitFor(() => expect(screen.queryByText('Kaveri Suppliers')).not.toBeInTheDocument());
  });

  it('filters by type and category, and pages on the server', async () => {
    const list = jest.spyOn(partyApi, 'list').mockResolvedValue(page([mehta, kaveri], 45));
    const user = renderList();
    await screen.findByText('Mehta Hardware');
    expect(screen.getByText('1-20 of 45')).toBeInTheDocument();
    await user.click(screen.getByText('Suppliers'));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ partyType: 'SUPPLIER', page: 1, pageSize: 20 }));
    await user.click(screen.getByRole('listitem', { name: '2' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith({ partyType: 'SUPPLIER', page: 2, pageSize: 20 }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByTitle('Wholesale'));
    await waitFor(() =>
      expect(list).toHaveBeenLastCalledWith({ partyType: 'SUPPLIER', categoryId: wholesale.id, page: 1, pageSize: 20 }),
    );
  });

  it('opens the detail when a row is clicked', async () => {
    jest.spyOn(partyApi, 'list').mockResolvedValue(page([mehta]));
    const user = renderList();
    await user.click(await screen.findByText('27AAPFU0939F1ZV'));
    expect(screen.getByTestId('location')).toHaveTextContent(`/party/${mehta.id}`);
  });

  it('invites the first party when there is none', async () => {
    jest.spyOn(partyApi, 'list').mockResolvedValue(page([]));
    const user = renderList();
    expect(await screen.findByText('No parties yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add party/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/parties/create-party');
  });

  it("says 'Error loading parties' when the list cannot load", async () => {
    jest.spyOn(partyApi, 'list').mockRejectedValue(new Error('Could not reach the server'));
    renderList();
    expect(await screen.findByText('Error loading parties')).toBeInTheDocument();
  });
});

describe('bulk import from the list', () => {
  let saved: { blob: Blob; name: string }[];
  beforeEach(() => {
    saved = [];
    FakeXhr.last = null;
    jest.spyOn(partyApi, 'list').mockResolvedValue(page([mehta]));
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      saved.push({ blob, name: '' });
      return `blob:${saved.length}`;
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved[saved.length - 1].name = this.download;
    });
  });

  async function openAndChoose(file: File) {
    const user = renderList();
    await screen.findByText('Mehta Hardware');
    await user.click(screen.getByRole('button', { name: /Bulk import/ }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file] } });
    await within(dialog).findByText(file.name);
    return { user, dialog };
  }

  const sheet = (name = 'parties.xlsx', size = 10) => new File([new Uint8Array(size)], name, { type: XLSX_MIME });

  it('downloads the template', async () => {
    global.fetch = jest.fn().mockResolvedValue(new Response(new Blob(['PK']), { status: 200 }));
    const { user, dialog } = await openAndChoose(sheet());
    await user.click(within(dialog).getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['parties-import-template.xlsx']));
    expect((global.fetch as jest.Mock).mock.calls[0][0]).toBe('/api/party/bulk-create/template');
  });

  it('shows upload progress, then offers the error report when rows failed, and imports nothing', async () => {
    const { user, dialog } = await openAndChoose(sheet());
    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/party/bulk-create');
    expect((xhr.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => xhr.progress(0.5));
    expect(await within(dialog).findByText('50%')).toBeInTheDocument();
    act(() => xhr.progress(1));
    expect(await within(dialog).findByText(/Checking every row/)).toBeInTheDocument();
    await act(async () => xhr.respond(400, XLSX_MIME, 'PK-report'));
    expect(await within(dialog).findByText(BULK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(/Nothing was imported/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: /Download error report/ }));
    expect(saved.map((s) => s.name)).toEqual(['parties-import-errors.xlsx']);
    expect(await saved[0].blob.text()).toBe('PK-report');
  });

  it('reports the count and refreshes the list after a successful import', async () => {
    const list = partyApi.list as jest.Mock;
    const { user, dialog } = await openAndChoose(sheet());
    const callsBefore = list.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    await act(async () =>
      FakeXhr.last!.respond(201, 'application/json', JSON.stringify({ success: true, data: { count: 3 }, message: '3 parties imported' })),
    );
    expect(await within(dialog).findByText('3 parties imported', { selector: '.ant-alert-title, .ant-alert-message' })).toBeInTheDocument();
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(callsBefore));
  });

  it('shows a problem with the whole file as a message', async () => {
    const { user, dialog } = await openAndChoose(sheet());
    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    await act(async () =>
      FakeXhr.last!.respond(413, 'application/json', JSON.stringify({ success: false, message: 'The file has more than 10,000 rows' })),
    );
    expect(await within(dialog).findByText('The file has more than 10,000 rows')).toBeInTheDocument();
  });

  it('keeps the dialog open when the first parties arrive and the empty list becomes a table', async () => {
    const list = partyApi.list as jest.Mock;
    list.mockResolvedValue(page([]));
    const user = renderList();
    await screen.findByText('No parties yet');
    await user.click(screen.getByRole('button', { name: /Bulk import/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [sheet()] } });
    await user.click(within(dialog).getByRole('button', { name: /Import/ }));
    list.mockResolvedValue(page([mehta]));
    await act(async () =>
      FakeXhr.last!.respond(201, 'application/json', JSON.stringify({ success: true, data: { count: 1 }, message: '1 party imported' })),
    );
    expect(await screen.findByText('Mehta Hardware')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('refuses a file over 5 MB or of another type before uploading', async () => {
    const { dialog } = await openAndChoose(sheet('huge.xlsx', 5 * 1024 * 1024 + 1));
    expect(within(dialog).getByText('This file is 5.0 MB; the limit is 5 MB.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Import/ })).toBeDisabled();
    fireEvent.change(dialog.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [new File(['x'], 'notes.pdf')] },
    });
    expect(await within(dialog).findByText('Choose an Excel workbook (.xlsx) or a CSV file (.csv).')).toBeInTheDocument();
    expect(FakeXhr.last).toBeNull();
  });
});
