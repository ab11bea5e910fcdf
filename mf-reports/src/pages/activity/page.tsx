import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, DatePicker, Flex, Select, Typography } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { AUDIT_ENTITY_LABELS, AUDIT_VIEW_DENIED, auditApi, errorMessage, type AuditEvent, type AuditVerification } from '@bahi/shared';
import { AuditEventList, ErrorState, PageHeader, entityLabel, formatAuditTime, useCanViewAudit } from '@bahi/shared/ui';

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v) && dayjs(v).isValid();

/** Where a record's own screen is, for the kinds that have one. */
const RECORD_PATHS: Record<string, (id: string) => string> = {
  sale_invoice: (id) => `/sales/invoice/${id}`,
  quotation: (id) => `/sales/quotation/${id}`,
  purchase: (id) => `/purchases/invoice/${id}`,
  party: (id) => `/party/${id}`,
  item: (id) => `/items/inventory/${id}`,
};

/** The record an event is about, linked to its screen when it has one (a payment: the bill it belongs to). */
function recordLink(event: AuditEvent): ReactNode {
  const label = entityLabel(event.entity);
  const path = RECORD_PATHS[event.entity]?.(event.entityId);
  if (path) return <Link to={path}>{label}</Link>;
  return label;
}

const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITY_LABELS)
  .filter(([entity]) => entity !== 'remote')
  .map(([value, label]) => ({ value, label }));

/** The chain's check: ok with the head to note down, or the first event that was changed. */
function VerifyResult({ result }: { result: AuditVerification }) {
  if (result.ok) {
    return (
      <Alert
        type="success"
        showIcon
        title={`The trail is intact: ${result.events.toLocaleString('en-IN')} events, none changed or missing`}
        description={
          result.head ? (
            <Flex vertical gap={2}>
              <span>
                Keep this chain head outside Bahi (print it or email it to your auditor): a later check against it shows
                whether the trail was rewritten since.
              </span>
              <Typography.Text copyable code style={{ wordBreak: 'break-all' }}>
                {`${result.head.seq}:${result.head.hash}`}
              </Typography.Text>
              <Typography.Text type="secondary">Last event {formatAuditTime(result.head.at)}</Typography.Text>
            </Flex>
          ) : undefined
        }
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title={
        result.firstBroken
          ? `The trail was changed: event ${result.firstBroken.seq} does not match`
          : 'The trail does not hold the chain head you gave'
      }
      description={result.firstBroken?.message}
    />
  );
}

/**
 * /reports/activity: the business's audit trail (OWNER, ADMIN, ACCOUNTANT): every create, edit, cancel, delete,
 * import, login and setting change, newest first, filtered by kind of record, user and dates (in the address), and
 * a check that no event was changed behind the application's back.
 */
export default function ActivityPage() {
  const canView = useCanViewAudit();
  const [params, setParams] = useSearchParams();
  const entity = params.get('entity') || undefined;
  const userId = params.get('userId') || undefined;
  const from = isDate(params.get('from')) ? params.get('from')! : undefined;
  const to = isDate(params.get('to')) ? params.get('to')! : undefined;
  const [verifying, setVerifying] = useState(false);
  const [verified, setVerified] = useState<AuditVerification | null>(null);
  const [verifyError, setVerifyError] = useState<string | null>(null);

  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  const verify = async () => {
    setVerifying(true);
    setVerifyError(null);
    try {
      setVerified(await auditApi.verify());
    } catch (e) {
      setVerified(null);
      setVerifyError(errorMessage(e));
    } finally {
      setVerifying(false);
    }
  };

  if (!canView) {
    return (
      <>
        <PageHeader title="Activity" />
        <ErrorState title={AUDIT_VIEW_DENIED} detail="The activity log is for the owner, admins and accountants." />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Every change made in this business: who, when, from where, and what changed. It cannot be edited or switched off."
        extra={
          <Button icon={<SafetyCertificateOutlined />} loading={verifying} onClick={() => void verify()}>
            Verify trail
          </Button>
        }
      />
      {verified ? (
        <div style={{ marginBottom: 16 }}>
          <VerifyResult result={verified} />
        </div>
      ) : null}
      {verifyError ? <Alert type="error" showIcon style={{ marginBottom: 16 }} title="Could not verify the trail" description={verifyError} /> : null}
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label="Record type"
            placeholder="All records"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ minWidth: 200 }}
            value={entity}
            options={ENTITY_OPTIONS}
            onChange={(value?: string) => set({ entity: value })}
          />
          <DatePicker.RangePicker
            aria-label="Dates"
            format="DD-MM-YYYY"
            allowEmpty={[true, true]}
            value={[from ? dayjs(from) : null, to ? dayjs(to) : null]}
            onChange={(range) => set({ from: range?.[0]?.format('YYYY-MM-DD'), to: range?.[1]?.format('YYYY-MM-DD') })}
          />
          {userId ? <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>One user’s activity</Typography.Text> : null}
          {entity || from || to || userId ? (
            <Button onClick={() => set({ entity: undefined, from: undefined, to: undefined, userId: undefined })}>Clear filters</Button>
          ) : null}
        </Flex>
        <AuditEventList
          key={`${entity}|${userId}|${from}|${to}`}
          query={{ entity, userId, from, to }}
          area="reports"
          showRecord
          renderRecord={recordLink}
          onUser={(user) => set({ userId: user.id })}
          emptyText={entity || from || to || userId ? 'No activity matches these filters' : 'No activity recorded yet'}
        />
      </Card>
    </>
  );
}
