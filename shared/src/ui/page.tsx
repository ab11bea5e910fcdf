import type { ComponentType, ReactNode } from 'react';
import { Button, Empty, Flex, Result, Skeleton, Spin, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { errorMessage, isApiError, loadable } from '@bahi/shared';

/** '-' for anything empty, as every detail screen of the seed shows. */
export function displayValue(value: ReactNode): ReactNode {
  if (value === null || value === undefined || value === '') return '-';
  if (Array.isArray(value) && value.length === 0) return '-';
  return value;
}

export function PageHeader(props: { title: ReactNode; back?: boolean | string; extra?: ReactNode; subtitle?: ReactNode }) {
  const navigate = useNavigate();
  const { back, title, extra, subtitle } = props;
  return (
    <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 16 }}>
      <Flex align="center" gap={8}>
        {back ? (
          <Button
            type="text"
            aria-label="Back"
            icon={<ArrowLeftOutlined />}
            onClick={() => (typeof back === 'string' ? navigate(back) : navigate(-1))}
          />
        ) : null}
        <div>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </div>
      </Flex>
      {extra ? <Flex gap={8}>{extra}</Flex> : null}
    </Flex>
  );
}

export function LoadingState({ label = 'Loading...' }: { label?: string }) {
  return (
    <Flex vertical align="center" gap={12} style={{ padding: 48 }} role="status" aria-live="polite">
      <Spin />
      <Typography.Text type="secondary">{label}</Typography.Text>
    </Flex>
  );
}

export function TableSkeleton({ rows = 5 }: { rows?: number }) {
  return <Skeleton active paragraph={{ rows }} title={false} />;
}

export function ErrorState(props: { title: string; detail?: string; onRetry?: () => void }) {
  return (
    <Result
      status="error"
      title={props.title}
      subTitle={props.detail}
      extra={props.onRetry ? <Button onClick={props.onRetry}>Retry</Button> : undefined}
    />
  );
}

export function EmptyState(props: { title: string; description?: string; action?: ReactNode }) {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Flex vertical gap={4}>
          <Typography.Text strong>{props.title}</Typography.Text>
          {props.description ? <Typography.Text type="secondary">{props.description}</Typography.Text> : null}
        </Flex>
      }
    >
      {props.action}
    </Empty>
  );
}

/** Label/value rows of a detail card; empty values show '-'. */
export function DetailRows({ rows }: { rows: Array<{ label: string; value: ReactNode }> }) {
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) 1fr', gap: '8px 24px', margin: 0 }}>
      {rows.map((r) => (
        <div key={r.label} style={{ display: 'contents' }}>
          <dt style={{ color: 'rgba(0,0,0,0.55)' }}>{r.label}</dt>
          <dd style={{ margin: 0, fontWeight: 500 }}>{displayValue(r.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What a detail screen's data hook answers (SWR's result, plus whether the id in the URL cannot be one). */
export interface RecordResult<T> {
  data?: T;
  error?: unknown;
  invalidId?: boolean;
  mutate: () => unknown;
}

/**
 * The states of a detail screen around its record: "<Noun> not found." for an id that is not one or not this
 * business's (404), "Error loading <noun>" with Retry, a loading state, then the record itself.
 */
export function RecordLoader<T>(props: { noun: string; back: string; result: RecordResult<T>; children: (data: T) => ReactNode }) {
  const { noun, back, result } = props;
  const title = noun.charAt(0).toUpperCase() + noun.slice(1);
  const notFound = result.invalidId || (isApiError(result.error) && result.error.status === 404);
  if (notFound || (result.error && !result.data)) {
    return (
      <>
        <PageHeader back={back} title={title} />
        {notFound ? (
          <ErrorState title={`${title} not found.`} />
        ) : (
          <ErrorState title={`Error loading ${noun}`} detail={errorMessage(result.error)} onRetry={() => void result.mutate()} />
        )}
      </>
    );
  }
  if (!result.data) return <LoadingState label={`Loading ${noun}...`} />;
  return <>{props.children(result.data)}</>;
}

/**
 * A remote's page whose code loads on first visit: a plain component (the host renders it as one) showing the
 * loading state until its chunk is in; `loadable` explains why it does not suspend.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): ComponentType {
  return loadable(load, <LoadingState />);
}
