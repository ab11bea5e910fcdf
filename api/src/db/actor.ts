import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is writing, for the audit trail: the database's audit triggers read it from the transaction-local setting
 * `bahi.actor` (drizzle/0040_audit_trail.sql), which every write transaction sets first (db/client.ts). A request
 * runs inside `actorContext` (plugins/audit.ts); work outside any request (migrations, the scheduler, housekeeping)
 * has no actor and is recorded as the system's.
 */
export interface Actor {
  userId: string | null;
  role: string | null;
  ip: string | null;
  userAgent: string | null;
  /** What kind of write the request is, when the events should say so ('import'). */
  op?: 'import';
}

/** Answers the actor when a write begins: a request's session is known only after its auth hook ran. */
export type ActorSource = () => Actor;

export const actorContext = new AsyncLocalStorage<ActorSource>();

/** The current actor as the JSON the triggers read, or null outside a request. */
export function currentActorJson(): string | null {
  const source = actorContext.getStore();
  return source ? JSON.stringify(source()) : null;
}

/** Runs `work` as `actor` (the scheduler or a CLI acting for a user, and tests). */
export function runAsActor<T>(actor: Actor, work: () => T): T {
  return actorContext.run(() => actor, work);
}

/**
 * Whether a statement writes rows (an autocommit write is wrapped in a transaction that sets the actor first). A
 * read taken for a write costs only that wrapping.
 */
export function isWriteStatement(text: string): boolean {
  return /^\s*(insert|update|delete|merge)\b/i.test(text) || (/^\s*with\b/i.test(text) && /\b(insert|update|delete)\b/i.test(text));
}
