import type { RemoteArea } from '@bahi/shared';

export const area: RemoteArea = {
  title: 'Items',
  routes: ['items/*', '/items/inventory/:id', 'create-category'],
  nav: [{ path: '/items', label: 'Items', icon: 'AppstoreOutlined', order: 20 }],
};
