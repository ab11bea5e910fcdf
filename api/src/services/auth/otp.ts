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

/** Serialises OTP work per phone across every API instance (the transaction holds the lock until it ends). */
async function lockPhone(tx: Tx, phone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${phone}`}))`);
}

/**
 * The resend wait counts from the last code sent to this number for the same purpose; the hourly cap counts every
 * code sent to the number. Both live in the database, so every API instance enforces the same limits.
 */
async function assertMaySend(tx: Tx, deps: Deps, phone: string, purpose: OtpPurposeValue, now: Date) {
  const { resendIntervalSeconds, maxSendsPerHour } = deps.config.otp;
  const hourAgo = new Date(now.getTime() - 3600_000);
  const recent = await tx
    .select({ sentAt: otpSends.sentAt, purpose: otpSends.purpose })
    .from(otpSends)
    .where(and(eq(otpSends.phone, phone), gt(otpSends.sentAt, hourAgo)))
    .orderBy(desc(otpSends.sentAt));
  const last = recent.find((s) => s.purpose === purpose)?.sentAt;
  if (last) {
    const wait = Math.ceil((last.getTime() + resendIntervalSeconds * 1000 - now.getTime()) / 1000);
    if (wait > 0) throw tooManyRequests(OTP_MESSAGES.wait(wait), wait);
  }
  if (recent.length >= maxSendsPerHour) {
    const oldest = recent[maxSendsPerHour - 1].sentAt;
    const waitSeconds = (oldest.getTime() + 3600_000 - now.getTime()) / 1000;
    throw tooManyRequests(OTP_MESSAGES.hourly(Math.max(1, Math.ceil(waitSeconds / 60))), waitSeconds);
  }
}

export interface IssuedOtp {
  code: string;
  expiresInSeconds: number;
  resendAfterSeconds: number;
}

/**
 * Starts a new challenge for the phone, ending any live one (a resend replaces the old code), after checking
 * the per-phone limits that live in the database. The caller decides whether the code is delivered.
 */
export async function issueOtp(
  deps: Deps,
  phone: string,
  purpose: OtpPurposeValue,
  pendingSignup: PendingSignup | null,
): Promise<IssuedOtp> {
  const now = deps.clock();
  const { ttlSeconds, resendIntervalSeconds } = deps.config.otp;
  const code = generateOtp();
  const salt = randomBytes(16).toString('hex');
  await deps.db.transaction(async (tx) => {
    await lockPhone(tx, phone);
    await assertMaySend(tx, deps, phone, purpose, now);
    await tx.insert(otpSends).values({ phone, purpose, sentAt: now });
    await tx
      .update(otpChallenges)
      .set({ endedAt: now, endReason: 'replaced' })
      .where(and(eq(otpChallenges.phone, phone), eq(otpChallenges.purpose, purpose), isNull(otpChallenges.endedAt)));
    await tx.insert(otpChallenges).values({
      phone,
      purpose,
      codeHash: hashOtp(code, salt),
      salt,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
      pendingSignup,
      createdAt: now,
    });
  });
  return { code, expiresInSeconds: ttlSeconds, resendAfterSeconds: resendIntervalSeconds };
}

/** The most recent challenge of this phone and purpose, live or ended. */
export async function latestChallenge(
  db: Deps['db'] | Tx,
  phone: string,
  purpose: OtpPurposeValue,
): Promise<OtpChallenge | undefined> {
  const [live] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.phone, phone), eq(otpChallenges.purpose, purpose), isNull(otpChallenges.endedAt)));
  if (live) return live;
  const [ended] = await db
    .select()
    .from(otpChallenges)
    .where(and(eq(otpChallenges.phone, phone), eq(otpChallenges.purpose, purpose)))
    .orderBy(desc(otpChallenges.createdAt))
    .limit(1);
  return ended;
}

/**
 * Checks a code against the phone's live challenge. A wrong code is counted even though the request fails, so
 * the outcome is decided inside the transaction and thrown after it commits. On success the challenge is used up
 * and `onVerified` runs in the same transaction: either everything it writes is kept, or nothing is.
 */
export async function verifyOtp<T>(
  deps: Deps,
  phone: string,
  purpose: OtpPurposeValue,
  code: string,
  onVerified: (tx: Tx, challenge: OtpChallenge) => Promise<T | null>,
): Promise<T> {
  const now = deps.clock();
  const { maxAttempts } = deps.config.otp;
  const outcome = await deps.db.transaction(async (tx): Promise<{ ok: T } | { error: HttpError }> => {
    await lockPhone(tx, phone);
    const challenge = await latestChallenge(tx, phone, purpose);
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
