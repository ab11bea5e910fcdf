import '@testing-library/jest-dom';
import { screen, within } from '@testing-library/react';
import { auditApi } from '../api/audit';
import type { AuditEvent } from '../contracts';
import { renderScreen, resetAppState, setupUser, signIn, testUser } from '../testing';
import { HistorySection, WithHistoryTab, browserOf, formatAuditTime } from './audit-trail';

const SALE = '3d1c1b9e-1a2b-4c3d-8e9f-0000000000c1';

const event = (patch: Partial<AuditEvent>): AuditEvent => ({
  seq: 1,
  at: '2026-11-28T08:30:05.000Z',
  user: { id: testUser.id, name: 'Ravi Sharma', role: 'OWNER' },
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  entity: 'sale_invoice',
  entityId: SALE,
  parentId: null,
  action: 'create',
  before: null,
  after: { invoice_number: 'MB/26-27/7', status: 'UNPAID' },
  ...patch,
});

const cancel = event({ seq: 3, action: 'cancel', at: '2026-11-28T09:00:00.000Z', before: { status: 'UNPAID' }, after: { status: 'CANCELLED', cancel_reason: 'Billed twice' } });
const payment = event({ seq: 2, entity: 'payment', entityId: 'f1', parentId: SALE, user: null, ip: null, userAgent: null, after: { amount: '500.00' } });
const created = event({});

const renderBody = () =>
  renderScreen(
    <WithHistoryTab entityId={SALE} area="sales" label="Payments & notes">
      <p>The invoice’s payments</p>
    </WithHistoryTab>,
  );

afterEach(() => {
  jest.restoreAllMocks();
  resetAppState();
});

describe('History tab', () => {
  it('lists the record’s events newest first: when (India time), who, what and from where, and opens a row to its changed fields', async () => {
    signIn();
    const call = jest.spyOn(auditApi, 'events').mockResolvedValue({ success: true, data: [cancel, payment, created], meta: { total: 3, page: 1, pageSize: 20 } });
    const user = setupUser();
    renderBody();
    expect(screen.getByText('The invoice’s payments')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ entityId: SALE, page: 1, pageSize: 20 });
    const rows = screen.getAllByRole('row').filter((r) => r.querySelector('td:not(.ant-table-cell-row-hover)'));
    const texts = rows.map((r) => r.textContent ?? '');
    expect(texts[0]).toContain('28-11-2026 14:30:00');
    expect(texts[0]).toContain('Ravi SharmaOwner');
    expect(texts[0]).toContain('Sale invoice');
    expect(texts[0]).toContain('203.0.113.9');
    expect(texts[0]).toContain('Chrome on Android');
    expect(texts[1]).toContain('System');
    expect(texts[1]).toContain('Payment');
    await user.click(within(rows[0]).getByRole('button', { name: /expand row/i }));
    const changes = document.querySelector('.bahi-audit-changes') as HTMLElement;
    expect(within(changes).getAllByRole('row').map((r) => r.textContent)).toEqual([
      'FieldBeforeAfter',
      'StatusUNPAIDCANCELLED',
      'Cancel reason—Billed twice',
    ]);
  });

  it('says so when nothing is recorded, and offers a retry when the history cannot be loaded', async () => {
    signIn();
    const call = jest.spyOn(auditApi, 'events').mockRejectedValueOnce(new Error('Network down')).mockResolvedValue({ success: true, data: [], meta: { total: 0, page: 1, pageSize: 20 } });
    const user = setupUser();
    renderBody();
    await user.click(screen.getByRole('tab', { name: 'History' }));
    expect(await screen.findByText('Could not load the activity')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No history recorded yet')).toBeInTheDocument();
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('is not offered to a role that may not read the audit trail', () => {
    signIn(null, { ...testUser, role: 'BILLER' });
    const call = jest.spyOn(auditApi, 'events');
    renderBody();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    expect(screen.getByText('The invoice’s payments')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});

describe('History section', () => {
  it('asks for the history only when opened', async () => {
    signIn();
    const call = jest.spyOn(auditApi, 'events').mockResolvedValue({ success: true, data: [created], meta: { total: 1, page: 1, pageSize: 20 } });
    const user = setupUser();
    renderScreen(<HistorySection entityId={SALE} area="quotations" />);
    expect(call).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: /History/ }));
    expect(await screen.findByText('Created')).toBeInTheDocument();
    expect(call).toHaveBeenCalledWith({ entityId: SALE, page: 1, pageSize: 20 });
  });

  it('is not there for a role that may not read the audit trail', () => {
    signIn(null, { ...testUser, role: 'VIEWER' });
    renderScreen(<HistorySection entityId={SALE} area="quotations" />);
    expect(screen.queryByText('History')).not.toBeInTheDocument();
  });
});

describe('formatting', () => {
  it('writes times as DD-MM-YYYY HH:mm:ss in India and names the browser', () => {
    expect(formatAuditTime('2026-03-31T18:45:00.000Z')).toBe('01-04-2026 00:15:00');
    expect(browserOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0')).toBe('Edge on Windows');
    expect(browserOf(null)).toBe('');
  });
});
