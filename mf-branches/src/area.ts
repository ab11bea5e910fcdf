import type { RemoteArea } from '@bahi/shared';

export const area: RemoteArea = {
  title: 'Store branches',
  routes: ['/store-branch', '/store-branch/:id'],
  nav: [{ path: '/store-branch', label: 'Store branches', icon: 'ShopOutlined', order: 100 }],
};
