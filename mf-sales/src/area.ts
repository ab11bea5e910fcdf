import type { RemoteArea } from '@bahi/shared';

export const area: RemoteArea = {
  title: 'Sales',
  routes: [
    'sales/*',
    '/sales/invoice/:id',
    '/sales/invoice/:id/edit',
    '/sales/invoice/:id/credit-note',
    '/sales/invoice/:id/debit-note',
    '/sales/credit-note/:id',
    '/sales/debit-note/:id',
    'sales/create-invoice',
    'sales/create-quotation',
    '/sales/quotation/:id',
    'e-invoicing',
    'automated-bills',
  ],
  nav: [
    { path: '/sales', label: 'Sales', icon: 'FileTextOutlined', order: 30 },
    { path: '/e-invoicing', label: 'E-invoicing', icon: 'CloudUploadOutlined', order: 80 },
    { path: '/automated-bills', label: 'Automated bills', icon: 'ScheduleOutlined', order: 90 },
  ],
};
