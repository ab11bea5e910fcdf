import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX } from '@bahi/shared/contracts';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { idempotencyKeys } from '../../db/schema';
import { HttpError } from '../../errors';

/** A key is remembered this long; after that it may be used again. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60_000;

export const IDEMPOTENCY_MISMATCH =
  'This Idempotency-Key was already used for a different request. Send a new key for a new request.';

const IdempotencyKey = z
  .string({ error: `${IDEMPOTENCY_KEY_HEADER} is required: send a new key with each new request, the same key with its retry` })
  .trim()
  .min(1, `${IDEMPOTENCY_KEY_HEADER} cannot be blank`)
  .max(IDEMPOTENCY_KEY_MAX, `${IDEMPOTENCY_KEY_HEADER} must be at most ${IDEMPOTENCY_KEY_MAX} characters`)
  .regex(/^[\x21-\x7e]+$/, `${IDEMPOTENCY_KEY_HEADER} must be printable ASCII without spaces`);
const KEY_DESCRIPTION = 'Makes the request safe to retry: the same key and body within 24 hours answers the first result again';

/** The optional header of every create, for the route's schema (Fastify lower-cases header names; others pass). */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: IdempotencyKey.optional().describe(KEY_DESCRIPTION),
});

/** The same header, required: for a request that must never run twice by accident (issuing a bill now). */
export const RequiredIdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER.toLowerCase()]: IdempotencyKey.describe(KEY_DESCRIPTION),
});

export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const value = headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
  return typeof value === 'string' ? value : undefined;
}

/** JSON with object keys sorted, so two equal bodies hash the same whatever order their fields came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export interface IdempotentRequest {
  businessId: string;
  /** The header's value; without one the work simply runs. */
  key: string | undefined;
  /** Which call: 'sale.create', 'sale.payment', ... */
  scope: string;
  /** The validated body (and the path's id, where there is one). */
  body: unknown;
  /** What the work makes or changes, answered again to a retry (chosen before the work runs). */
  resourceId: string;
  now: Date;
}

export interface IdempotentResult {
  resourceId: string;
  /** True when an earlier request with this key made it. */
  replayed: boolean;
}

/**
 * Runs `work` in one transaction together with claiming the key, so the key is kept exactly when the work is: a
 * failed request leaves nothing behind and may be retried with the same key. A concurrent request with the same key
 * waits on the key's row (the primary key) until the first commits, then answers what it made.
 */
export async function withIdempotency(db: Db, req: IdempotentRequest, work: (tx: Tx) => Promise<void>): Promise<IdempotentResult> {
  const fresh: IdempotentResult = { resourceId: req.resourceId, replayed: false };
  if (req.key === undefined) {
    await db.transaction(work);
    return fresh;
  }
  const key = req.key;
  const requestHash = createHash('sha256').update(`${req.scope}\n${canonical(req.body)}`).digest('hex');
  return db.transaction(async (tx) => {
    const whereKey = and(eq(idempotencyKeys.businessId, req.businessId), eq(idempotencyKeys.key, key));
    await tx
      .delete(idempotencyKeys)
      .where(and(whereKey, lt(idempotencyKeys.createdAt, new Date(req.now.getTime() - IDEMPOTENCY_WINDOW_MS))));
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({
        businessId: req.businessId,
        key,
        scope: req.scope,
        requestHash,
        resourceId: req.resourceId,
        createdAt: req.now,
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [first] = await tx.select().from(idempotencyKeys).where(whereKey);
      if (!first) throw new HttpError(409, 'A request with this Idempotency-Key is still running. Try again.');
      if (first.scope !== req.scope || first.requestHash !== requestHash) throw new HttpError(422, IDEMPOTENCY_MISMATCH);
      return { resourceId: first.resourceId, replayed: true };
    }
    await work(tx);
    return fresh;
  });
}

