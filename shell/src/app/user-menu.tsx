import { useState } from 'react';
import { ACTIVITY_PATH, ROLE_LABELS, authApi, canViewAudit, forgetCachedData, logOut, useSession } from '@bahi/shared';
import { Avatar, Button, Dropdown, Flex, Typography } from 'antd';
import { DownOutlined, HistoryOutlined, InfoCircleOutlined, LogoutOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { formatMobile } from '../auth/phone';
import { clearAllOverrides } from '../remotes/overrides';
import type { RouteTable } from '../remotes/route-table';
import { AboutDialog } from './about-dialog';
import { MANAGES_USERS } from './users/users-page';
import { can } from '@bahi/shared/permissions';

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? parts[parts.length - 1][0] : '')).toUpperCase() || '?';
}

/** The signed-in person, their business, Users & roles (owners and admins), the Activity log (for those who may read it), About and Log out. */
export function UserMenu({ table }: { table: RouteTable | null }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const [aboutOpen, setAboutOpen] = useState(false);
  if (!user) return null;

  const logout = async () => {
    try {
      await authApi.logout();
    } catch {
      // Signing out locally matters more than the server's answer; the session ends there at its time-out.
    }
    // The login guard then goes to a plain /login.
    logOut();
    await forgetCachedData();
    // The next person on this browser must not run a build the previous one chose to try.
    clearAllOverrides();
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        placement="bottomRight"
        menu={{
          items: [
            {
              key: 'who',
              type: 'group',
              label: (
                <Flex vertical style={{ padding: '4px 0', minWidth: 200 }}>
                  <Typography.Text strong>{user.name}</Typography.Text>
                  <Typography.Text type="secondary">{user.business.name}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatMobile(user.mobileNumber)} · {ROLE_LABELS[user.role]}
                  </Typography.Text>
                </Flex>
              ),
            },
            { type: 'divider' },
            ...(can(user.role, 'settings.edit')
              ? [{ key: 'business-profile', icon: <ShopOutlined />, label: 'Business profile', onClick: () => navigate('/settings/business') }]
              : []),
            ...(MANAGES_USERS.includes(user.role)
              ? [{ key: 'users', icon: <TeamOutlined />, label: 'Users & roles', onClick: () => navigate('/settings/users') }]
              : []),
            ...(canViewAudit(user.role)
              ? [{ key: 'activity', icon: <HistoryOutlined />, label: 'Activity log', onClick: () => navigate(ACTIVITY_PATH) }]
              : []),
            { key: 'about', icon: <InfoCircleOutlined />, label: 'About Bahi', onClick: () => setAboutOpen(true) },
            { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', danger: true, onClick: logout },
          ],
        }}
      >
        <Button type="text" className="bahi-user-button" aria-label={`Account: ${user.name}`}>
          <Avatar size={32} style={{ background: '#0b5394', flex: 'none' }}>
            {initials(user.name)}
          </Avatar>
          <span className="bahi-user-button__text">
            <span className="bahi-user-button__name">{user.name}</span>
            <span className="bahi-user-button__business">{user.business.name}</span>
          </span>
          <DownOutlined style={{ fontSize: 10, color: 'rgba(0,0,0,0.45)' }} />
        </Button>
      </Dropdown>
      <AboutDialog table={table} open={aboutOpen} onClose={() => setAboutOpen(false)} />
    </>
  );
}
