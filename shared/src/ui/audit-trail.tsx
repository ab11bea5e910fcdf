import { useState, type ReactNode } from 'react';
import { Collapse, Flex, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import type { TableProps } from 'antd';
import useSWR from 'swr';
import { auditApi } from '../api/audit';
import { errorMessage } from '../api/error';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  ROLE_LABELS,
  canViewAudit,
  type AuditEvent,
  type AuditEventQuery,
  type Role,
} from '../contracts';
import { useSession } from '../session';
import { cacheKey, type CacheArea } from '../swr';
import { EmptyState, ErrorState, TableSkeleton } from './page';

/*
 * The audit trail on screen: a record's History tab and the business's Activity screen share this list. Only
 * OWNER, ADMIN and ACCOUNTANT may read the trail; for anyone else the History tab is not offered.
 */

/** Whether the signed-in user may read the audit trail. */
export function useCanViewAudit(): boolean {
  return canViewAudit(useSession().user?.role);
}

const TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** 28-11-2026 14:05:09, India time. */
export function formatAuditTime(iso: string): string {
  const parts = Object.fromEntries(TIME.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** 'Chrome on Android' from a user agent; the whole string shows on hover. */
export function browserOf(userAgent: string | null): string {
  if (!userAgent) return '';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent.slice(0, 40);
}

/** 'party_name' → 'Party name'. */
export const fieldLabel = (field: string) => {
  const words = field.replace(/_id$/, '').split('_').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;
export const entityLabel = (entity: string) => AUDIT_ENTITY_LABELS[entity] ?? entity;

const ACTION_COLOURS: Record<string, string> = { create: 'green', import: 'green', cancel: 'red', delete: 'red', login: 'blue', logout: 'default' };

/** The fields an event changed: before and after for an edit, the values given for a create, those removed for a delete. */
export function AuditChanges({ event }: { event: AuditEvent }) {
  const fields = [...new Set([...Object.keys(event.before ?? {}), ...Object.keys(event.after ?? {})])];
  if (fields.length === 0) return <Typography.Text type="secondary">No fields recorded</Typography.Text>;
  const hasBefore = event.before !== null;
  const hasAfter = event.after !== null;
  return (
    <table className="bahi-audit-changes" style={{ borderCollapse: 'collapse', fontSize: 13 }}>
      <thead>
        <tr>
          <th style={{ textAlign: 'left', paddingRight: 16 }}>Field</th>
          {hasBefore ? <th style={{ textAlign: 'left', paddingRight: 16 }}>Before</th> : null}
          {hasAfter ? <th style={{ textAlign: 'left' }}>After</th> : null}
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => (
          <tr key={field}>
            <td style={{ paddingRight: 16, verticalAlign: 'top' }}>{fieldLabel(field)}</td>
            {hasBefore ? <td style={{ paddingRight: 16, verticalAlign: 'top', wordBreak: 'break-word' }}>{valueText(event.before?.[field])}</td> : null}
            {hasAfter ? <td style={{ verticalAlign: 'top', wordBreak: 'break-word' }}>{valueText(event.after?.[field])}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function who(event: AuditEvent, onUser?: (user: NonNullable<AuditEvent['user']>) => void): ReactNode {
  if (!event.user) return <Typography.Text type="secondary">System</Typography.Text>;
  const user = event.user;
  const role = user.role ? (ROLE_LABELS[user.role as Role] ?? user.role) : null;
  const name = user.name ?? 'A former user';
  return (
    <Flex vertical>
      {onUser ? (
        <Typography.Link onClick={() => onUser(user)} title={`Show only ${name}’s activity`}>
          {name}
        </Typography.Link>
      ) : (
        <span>{name}</span>
      )}
      {role ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{role}</Typography.Text> : null}
    </Flex>
  );
}

function where(event: AuditEvent): ReactNode {
  if (!event.ip && !event.userAgent) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical>
      <span>{event.ip ?? '—'}</span>
      {event.userAgent ? (
        <Tooltip title={event.userAgent}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {browserOf(event.userAgent)}
          </Typography.Text>
        </Tooltip>
      ) : null}
    </Flex>
  );
}

export const AUDIT_LIST_PAGE_SIZE = 20;

/**
 * The audit events a query matches, newest first, a page at a time; a row opens to the fields it changed. Keyed
 * in `area`'s cache, so a change saved in that area shows here too. `showRecord` adds what each event is about.
 */
export function AuditEventList(props: {
  query: Omit<AuditEventQuery, 'page' | 'pageSize'>;
  area: CacheArea;
  showRecord?: boolean;
  emptyText?: string;
  /** A record's name as the list shows it (the Activity screen links it to its screen). */
  renderRecord?: (event: AuditEvent) => ReactNode;
  /** With it, a user's name filters the list to that user. */
  onUser?: (user: NonNullable<AuditEvent['user']>) => void;
}) {
  const { query, area, showRecord = false, emptyText = 'No activity recorded yet', renderRecord, onUser } = props;
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(AUDIT_LIST_PAGE_SIZE);
  const { data, error, isLoading, mutate } = useSWR(cacheKey(area, 'audit', query, page, pageSize), () => auditApi.events({ ...query, page, pageSize }), {
    keepPreviousData: true,
  });

  if (error && !data) return <ErrorState title="Could not load the activity" detail={errorMessage(error)} onRetry={() => void mutate()} />;
  if (isLoading && !data) return <TableSkeleton />;

  const columns: TableProps<AuditEvent>['columns'] = [
    { key: 'at', title: 'When', width: 170, render: (_: unknown, e) => formatAuditTime(e.at) },
    { key: 'who', title: 'Who', render: (_: unknown, e) => who(e, onUser) },
    {
      key: 'action',
      title: 'Action',
      render: (_: unknown, e) => <Tag color={ACTION_COLOURS[e.action]}>{actionLabel(e.action)}</Tag>,
    },
    ...(showRecord
      ? [
          {
            key: 'record',
            title: 'Record',
            render: (_: unknown, e: AuditEvent) => renderRecord?.(e) ?? entityLabel(e.entity),
          },
        ]
      : [
          {
            key: 'what',
            title: 'What',
            render: (_: unknown, e: AuditEvent) => entityLabel(e.entity),
          },
        ]),
    { key: 'where', title: 'Where', render: (_: unknown, e) => where(e) },
  ];
  return (
    <Table<AuditEvent>
      size="small"
      rowKey="seq"
      columns={columns}
      dataSource={data?.data ?? []}
      loading={isLoading}
      locale={{ emptyText: <EmptyState title={emptyText} /> }}
      expandable={{
        expandedRowRender: (e) => <AuditChanges event={e} />,
        rowExpandable: (e) => e.before !== null || e.after !== null,
      }}
      pagination={{
        current: page,
        pageSize,
        total: data?.meta.total ?? 0,
        showSizeChanger: true,
        pageSizeOptions: [20, 50, 100],
        onChange: (p, size) => {
          setPage(size === pageSize ? p : 1);
          setPageSize(size);
        },
        hideOnSinglePage: true,
      }}
    />
  );
}

/** A record's History: every event of it and of what belongs to it (a bill's payments), newest first. */
export function AuditHistory({ entityId, area }: { entityId: string; area: CacheArea }) {
  return <AuditEventList query={{ entityId }} area={area} emptyText="No history recorded yet" />;
}

/**
 * The History tab of a record's screen, for the Tabs' items: none for a user who may not read the audit trail.
 * antd renders a tab's content when it is first opened, so the history is asked for only then.
 */
export function useHistoryTab(entityId: string, area: CacheArea): Array<{ key: string; label: string; children: ReactNode }> {
  const canView = useCanViewAudit();
  return canView ? [{ key: 'history', label: 'History', children: <AuditHistory entityId={entityId} area={area} /> }] : [];
}

/**
 * A record's screen body with a History tab beside it (the body is the first tab, `label`), for screens that had
 * no tabs; just the body for a user who may not read the audit trail.
 */
export function WithHistoryTab(props: { entityId: string; area: CacheArea; label?: string; children: ReactNode }) {
  const history = useHistoryTab(props.entityId, props.area);
  if (history.length === 0) return <>{props.children}</>;
  return <Tabs items={[{ key: 'details', label: props.label ?? 'Details', children: props.children }, ...history]} />;
}

/**
 * A record's History as a closed section under a screen that has nothing else below it (a quotation, a note): the
 * history is asked for when it is opened; nothing for a user who may not read the audit trail.
 */
export function HistorySection({ entityId, area }: { entityId: string; area: CacheArea }) {
  const canView = useCanViewAudit();
  if (!canView) return null;
  return (
    <Collapse
      style={{ marginTop: 16 }}
      destroyOnHidden
      items={[{ key: 'history', label: 'History', children: <AuditHistory entityId={entityId} area={area} /> }]}
    />
  );
}
