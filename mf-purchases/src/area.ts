import type { RemoteArea } from '@bahi/shared';

export const area: RemoteArea = {
  title: 'Purchases',
  routes: ['purchases/*', '/purchases/invoice/:id', '/purchases/invoice/:id/edit', '/purchases/invoice/:id/debit-note', '/purchases/debit-note/:id', 'purchase/create-invoice', 'expenses'],
  nav: [
    { path: '/purchases', label: 'Purchases', icon: 'ShoppingCartOutlined', order: 40 },
    { path: '/expenses', label: 'Expenses', icon: 'WalletOutlined', order: 50 },
  ],
};
