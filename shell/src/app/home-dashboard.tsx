import { Button, Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { ArrowRightOutlined, EnvironmentOutlined, PlusOutlined, ShopOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import { stateName, useCan, useSession } from '@bahi/shared';
import { preloadRemoteRoutes } from '../remotes/federation';
import type { SidebarEntry } from '../remotes/route-table';
import { HomeFiguresPanel } from './home/home-figures';
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

/** The day's first moves, each shown when its area is open to the user (the area's path in the navigation). */
const QUICK_ACTIONS = [
  { label: 'New invoice', to: '/sales/create-invoice', area: '/sales' },
  { label: 'Payment in', to: '/cash-bank?action=payment-in', area: '/cash-bank' },
  { label: 'New purchase', to: '/purchase/create-invoice', area: '/purchases' },
  { label: 'New expense', to: '/expenses?action=new', area: '/expenses' },
];

/** `/` for a signed-in user: who and where they are, and a way into every area their business has. */
export function HomeDashboard({ nav, loading }: { nav: SidebarEntry[] | undefined; loading: boolean }) {
  const { user, activeStoreBranch: branch } = useSession();
  const navigate = useNavigate();
  // The day's money figures are reports: shown to the roles that may read reports.
  const seeFigures = useCan('reports.view');
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
          <Skeleton.Button active />
        ) : (
          <div className="bahi-actions">
            {QUICK_ACTIONS.filter((a) => nav?.some((n) => n.path === a.area)).map((a, i) => {
              const remote = nav?.find((n) => n.path === a.area)?.remote;
              return (
                <Button
                  key={a.to}
                  type={i === 0 ? 'primary' : 'default'}
                  icon={<PlusOutlined />}
                  onClick={() => navigate(a.to)}
                  onMouseEnter={() => remote && preloadRemoteRoutes(remote)}
                  onFocus={() => remote && preloadRemoteRoutes(remote)}
                >
                  {a.label}
                </Button>
              );
            })}
          </div>
        )}
      </section>

      {seeFigures ? <HomeFiguresPanel /> : null}

      <section aria-labelledby="your-areas">
        <Typography.Title level={4} id="your-areas" style={{ marginTop: 0 }}>
          Your areas
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
    </Flex>
  );
}
