import { useState, type ReactNode } from 'react';
import { ConfigProvider, Layout } from 'antd';
import { Link } from 'react-router-dom';
import type { RemoteOverride } from '../remotes/overrides';
import type { RouteTable } from '../remotes/route-table';
import { Brand } from './brand';
import { BranchSwitcher } from './branch-switcher';
import { BusinessSwitcher } from './business-switcher';
import { OverrideBanner } from './override-banner';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';

const COLLAPSED_KEY = 'bahi.sider-collapsed';
export const SIDER_THEME = {
  components: { Menu: { itemSelectedBg: '#e8f0fa', itemSelectedColor: '#0b5394', itemHoverBg: '#f3f6fa', itemBorderRadius: 8 } },
};

function initiallyCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

interface ShellLayoutProps {
  table: RouteTable | null;
  loadingAreas: boolean;
  overrides?: RemoteOverride[];
  children: ReactNode;
}

/** Sidebar, override banner, header with branch switcher and user menu, the page, and the footer. */
export function ShellLayout({ table, loadingAreas, overrides = [], children }: ShellLayoutProps) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  const collapse = (value: boolean) => {
    setCollapsed(value);
    try {
      localStorage.setItem(COLLAPSED_KEY, value ? '1' : '0');
    } catch {
      // Private mode: the choice just is not remembered.
    }
  };

  return (
    <Layout className="bahi-app">
      <a href="#main" className="bahi-skip-link">
        Skip to content
      </a>
      <Layout.Sider
        className="bahi-sider"
        theme="light"
        width={232}
        collapsedWidth={72}
        collapsible
        collapsed={collapsed}
        onCollapse={collapse}
        breakpoint="lg"
      >
        <div className="bahi-sider__brand">
          <Link to="/" aria-label="Bahi home">
            <Brand collapsed={collapsed} />
          </Link>
        </div>
        <ConfigProvider theme={SIDER_THEME}>
          <SideNav table={table} loading={loadingAreas && !collapsed} />
        </ConfigProvider>
      </Layout.Sider>
      <Layout>
        <OverrideBanner overrides={overrides} />
        <Layout.Header className="bahi-header">
          <div className="bahi-header__switchers">
            <BusinessSwitcher />
            <BranchSwitcher />
          </div>
          <UserMenu table={table} />
        </Layout.Header>
        <Layout.Content id="main" className="bahi-content" tabIndex={-1}>
          {children}
        </Layout.Content>
        <Layout.Footer className="bahi-footer">
          <span>Bahi · bahi-khata for your business</span>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
