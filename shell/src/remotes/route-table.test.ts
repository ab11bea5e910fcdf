import { activeNavPath, buildRouteTable, routeAt } from './route-table';
import { PARTIES, REGISTRY, REPORTS, remote } from '../test/fixtures';

describe('buildRouteTable', () => {
  it('makes one route per declared path, relative to the root, keeping the declared key', () => {
    const table = buildRouteTable(REGISTRY);
    expect(table.routes.map((r) => [r.path, r.declared, r.remote.name])).toEqual([
      ['reports', 'reports', 'mf_reports'],
      ['reports/sales', '/reports/sales', 'mf_reports'],
      ['cash-bank', 'cash-bank', 'mf_reports'],
      ['parties', 'parties', 'mf_parties'],
      ['party/:id', '/party/:id', 'mf_parties'],
    ]);
  });

  it('sorts the sidebar entries of every remote by their order, whatever the registry order', () => {
    const table = buildRouteTable(REGISTRY);
    expect(table.nav.map((n) => [n.label, n.remote])).toEqual([
      ['Parties', 'mf_parties'],
      ['Cash & Bank', 'mf_reports'],
      ['Reports', 'mf_reports'],
    ]);
  });

  it('keeps the routes of switched-off remotes apart, so they can say they are not available', () => {
    const table = buildRouteTable(REGISTRY);
    expect(table.unavailable).toEqual([
      { path: 'sales/*', name: 'mf_sales', title: 'Sales' },
      { path: 'sales/invoice/:id', name: 'mf_sales', title: 'Sales' },
    ]);
    expect(table.nav.some((n) => n.label === 'Sales')).toBe(false);
  });

  it('gives a path claimed twice to the first remote that declared it', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const thief = remote({ name: 'mf_thief', title: 'Thief', routes: ['parties'], nav: [] });
    const table = buildRouteTable({ remotes: [PARTIES, thief, REPORTS], unavailable: [], overrideHours: 4 });
    expect(table.routes.filter((r) => r.path === 'parties').map((r) => r.remote.name)).toEqual(['mf_parties']);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('activeNavPath', () => {
  const nav = [{ path: '/reports' }, { path: '/reports/sales' }, { path: '/parties' }];
  it('picks the longest entry that prefixes the location', () => {
    expect(activeNavPath(nav, '/reports/sales')).toBe('/reports/sales');
    expect(activeNavPath(nav, '/reports/ledger')).toBe('/reports');
    expect(activeNavPath(nav, '/parties/create-party')).toBe('/parties');
  });
  it('does not treat a longer word as a child', () => {
    expect(activeNavPath(nav, '/partiesx')).toBeUndefined();
  });
});

describe('routeAt', () => {
  const table = buildRouteTable({ remotes: [PARTIES, REPORTS], unavailable: [], overrideHours: 4 });
  it('finds the remote route showing at a location, parameters included', () => {
    expect(routeAt(table, '/party/42')?.remote.name).toBe('mf_parties');
    expect(routeAt(table, '/reports/sales')?.declared).toBe('/reports/sales');
  });
  it('finds none for a shell page or before the registry answered', () => {
    expect(routeAt(table, '/')).toBeUndefined();
    expect(routeAt(null, '/parties')).toBeUndefined();
  });
});
