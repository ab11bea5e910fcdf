import { Skeleton } from 'antd';

/** The shape of the app while the session is checked: sidebar, header and a content card, all greyed. */
export function AppSkeleton({ label = 'Loading Bahi' }: { label?: string }) {
  return (
    <div className="bahi-skeleton" role="status" aria-live="polite" aria-label={label}>
      <div className="bahi-skeleton__sider">
        <Skeleton.Avatar active shape="square" size={32} />
        <Skeleton active title={false} paragraph={{ rows: 8, width: '80%' }} />
      </div>
      <div className="bahi-skeleton__main">
        <div className="bahi-skeleton__header">
          <Skeleton.Input active size="small" style={{ width: 200 }} />
          <Skeleton.Avatar active size="small" />
        </div>
        <div className="bahi-skeleton__content">
          <Skeleton active paragraph={{ rows: 2 }} />
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      </div>
    </div>
  );
}
