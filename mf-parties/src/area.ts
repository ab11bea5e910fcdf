import type { RemoteArea } from '@bahi/shared';

export const area: RemoteArea = {
  title: 'Parties',
  routes: ['parties', '/party/:id', 'parties/create-party', '/parties/create-party/:id'],
  nav: [{ path: '/parties', label: 'Parties', icon: 'TeamOutlined', order: 10 }],
};
