import type { AuditEvent, AuditEventQuery, AuditVerification } from '@bahi/shared/contracts';
import { AUDIT_PAGE_SIZE_DEFAULT } from '@bahi/shared/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { UUID } from '../../db/ids';
import { selectRows } from '../../db/rows';

/*
 * Reading the audit trail. Events are written only by the database's triggers (drizzle/0040_audit_trail.sql);
 * nothing here writes, and the database would refuse an UPDATE or DELETE of one.
 */

interface EventRow extends Record<string, unknown> {
  seq: string;
  at: string;
  actor_user_id: string | null;
  actor_name: string | null;
  actor_role: string | null;
  ip: string | null;
  user_agent: string | null;
  entity: string;
  entity_id: string;
  parent_id: string | null;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

const GENESIS = '0'.repeat(64);

/** The chain of the operator's changes (the remote registry and its flags), which belong to no business. */
export const OPERATOR_AUDIT_CHAIN = '00000000-0000-0000-0000-000000000000';

/** audit/events: a business's events, newest first, filtered by record (or the document it belongs to), user and India dates. */
export async function listAuditEvents(db: Db, businessId: string, q: AuditEventQuery): Promise<{ data: AuditEvent[]; meta: { total: number; page: number; pageSize: number } }> {
  const page = q.page ?? 1;
  const pageSize = q.pageSize ?? AUDIT_PAGE_SIZE_DEFAULT;
  // A user id that is not a uuid names nobody: no events rather than an error.
  if (q.userId && !UUID.test(q.userId)) return { data: [], meta: { total: 0, page, pageSize } };
  const where = sql.join(
    [
      sql`e.business_id = ${businessId}`,
      q.entity ? sql`e.entity = ${q.entity}` : undefined,
      q.entityId ? sql`(e.entity_id = ${q.entityId} or e.parent_id = ${q.entityId})` : undefined,
      q.userId ? sql`e.actor_user_id = ${q.userId}::uuid` : undefined,
      q.from ? sql`e.at >= (${q.from}::date)::timestamp at time zone 'Asia/Kolkata'` : undefined,
      q.to ? sql`e.at < (${q.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'` : undefined,
    ].filter((part) => part !== undefined),
    sql` and `,
  );
  const [rows, [count]] = await Promise.all([
    selectRows<EventRow>(
      db,
      sql`select e.seq::text as seq, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
            e.actor_user_id, u.name as actor_name, e.actor_role, e.ip, e.user_agent,
            e.entity, e.entity_id, e.parent_id, e.action, e.before, e.after
          from audit_events e
          left join users u on u.business_id = e.business_id and u.id = e.actor_user_id
          where ${where}
          order by e.seq desc
          limit ${pageSize} offset ${(page - 1) * pageSize}`,
    ),
    selectRows<{ total: string }>(db, sql`select count(*)::text as total from audit_events e where ${where}`),
  ]);
  return {
    data: rows.map((r) => ({
      seq: Number(r.seq),
      at: r.at,
      user: r.actor_user_id ? { id: r.actor_user_id, name: r.actor_name, role: r.actor_role } : null,
      ip: r.ip,
      userAgent: r.user_agent,
      entity: r.entity,
      entityId: r.entity_id,
      parentId: r.parent_id,
      action: r.action,
      before: r.before,
      after: r.after,
    })),
    meta: { total: Number(count?.total ?? 0), page, pageSize },
  };
}

const BREAK_MESSAGES = {
  hash: 'The event was changed after it was written: its content no longer gives its hash',
  link: 'The event does not follow the one before it: the chain was changed here',
  sequence: 'An event before this one is missing',
} as const;

/**
 * audit/verify: recomputes the business's chain in order inside the database (one pass, nothing held in memory
 * here) and answers the first event whose hash does not match its content, whose link does not name the event
 * before it, or that follows a gap. With an anchor (a head exported earlier), also whether the chain still holds it.
 */
export async function verifyAuditChain(db: Db, businessId: string, anchor?: { seq: number; hash: string }): Promise<AuditVerification> {
  const [broken] = await selectRows<{ seq: string; reason: keyof typeof BREAK_MESSAGES }>(
    db,
    sql`with chain as (
          select e.seq, e.hash, e.prev_hash, audit_event_digest(e) as digest,
            lag(e.hash) over (order by e.seq) as prior_hash, lag(e.seq) over (order by e.seq) as prior_seq
          from audit_events e where e.business_id = ${businessId}
        )
        select chain.seq::text as seq,
          case when seq <> coalesce(prior_seq, 0) + 1 then 'sequence'
               when prev_hash <> coalesce(prior_hash, ${GENESIS}) then 'link'
               else 'hash' end as reason
        from chain
        where seq <> coalesce(prior_seq, 0) + 1 or prev_hash <> coalesce(prior_hash, ${GENESIS}) or digest <> hash
        order by chain.seq limit 1`,
  );
  const [head] = await selectRows<{ seq: string; hash: string; at: string; events: string }>(
    db,
    sql`select e.seq::text as seq, e.hash, to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
          (select count(*) from audit_events c where c.business_id = ${businessId})::text as events
        from audit_events e where e.business_id = ${businessId} order by e.seq desc limit 1`,
  );
  let anchorState: AuditVerification['anchor'] = null;
  if (anchor) {
    const [held] = await selectRows<{ hash: string }>(db, sql`select hash from audit_events where business_id = ${businessId} and seq = ${anchor.seq}`);
    anchorState = !held ? 'missing' : held.hash === anchor.hash ? 'matches' : 'differs';
  }
  return {
    ok: !broken && (anchorState === null || anchorState === 'matches'),
    events: head ? Number(head.events) : 0,
    head: head ? { seq: Number(head.seq), hash: head.hash, at: head.at } : null,
    firstBroken: broken ? { seq: Number(broken.seq), reason: broken.reason, message: BREAK_MESSAGES[broken.reason] } : null,
    anchor: anchorState,
  };
}
