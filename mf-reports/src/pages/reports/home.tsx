import { Link } from 'react-router-dom';
import { Card, Col, Flex, Row, Tag, Typography } from 'antd';
import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BookOutlined,
  CalendarOutlined,
  CheckSquareOutlined,
  DollarOutlined,
  FileDoneOutlined,
  InboxOutlined,
  ProfileOutlined,
  RiseOutlined,
  ShoppingCartOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { errorMessage, formatRupees, useCan, useSession, type ReportSummary } from '@bahi/shared';
import { SEE_COST, can, permissionOfPath } from '@bahi/shared/permissions';
import { ErrorState, PageHeader, SummaryCard, formatDate } from '@bahi/shared/ui';
import { LockBooksCard } from '../books/lock-books';
import { useReportSummary } from './components/data';

/** Every report; one without its screen yet shows what it will be, and links nowhere. */
export const REPORT_TILES: { title: string; description: string; path?: string; icon: React.ReactNode }[] = [
  { title: 'Sales', description: 'Invoices by day, month, party, item or HSN, with totals', path: '/reports/sales', icon: <ShoppingOutlined /> },
  { title: 'Purchases', description: 'Purchase bills, grouped and totalled', path: '/reports/purchase', icon: <ShoppingCartOutlined /> },
  { title: 'Ledger Report', description: "A party's statement with running balance", path: '/reports/ledger', icon: <BookOutlined /> },
  { title: 'GSTR-1', description: 'Outward supplies in the GST portal’s JSON', path: '/reports/gstr1', icon: <FileDoneOutlined /> },
  { title: 'GSTR-3B', description: 'Tax payable after input tax credit', path: '/reports/gstr3b', icon: <AuditOutlined /> },
  { title: 'Stock summary', description: 'Quantity and value per branch, low stock', path: '/reports/stock-summary', icon: <InboxOutlined /> },
  { title: 'Day book', description: 'Every transaction of a day', path: '/reports/day-book', icon: <CalendarOutlined /> },
  { title: 'Item profit', description: 'Sale value less purchase cost, per item', path: '/reports/item-profit', icon: <DollarOutlined /> },
  { title: 'Trial balance', description: 'Every ledger’s opening, debit, credit and closing; totals that agree', path: '/reports/trial-balance', icon: <CheckSquareOutlined /> },
  { title: 'Profit & loss', description: 'Trading account and net profit, beside the previous period', path: '/reports/profit-loss', icon: <RiseOutlined /> },
  { title: 'Balance sheet', description: 'Assets against liabilities, capital and profit to date', path: '/reports/balance-sheet', icon: <ProfileOutlined /> },
  { title: 'Chart of accounts', description: 'Groups and ledgers with balances; journal vouchers', path: '/reports/accounts', icon: <ApartmentOutlined /> },
  { title: 'Cash & Bank', description: 'Balances and movements of each account', path: '/cash-bank', icon: <BankOutlined /> },
];

/** A composition business's quarterly statement: on the home only for such a business. */
export const CMP08_TILE: (typeof REPORT_TILES)[number] = {
  title: 'CMP-08',
  description: 'Composition tax of the quarter: turnover × rate, and reverse-charge tax',
  path: '/reports/cmp08',
  icon: <FileDoneOutlined />,
};

function Tile({ tile }: { tile: (typeof REPORT_TILES)[number] }) {
  const card = (
    <Card hoverable={!!tile.path} style={{ height: '100%', opacity: tile.path ? 1 : 0.6 }}>
      <Flex gap={12} align="start">
        <span style={{ fontSize: 22, color: '#1677ff' }} aria-hidden>
          {tile.icon}
        </span>
        <Flex vertical gap={2}>
          <Typography.Text strong>
            {tile.title} {tile.path ? null : <Tag>Coming soon</Tag>}
          </Typography.Text>
          <Typography.Text type="secondary">{tile.description}</Typography.Text>
        </Flex>
      </Flex>
    </Card>
  );
  return tile.path ? (
    <Link to={tile.path} aria-label={tile.title} style={{ display: 'block', height: '100%' }}>
      {card}
    </Link>
  ) : (
    card
  );
}

const monthName = (ym: string) => {
  const [y, m] = ym.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-IN', { month: 'short', timeZone: 'UTC' });
};

/** Sales and purchases of each month of the financial year as plain bars (no chart library is in the catalog). */
function MonthBars({ months }: { months: ReportSummary['salesByMonth'] }) {
  const max = Math.max(1, ...months.flatMap((m) => [Number(m.grandTotal), Number(m.purchases)]));
  const bar = (value: string, color: string, label: string) => (
    <div
      role="img"
      aria-label={`${label} ${formatRupees(value)}`}
      style={{ height: 10, width: `${(Number(value) / max) * 100}%`, minWidth: Number(value) > 0 ? 2 : 0, background: color, borderRadius: 2 }}
    />
  );
  return (
    <Flex vertical gap={8}>
      <Flex gap={16}>
        <Typography.Text type="secondary">
          <span style={{ display: 'inline-block', width: 10, height: 10, background: '#1677ff', marginRight: 6 }} />
          Sales
        </Typography.Text>
        <Typography.Text type="secondary">
          <span style={{ display: 'inline-block', width: 10, height: 10, background: '#faad14', marginRight: 6 }} />
          Purchases
        </Typography.Text>
      </Flex>
      {months.map((m) => (
        <Flex key={m.month} gap={12} align="center" data-testid={`month-${m.month}`}>
          <Typography.Text style={{ width: 40 }}>{monthName(m.month)}</Typography.Text>
          <Flex vertical gap={2} style={{ flex: 1 }}>
            {bar(m.grandTotal, '#1677ff', `Sales of ${monthName(m.month)}`)}
            {bar(m.purchases, '#faad14', `Purchases of ${monthName(m.month)}`)}
          </Flex>
          <Typography.Text style={{ width: 240, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {formatRupees(m.grandTotal)} / {formatRupees(m.purchases)}
          </Typography.Text>
        </Flex>
      ))}
    </Flex>
  );
}

/** reports: a tile for each report and this month's key figures (GET report/summary). */
export default function ReportsHomePage() {
  const summary = useReportSummary({ period: 'THIS_MONTH' });
  const { user } = useSession();
  const seeCost = useCan(SEE_COST);
  const allTiles = user?.business.registrationType === 'COMPOSITION' ? [...REPORT_TILES.slice(0, 5), CMP08_TILE, ...REPORT_TILES.slice(5)] : REPORT_TILES;
  // Only the reports the user's role may open.
  const tiles = allTiles.filter((t) => {
    const needs = t.path ? permissionOfPath(t.path) : null;
    return needs === null || can(user?.role, needs);
  });
  const s = summary.data;
  const figure = (pick: (s: ReportSummary) => string) => (s ? formatRupees(pick(s)) : undefined);
  return (
    <>
      <PageHeader title="Reports" subtitle={s ? `This month: ${formatDate(s.from)} – ${formatDate(s.to)}` : undefined} />
      {summary.error && !s ? (
        <ErrorState title="Error loading this month's figures" detail={errorMessage(summary.error)} onRetry={() => void summary.mutate()} />
      ) : (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }} role="region" aria-label="This month's figures">
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <SummaryCard title="Sales" value={figure((x) => x.sales.grandTotal)} />
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <SummaryCard title="Purchases" value={figure((x) => x.purchases.grandTotal)} />
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <SummaryCard title="Receivable" tone="success" value={figure((x) => x.receivable)} />
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <SummaryCard title="Payable" tone="danger" value={figure((x) => x.payable)} />
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={4}>
            <SummaryCard title="Cash and bank" value={figure((x) => x.cashAndBank.total)} />
          </Col>
          <Col xs={24} sm={12} lg={8} xxl={4}>
            {seeCost ? <SummaryCard title="Stock value" value={figure((x) => x.stockValue ?? '0.00')} /> : null}
          </Col>
        </Row>
      )}
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {tiles.map((t) => (
          <Col key={t.title} xs={24} sm={12} lg={8}>
            <Tile tile={t} />
          </Col>
        ))}
      </Row>
      {s && s.salesByMonth.length ? (
        <Card title="Sales and purchases by month of the financial year">
          <MonthBars months={s.salesByMonth} />
        </Card>
      ) : null}
      <LockBooksCard />
    </>
  );
}
