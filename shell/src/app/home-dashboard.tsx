import { Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { ArrowRightOutlined, EnvironmentOutlined, ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { stateName, useSession } from '@bahi/shared';
import { preloadRemoteRoutes } from '../remotes/federation';
import type { SidebarEntry } from '../remotes/route-table';
import { AREA_BLURBS, NavIcon } from './nav-icons';
import { useDocumentTitle } from './use-document-title';

const IST = 'Asia/Kolkata';
const TODAY = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: IST });
const HOUR = new Intl.DateTimeFormat('en-IN', { hour: 'numeric', hourCycle: 'h23', timeZone: IST });

/** "Good morning" by the clock in India. */
export function greeting(now: Date = new Date()): string {
  const hour = Number(HOUR.format(now));
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

const GLANCE = ['Sales today', 'Purchases today', 'To receive', 'To pay'];

/** `/` for a signed-in user: who and where they are, and a way into every area their business has. */
export function HomeDashboard({ nav, loading }: { nav: SidebarEntry[] | undefined; loading: boolean }) {
  const { user, activeStoreBranch: branch } = useSession();
  useDocumentTitle('Home');
  if (!user) return null;
  const firstName = user.name.split(/\s+/)[0];
  const businessState = stateName(user.business.stateCode);
  const branchPlace = branch ? [branch.address.city, stateName(branch.address.stateCode)].filter(Boolean).join(', ') : '';

  return (
    <Flex vertical gap={24}>
      <div>
        <Typography.Text type="secondary">{TODAY.format(new Date())}</Typography.Text>
        <Typography.Title level={2} style={{ margin: '4px 0 0' }}>
          {greeting()}, {firstName}
        </Typography.Title>
      </div>

      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <Card className="bahi-home-card" variant="borderless">
            <Typography.Text type="secondary">Business</Typography.Text>
            <Typography.Title level={4} style={{ margin: '4px 0 8px' }}>
              {user.business.name}
            </Typography.Title>
            <Flex gap={8} wrap>
              {user.business.gstin ? (
                <Tag color="blue" style={{ fontFamily: 'monospace' }}>
                  GSTIN {user.business.gstin}
                </Tag>
              ) : (
                <Tag>GSTIN not added</Tag>
              )}
              {businessState ? (
                <Tag icon={<EnvironmentOutlined />}>{businessState}</Tag>
              ) : null}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card className="bahi-home-card" variant="borderless">
            <Typography.Text type="secondary">Active branch</Typography.Text>
            <Typography.Title level={4} style={{ margin: '4px 0 8px' }}>
              <ShopOutlined style={{ color: '#0b5394', marginRight: 8 }} />
              {branch?.name ?? 'No branch chosen'}
            </Typography.Title>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <Typography.Text type="secondary">{branchPlace || 'Address not added yet'}</Typography.Text>
              <Link to="/store-branch" onMouseEnter={() => preloadRemoteRoutes('mf_branches')}>
                Manage branches <ArrowRightOutlined />
              </Link>
            </Flex>
          </Card>
        </Col>
      </Row>

      <section aria-labelledby="quick-actions">
        <Typography.Title level={4} id="quick-actions" style={{ marginTop: 0 }}>
          Quick actions
        </Typography.Title>
        {loading ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : nav && nav.length ? (
          <Row gutter={[16, 16]}>
            {nav.map((entry) => (
              <Col key={entry.path} xs={24} sm={12} lg={8} xxl={6}>
                <Link
                  to={entry.path}
                  className="bahi-quick-action"
                  onMouseEnter={() => preloadRemoteRoutes(entry.remote)}
                  onFocus={() => preloadRemoteRoutes(entry.remote)}
                >
                  <span className="bahi-quick-action__icon">
                    <NavIcon name={entry.icon} />
                  </span>
                  <span className="bahi-quick-action__text">
                    <strong>{entry.label}</strong>
                    <span>{AREA_BLURBS[entry.path] ?? `Open ${entry.label.toLowerCase()}`}</span>
                  </span>
                  <ArrowRightOutlined className="bahi-quick-action__arrow" />
                </Link>
              </Col>
            ))}
          </Row>
        ) : (
          <Typography.Text type="secondary">No areas are enabled for your business yet.</Typography.Text>
        )}
      </section>

      <section aria-labelledby="at-a-glance">
        <Typography.Title level={4} id="at-a-glance" style={{ marginTop: 0 }}>
          At a glance
        </Typography.Title>
        <Card variant="borderless">
          <Row gutter={[16, 16]}>
            {GLANCE.map((label) => (
              <Col key={label} xs={12} md={6}>
                <Typography.Text type="secondary">{label}</Typography.Text>
                <div className="bahi-glance-value">—</div>
              </Col>
            ))}
          </Row>
          <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0' }}>
            Figures arrive with later areas: sales, purchases, cash and bank will fill these in as they go live.
          </Typography.Paragraph>
        </Card>
      </section>
    </Flex>
  );
}
