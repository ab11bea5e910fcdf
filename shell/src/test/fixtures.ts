import type { Branch, ShellRemote, ShellRemotes, User } from '@bahi/shared';

const at = '2026-01-01T00:00:00.000Z';

export const branch = (id: string, name: string, city = 'Pune'): Branch => ({
  id,
  name,
  phone: null,
  email: null,
  gstin: null,
  registrationType: null,
  address: { street: null, city, stateCode: '27', pin: null },
  invoicePrefix: null,
  isDefault: false,
  createdAt: at,
  updatedAt: at,
});

export const MAIN_BRANCH = branch('11111111-1111-4111-8111-111111111111', 'Pune main shop');
export const GODOWN = branch('22222222-2222-4222-8222-222222222222', 'Nashik godown', 'Nashik');

export const USER: User = {
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Asha Patil',
  mobileNumber: '9876543210',
  role: 'OWNER',
  business: { id: '44444444-4444-4444-8444-444444444444', name: 'Patil Traders', gstin: null, stateCode: '27', registrationType: 'UNREGISTERED' },
};

export const PROFILE = { user: USER, activeStoreBranch: MAIN_BRANCH };

export const remote = (over: Partial<ShellRemote> & Pick<ShellRemote, 'name' | 'title' | 'routes' | 'nav'>): ShellRemote => ({
  folder: over.name.replace(/_/g, '-'),
  version: '1.0.0',
  manifestUrl: `/remotes/${over.name.replace(/_/g, '-')}/mf-manifest.json`,
  overridable: false,
  overrideOrigins: [],
  ...over,
});

export const REPORTS = remote({
  name: 'mf_reports',
  title: 'Reports',
  routes: ['reports', '/reports/sales', 'cash-bank'],
  nav: [
    { path: '/reports', label: 'Reports', icon: 'BarChartOutlined', order: 70 },
    { path: '/cash-bank', label: 'Cash & Bank', icon: 'BankOutlined', order: 60 },
  ],
});

export const PARTIES = remote({
  name: 'mf_parties',
  title: 'Parties',
  routes: ['parties', '/party/:id'],
  nav: [{ path: '/parties', label: 'Parties', icon: 'TeamOutlined', order: 10 }],
});

export const REGISTRY: ShellRemotes = {
  remotes: [REPORTS, PARTIES],
  unavailable: [{ name: 'mf_sales', title: 'Sales', routes: ['sales/*', '/sales/invoice/:id'] }],
  overrideHours: 4,
};
