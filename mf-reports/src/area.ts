import type { RemoteArea } from '@bahi/shared';

export const area: RemoteArea = {
  title: 'Reports',
  routes: [
    'reports',
    '/reports/sales',
    '/reports/purchase',
    '/reports/ledger',
    '/reports/gstr1',
    '/reports/stock-summary',
    '/reports/day-book',
    '/reports/item-profit',
    '/reports/gstr3b',
    '/reports/cmp08',
    '/reports/trial-balance',
    '/reports/profit-loss',
    '/reports/balance-sheet',
    '/reports/accounts',
    '/reports/accounts/:id',
    '/reports/journal/new',
    'cash-bank',
    '/reports/activity',
  ],
  nav: [
    { path: '/cash-bank', label: 'Cash & Bank', icon: 'BankOutlined', order: 60 },
    { path: '/reports/accounts', label: 'Books', icon: 'BookOutlined', order: 65 },
    { path: '/reports', label: 'Reports', icon: 'BarChartOutlined', order: 70 },
  ],
};
