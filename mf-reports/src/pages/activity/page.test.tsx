import { screen } from '@testing-library/react';
import { auditApi, type AuditEvent } from '@bahi/shared';
import { mumbaiBranch, renderScreen, setupUser, signIn, testUser } from '@bahi/shared/testing';
import { setUpReportTests } from '../../test/reports';
import ActivityPage from './page';

const PARTY = '6f0c1d2e-3b4a-4c5d-8e9f-0000000000d1';
const edit: AuditEvent = {
  seq: 12,
  at: '2026-11-28T06:00:00.000Z',
  user: { id: testUser.id, name: 'Ravi Sharma', role: 'ACCOUNTANT' },
  ip: '198.51.100.4',
  userAgent: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36',
  entity: 'party',
  entityId: PARTY,
  parentId: null,
  action: 'edit',
  before: { name: 'Mehta Traders' },
  after: { name: 'Mehta Traders Pvt Ltd' },
};
const login: AuditEvent = { ...edit, seq: 11, entity: 'user', entityId: testUser.id, action: 'login', before: null, after: null };
const page = (data: AuditEvent[]) => ({ success: true as const, data, meta: { total: data.length, page: 1, pageSize: 20 } });

setUpReportTests(null);

describe('Activity', () => {
  it('lists the business’s events with the record linked to its screen, and filters by the address and by a user', async () => {
    const call = jest.spyOn(auditApi, 'events').mockResolvedValue(page([edit, login]));
    const user = setupUser();
    renderScreen(<ActivityPage />, { path: '/reports/activity', route: '/reports/activity?entity=party&from=2026-11-01&to=2026-11-30' });
    expect(await screen.findByRole('link', { name: 'Party' })).toHaveAttribute('href', `/party/${PARTY}`);
    expect(call).toHaveBeenCalledWith({ entity: 'party', from: '2026-11-01', to: '2026-11-30', userId: undefined, page: 1, pageSize: 20 });
    expect(screen.getByText('Logged in')).toBeInTheDocument();
    expect(screen.getAllByText('28-11-2026 11:30:00')).toHaveLength(2);
    await user.click(screen.getAllByText('Ravi Sharma')[0]);
    expect(screen.getByTestId('location')).toHaveTextContent(`userId=${testUser.id}`);
    expect(call).toHaveBeenLastCalledWith({ entity: 'party', from: '2026-11-01', to: '2026-11-30', userId: testUser.id, page: 1, pageSize: 20 });
    expect(screen.getByText('One user’s activity')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/reports\/activity$/);
    expect(call).toHaveBeenLastCalledWith({ entity: undefined, from: undefined, to: undefined, userId: undefined, page: 1, pageSize: 20 });
  });

  it('verifies the trail: intact with the chain head to keep, or the first changed event', async () => {
    jest.spyOn(auditApi, 'events').mockResolvedValue(page([edit]));
    const verify = jest
      .spyOn(auditApi, 'verify')
      .mockResolvedValueOnce({ ok: true, events: 1234, head: { seq: 1234, hash: 'ab'.repeat(32), at: '2026-11-28T06:00:00.000Z' }, firstBroken: null, anchor: null })
      .mockResolvedValueOnce({
        ok: false,
        events: 1234,
        head: { seq: 1234, hash: 'ab'.repeat(32), at: '2026-11-28T06:00:00.000Z' },
        firstBroken: { seq: 17, reason: 'hash', message: 'The event was changed after it was written: its content no longer gives its hash' },
        anchor: null,
      });
    const user = setupUser();
    renderScreen(<ActivityPage />, { path: '/reports/activity' });
    await screen.findByText('Edited');
    await user.click(screen.getByRole('button', { name: /Verify trail/ }));
    expect(await screen.findByText('The trail is intact: 1,234 events, none changed or missing')).toBeInTheDocument();
    expect(screen.getByText(`1234:${'ab'.repeat(32)}`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Verify trail/ }));
    expect(await screen.findByText('The trail was changed: event 17 does not match')).toBeInTheDocument();
    expect(screen.getByText(/its content no longer gives its hash/)).toBeInTheDocument();
    expect(verify).toHaveBeenCalledTimes(2);
  });

  it('tells a role that may not read the trail so, without asking for it', async () => {
    signIn(mumbaiBranch, { ...testUser, role: 'BILLER' });
    const call = jest.spyOn(auditApi, 'events');
    renderScreen(<ActivityPage />, { path: '/reports/activity' });
    expect(await screen.findByText('You do not have permission: audit.view')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalled();
  });
});
