import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import type { Tx } from '../../db/client';
import { otpChallenges, otpSends, type OtpPurposeValue, type PendingSignup } from '../../db/schema';
import { HttpError, badRequest, tooManyRequests } from '../../errors';

export type OtpChallenge = typeof otpChallenges.$inferSelect;

export const OTP_MESSAGES = {
  expired: 'This OTP has expired. Request a new one.',
  tooManyAttempts: 'Too many wrong codes. Request a new OTP.',
  used: 'This OTP has already been used. Request a new one.',
  none: 'No OTP was requested for this number. Request one first.',
  incorrect: (left: number) => `Incorrect OTP. ${left} ${left === 1 ? 'attempt' : 'attempts'} left.`,
  wait: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting another OTP.`,
  hourly: (minutes: number) =>
    `Too many OTPs requested for this number. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  network: (minutes: number) =>
    `Too many OTPs requested from your network. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
};

const tooManyWrongCodes = () => new HttpError(429, OTP_MESSAGES.tooManyAttempts, 'otp');

/** Six digits from the cryptographic RNG. */
export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

function hashOtp(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code).digest('hex');
}

function otpMatches(code: string, challenge: OtpChallenge): boolean {
  const expected = Buffer.from(challenge.codeHash, 'hex');
  const actual = Buffer.from(hashOtp(code, challenge.salt), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Serialises OTP work per phone and per client address across every API instance (held until the transaction ends). */
async function lock(tx: Tx, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Who asks for a code: their browser (the SHA-256 of its OTP cookie) and their address as the limits count it. */
export interface Requester {
  browser: string;
  address: string;
}

/**
 * The send limits, counted in the database so every API instance enforces the same numbers. None depends on
 * the purpose, so sign-up and login cannot be told apart by which limit answers:
 * - the resend wait and the hourly limit count per phone *and* client address, so a stranger elsewhere does not
 *   use up the owner's budget;
 * - a higher cap per phone over all addresses, over a short window, bounds the SMS a phone can be sent and ends a
 *   stranger's flood soon;
 * - a cap per client address over all phones slows one address sending codes to many numbers.
 */
async function assertMaySend(tx: Tx, deps: Deps, phone: string, address: string, now: Date) {
  const { resendIntervalSeconds, maxSendsPerHour, maxSendsPerPhone, phoneWindowMinutes, maxSendsPerAddressPerHour } = deps.config.otp;
  const hourAgo = new Date(now.getTime() - 3600_000);
  const waitUntil = (from: Date, ms: number) => (from.getTime() + ms - now.getTime()) / 1000;

  const mine = await tx
    .select({ sentAt: otpSends.sentAt })
    .from(otpSends)
    .where(and(eq(otpSends.phone, phone), eq(otpSends.clientAddress, address), gt(otpSends.sentAt, hourAgo)))
    .orderBy(desc(otpSends.sentAt));
  if (mine.length > 0) {
    // Never more than the interval: a send stamped by an instance whose clock runs a little ahead of this one's
    // must not stretch the wait (with no interval set, it must not make one).
    const wait = Math.min(resendIntervalSeconds, Math.ceil(waitUntil(mine[0].sentAt, resendIntervalSeconds * 1000)));
    if (wait > 0) throw tooManyRequests(OTP_MESSAGES.wait(wait), wait);
  }
  if (mine.length >= maxSendsPerHour) {
    const seconds = waitUntil(mine[maxSendsPerHour - 1].sentAt, 3600_000);
    throw tooManyRequests(OTP_MESSAGES.hourly(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }

  const windowMs = phoneWindowMinutes * 60_000;
  const toPhone = await tx
    .select({ sentAt: otpSends.sentAt })
    .from(otpSends)
    .where(and(eq(otpSends.phone, phone), gt(otpSends.sentAt, new Date(now.getTime() - windowMs))))
    .orderBy(desc(otpSends.sentAt))
    .limit(maxSendsPerPhone);
  if (toPhone.length >= maxSendsPerPhone) {
    const seconds = waitUntil(toPhone[maxSendsPerPhone - 1].sentAt, windowMs);
    throw tooManyRequests(OTP_MESSAGES.hourly(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }

  const fromAddress = await tx
    .select({ sentAt: otpSends.sentAt })
    .from(otpSends)
    .where(and(eq(otpSends.clientAddress, address), gt(otpSends.sentAt, hourAgo)))
    .orderBy(desc(otpSends.sentAt))
    .limit(maxSendsPerAddressPerHour);
  if (fromAddress.length >= maxSendsPerAddressPerHour) {
    const seconds = waitUntil(fromAddress[maxSendsPerAddressPerHour - 1].sentAt, 3600_000);
    throw tooManyRequests(OTP_MESSAGES.network(Math.max(1, Math.ceil(seconds / 60))), seconds);
  }
}

export interface IssuedOtp {
  code: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/**
 * Starts a new challenge for the phone after checking the limits. It replaces only the live challenge of the same
 * browser: a code another browser asked for stays valid, so requests by a stranger never end the owner's code.
 * The caller decides whether the code is delivered.
 */
export async function issueOtp(
  deps: Deps,
  phone: string,
  purpose: OtpPurposeValue,
  pendingSignup: PendingSignup | null,
  requester: Requester,
): Promise<IssuedOtp> {
  const { ttlSeconds, resendIntervalSeconds } = deps.config.otp;
  const code = generateOtp();
  const salt = randomBytes(16).toString('hex');
  await deps.db.transaction(async (tx) => {
    // Always phone first, then address: two requests never wait on each other's second lock.
    await lock(tx, `otp:${phone}`);
    await lock(tx, `otp-address:${requester.address}`);
    // The time is read once the locks are held, so the sends of one phone are stamped in the order they were
    // counted; read before, a request that waited for the lock would count itself earlier than the send it waited on.
    const now = deps.clock();
    await assertMaySend(tx, deps, phone, requester.address, now);
    await tx.insert(otpSends).values({ phone, purpose, clientAddress: requester.address, sentAt: now });
    await tx
      .update(otpChallenges)
      .set({ endedAt: now, endReason: 'replaced' })
      .where(
        and(
          eq(otpChallenges.phone, phone),
          eq(otpChallenges.purpose, purpose),
          eq(otpChallenges.requesterHash, requester.browser),
          isNull(otpChallenges.endedAt),
        ),
      );
    await tx.insert(otpChallenges).values({
      phone,
      purpose,
      codeHash: hashOtp(code, salt),
      salt,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      pendingSignup,
      requesterHash: requester.browser,
      createdAt: now,
    });
  });
  return { code, expiresInSeconds: ttlSeconds, resendAfterSeconds: resendIntervalSeconds };
}

/** The most recent challenge this browser asked for, for this phone and purpose, live or ended. */
export async function latestChallenge(
  db: Deps['db'] | Tx,
  phone: string,
  purpose: OtpPurposeValue,
  browser: string,
): Promise<OtpChallenge | undefined> {
  const mine = and(eq(otpChallenges.phone, phone), eq(otpChallenges.purpose, purpose), eq(otpChallenges.requesterHash, browser));
  const [live] = await db.select().from(otpChallenges).where(and(mine, isNull(otpChallenges.endedAt)));
  if (live) return live;
  const [ended] = await db.select().from(otpChallenges).where(mine).orderBy(desc(otpChallenges.createdAt)).limit(1);
  return ended;
}

/**
 * Checks a code against the live challenge this browser asked for. A wrong code is counted even though the request fails, so
 * the outcome is decided inside the transaction and thrown after it commits. On success the challenge is used up
 * and `onVerified` runs in the same transaction: either everything it writes is kept, or nothing is.
 */
export async function verifyOtp<T>(
  deps: Deps,
  phone: string,
  purpose: OtpPurposeValue,
  browser: string | null,
  code: string,
  onVerified: (tx: Tx, challenge: OtpChallenge) => Promise<T | null>,
): Promise<T> {
  const { maxAttempts } = deps.config.otp;
  const outcome = await deps.db.transaction(async (tx): Promise<{ ok: T } | { error: HttpError }> => {
    await lock(tx, `otp:${phone}`);
    const now = deps.clock();
    // Codes are tried only against the challenge this browser asked for: a stranger's wrong guesses cannot end it.
    const challenge = browser ? await latestChallenge(tx, phone, purpose, browser) : undefined;
    if (!challenge) return { error: badRequest(OTP_MESSAGES.none, 'otp') };
    if (challenge.endedAt) {
      return challenge.endReason === 'too_many_attempts'
        ? { error: tooManyWrongCodes() }
        : { error: badRequest(OTP_MESSAGES.used, 'otp') };
    }
    if (now.getTime() >= challenge.expiresAt.getTime()) return { error: badRequest(OTP_MESSAGES.expired, 'otp') };

    // `onVerified` answers null when the code matched a challenge that must not succeed (a login challenge for an
    // unregistered phone); that is reported exactly like a wrong code.
    const result = otpMatches(code, challenge) ? await onVerified(tx, challenge) : null;
    if (result !== null) {
      await tx.update(otpChallenges).set({ endedAt: now, endReason: 'used' }).where(eq(otpChallenges.id, challenge.id));
      return { ok: result };
    }

    const attempts = challenge.attempts + 1;
    const exhausted = attempts >= maxAttempts;
    await tx
      .update(otpChallenges)
      .set(exhausted ? { attempts, endedAt: now, endReason: 'too_many_attempts' } : { attempts })
      .where(eq(otpChallenges.id, challenge.id));
    return exhausted
      ? { error: tooManyWrongCodes() }
      : { error: badRequest(OTP_MESSAGES.incorrect(maxAttempts - attempts), 'otp') };
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.ok;
}
