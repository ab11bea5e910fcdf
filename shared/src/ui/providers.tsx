import type { ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { App as AntApp, ConfigProvider } from 'antd';
import { bahiStore } from '../session';
import { SwrProvider } from '../swr/provider';
import { Notifications } from './notifications';

export const BAHI_THEME = {
  token: {
    colorPrimary: '#0b5394',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif",
  },
};

/**
 * Everything a tree of Bahi screens needs: the shared jotai store, the shared SWR cache, the antd theme and
 * the antd App context (message, notification, modal). The shell wraps the whole app in it; a remote's
 * standalone bootstrap wraps itself in it; tests wrap the component under test in it.
 */
export function BahiProviders({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider store={bahiStore}>
      <SwrProvider>
        <ConfigProvider theme={BAHI_THEME}>
          <AntApp notification={{ placement: 'topRight', duration: 5, pauseOnHover: true }}>
            {children}
            <Notifications />
          </AntApp>
        </ConfigProvider>
      </SwrProvider>
    </JotaiProvider>
  );
}
