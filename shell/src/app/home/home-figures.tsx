import { Suspense, lazy, useState } from 'react';
import { cacheKey, errorMessage, formatRupees, reportApi, useSession, indiaToday, type HomeFigures } from '@bahi/shared';
import { Alert, Button, Card, Col, Flex, Row, Segmented, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import useSWR from 'swr';

const HomeChart = lazy(() => import('./home-chart'));

/** The first day a document can carry: an open-ended "every overdue invoice" filter starts here. */
const GST_START = '2017-07-01';

interface Figure {
  key: string;
  label: string;
  value: (f: HomeFigures) => string;
  /** Where the figure's list is. */
  to: (f: HomeFigures) => string;
  /** A colour when the figure calls for attention (never for nothing). */
  tone?: (f: HomeFigures) => 'success' | 'danger' | null;
  /** Of the whole business whichever branch is shown. */
  business?: boolean;
}

const FIGURES: Figure[] = [
  { key: 'sales', label: 'Sales today', value: (f) => formatRupees(f.salesToday), to: () => '/sales?period=today' },
  { key: 'purchases', label: 'Purchases today', value: (f) => formatRupees(f.purchasesToday), to: () => '/purchases?period=today' },
  { key: 'receive', label: 'To receive', value: (f) => formatRupees(f.toReceive), to: () => '/parties', tone: (f) => (f.toReceive !== '0.00' ? 'success' : null), business: true },
  { key: 'pay', label: 'To pay', value: (f) => formatRupees(f.toPay), to: () => '/parties', tone: (f) => (f.toPay !== '0.00' ? 'danger' : null), business: true },
  { key: 'cash', label: 'Cash + bank', value: (f) => formatRupees(f.cashAndBank), to: () => '/cash-bank', business: true },
  {
    key: 'overdue',
    label: 'Overdue invoices',
    value: (f) => (f.overdue.invoices ? `${f.overdue.invoices} · ${formatRupees(f.overdue.amount)}` : 'None'),
    to: (f) => `/sales?status=OVERDUE&period=custom&from=${GST_START}&to=${f.date}`,
    tone: (f) => (f.overdue.invoices ? 'danger' : null),
  },
  {
    key: 'low',
    label: 'Low stock items',
    value: (f) => new Intl.NumberFormat('en-IN').format(f.lowStockItems),
    to: () => '/items?lowStock=true',
    tone: (f) => (f.lowStockItems ? 'danger' : null),
  },
];

/** The day at a glance: each figure opens its list; the branch shown, or every branch. */
export function HomeFiguresPanel() {
  const { activeStoreBranch: branch } = useSession();
  const [scope, setScope] = useState<'branch' | 'all'>('branch');
  const branchId = scope === 'branch' && branch ? branch.id : undefined;
  const { data, error, mutate, isLoading } = useSWR(cacheKey('reports', 'home', { branchId: branchId ?? null, today: indiaToday() }), () =>
    reportApi.home(branchId ? { branchId } : {}),
  );
  return (
    <section aria-labelledby="at-a-glance">
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 12 }}>
        <Typography.Title level={4} id="at-a-glance" style={{ margin: 0 }}>
          At a glance
        </Typography.Title>
        {branch ? (
          <Segmented
            aria-label="Figures of"
            value={scope}
            onChange={(v) => setScope(v as 'branch' | 'all')}
            options={[
              { value: 'branch', label: branch.name },
              { value: 'all', label: 'All branches' },
            ]}
          />
        ) : null}
      </Flex>
      {error && !data ? (
        <Alert
          type="error"
          showIcon
          title="Could not load today's figures"
          description={errorMessage(error)}
          action={<Button onClick={() => void mutate()}>Retry</Button>}
        />
      ) : (
        <Row gutter={[16, 16]}>
          {FIGURES.map((fig) => (
            <Col key={fig.key} xs={12} md={8} xl={6}>
              {data ? (() => {
                const tone = fig.tone?.(data);
                return (
                <Link to={fig.to(data)} className="bahi-glance" aria-label={`${fig.label}: ${fig.value(data)}`} data-testid={`glance-${fig.key}`}>
                  <Typography.Text type="secondary">{fig.label}</Typography.Text>
                  <div className={`bahi-glance-value${tone ? ` bahi-glance-value--${tone}` : ''}`}>{fig.value(data)}</div>
                  {fig.business && scope === 'branch' && branch ? (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      All branches
                    </Typography.Text>
                  ) : null}
                </Link>
                );
              })() : (
                <Card size="small" variant="borderless">
                  <Skeleton active={isLoading} title={{ width: '60%' }} paragraph={{ rows: 1 }} />
                </Card>
              )}
            </Col>
          ))}
        </Row>
      )}
      {data ? (
        <Card variant="borderless" title="Last 30 days" style={{ marginTop: 16 }} styles={{ body: { paddingTop: 8 } }}>
          <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: 240 }} />}>
            <HomeChart days={data.days} />
          </Suspense>
        </Card>
      ) : null}
    </section>
  );
}
