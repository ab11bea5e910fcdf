import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { App as AntApp, ConfigProvider } from 'antd';
import { SwrProvider, bahiStore } from '@bahi/shared';
import { Notifications } from './notifications';

export const BAHI_THEME = {
  // A fixed key, not one per provider instance: the theme's CSS variables are generated and injected once.
  cssVar: { key: 'bahi' },
  token: {
    colorPrimary: '#0b5394',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  },
};

/**
 * Everything a tree of Bahi screens needs: the shared jotai store, the shared SWR cache, the antd theme, the
 * antd App context (its modal, for confirmations) and the one notifications host. The shell wraps the whole app in it; a remote's
 * standalone bootstrap wraps itself in it; tests wrap the component under test in it.
 */
export function BahiProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={bahiStore}>
      <SwrProvider>
        <ConfigProvider theme={BAHI_THEME}>
          <AntApp>
            {children}
            <Notifications />
          </AntApp>
        </ConfigProvider>
      </SwrProvider>
    </JotaiProvider>
  );
}
