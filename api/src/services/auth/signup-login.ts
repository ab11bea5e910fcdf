import type { OtpSent, Profile, SignupRequest } from '@bahi/shared/contracts';
import { stateCodeFromGstin } from '@bahi/shared/india';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { businesses, storeBranches, users, type OtpPurposeValue, type PendingSignup } from '../../db/schema';
import { HttpError, conflict } from '../../errors';
import { maskPhone } from '../../otp';
import { seedBusinessDefaults } from '../business/defaults';
import { FIRST_BRANCH_NAME, defaultBranchRow, findBranchRow, toBranch } from '../branches';
import { issueOtp, latestChallenge, verifyOtp, type IssuedOtp, type Requester } from './otp';
import { createSession, type AuthContext } from './sessions';

export const ALREADY_REGISTERED = 'This mobile number is already registered. Log in instead.';

export interface OtpAnswer {
  message: string;
  data: OtpSent;
}

export interface SignedIn {
  /** The new session's token, for the cookie. */
  token: string;
  profile: Profile;
}

type UserRow = typeof users.$inferSelect;
type BusinessRow = typeof businesses.$inferSelect;
type BranchRow = typeof storeBranches.$inferSelect;

function toProfile(user: UserRow, business: BusinessRow, branch: BranchRow | undefined): Profile {
  return {
    user: {
      id: user.id,
      name: user.name,
      mobileNumber: user.mobile,
      role: user.role,
      business: { id: business.id, name: business.name, gstin: business.gstin, stateCode: business.stateCode, registrationType: business.registrationType },
    },
    activeStoreBranch: branch ? toBranch(branch) : null,
  };
}

async function findUserByMobile(db: Db | Tx, mobile: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile));
  return user;
}

function answer(phone: string, issued: IssuedOtp, message: string): OtpAnswer {
  return {
    message,
    data: { mobileNumber: phone, expiresInSeconds: issued.expiresInSeconds, resendAfterSeconds: issued.resendAfterSeconds },
  };
}

/** Delivers a code; a failed delivery is reported (sign-up awaits delivery whether or not the phone is registered). */
async function deliver(deps: Deps, phone: string, purpose: OtpPurposeValue, code: string) {
  try {
    await deps.otpSender.send({ phone, code, purpose, at: deps.clock(), ttlSeconds: deps.config.otp.ttlSeconds });
  } catch (e) {
    deps.log.error({ err: e, phone: maskPhone(phone) }, 'OTP delivery failed');
    throw new HttpError(503, 'We could not send the OTP right now. Please try again in a minute.');
  }
}

/**
 * The sign-up step for a phone: a new number gets a sign-up code (with what was asked for kept beside it); a
 * registered number gets a login code instead, which verify-signup accepts and signs in with. Both answer the
 * same words after the same work, so sign-up does not tell who is registered. `pending` null is a resend whose
 * browser has no sign-up waiting: counted and answered alike, but no code is sent.
 */
async function sendSignupCode(deps: Deps, phone: string, pending: PendingSignup | null, requester: Requester): Promise<OtpAnswer> {
  const registered = await findUserByMobile(deps.db, phone);
  const purpose: OtpPurposeValue = registered ? 'login' : 'signup';
  const issued = await issueOtp(deps, phone, purpose, registered ? null : pending, requester);
  if (registered || pending) await deliver(deps, phone, purpose, issued.code);
  return answer(phone, issued, `OTP sent to ${maskPhone(phone)}.`);
}

/** Sign-up creates nothing yet: what was asked for waits with the challenge until the code is verified. */
export async function startSignup(deps: Deps, req: z.output<typeof SignupRequest>, requester: Requester): Promise<OtpAnswer> {
  return sendSignupCode(
    deps,
    req.mobileNumber,
    {
      name: req.name,
      businessName: req.businessName,
      gstin: req.gstin ?? null,
      stateCode: req.stateCode ?? (req.gstin ? stateCodeFromGstin(req.gstin) : null),
      ...(req.gstin ? { registrationType: req.registrationType ?? 'REGULAR' } : {}),
    },
    requester,
  );
}

/**
 * Answers the same whether or not the phone is registered, and does the same work (a challenge and a counted
 * send), so neither the answer, the limits nor the timing tell who has an account. Only a registered phone is
 * sent the code; the delivery is not awaited so a slow SMS gateway cannot reveal it either.
 */
export async function startLogin(deps: Deps, phone: string, requester: Requester): Promise<OtpAnswer> {
  const user = await findUserByMobile(deps.db, phone);
  const issued = await issueOtp(deps, phone, 'login', null, requester);
  if (user) {
    deps.otpSender
      .send({ phone, code: issued.code, purpose: 'login', at: deps.clock(), ttlSeconds: deps.config.otp.ttlSeconds })
      .catch((err) => deps.log.error({ err, phone: maskPhone(phone) }, 'OTP delivery failed'));
  }
  return answer(phone, issued, `If ${maskPhone(phone)} is registered with Bahi, an OTP has been sent to it.`);
}

/** A new code replacing this browser's previous one, within the same limits. */
export async function resendOtp(deps: Deps, phone: string, purpose: OtpPurposeValue, requester: Requester): Promise<OtpAnswer> {
  if (purpose === 'login') return startLogin(deps, phone, requester);
  const latest = await latestChallenge(deps.db, phone, 'signup', requester.browser);
  const pending = latest?.endReason === 'used' ? null : (latest?.pendingSignup ?? null);
  return sendSignupCode(deps, phone, pending, requester);
}

/**
 * Creates the business, its owner, its first store branch and a session, all in one transaction. A registered
 * phone was sent a login code by sign-up: that code signs its owner in.
 */
export async function verifySignup(deps: Deps, phone: string, otp: string, browser: string | null, lastBranchId?: string): Promise<SignedIn> {
  if (await findUserByMobile(deps.db, phone)) return verifyLogin(deps, phone, otp, browser, lastBranchId);
  const now = deps.clock();
  return verifyOtp(deps, phone, 'signup', browser, otp, async (tx, challenge) => {
    const pending = challenge.pendingSignup;
    if (!pending) return null;
    if (await findUserByMobile(tx, phone)) throw conflict(ALREADY_REGISTERED, 'mobileNumber');
    const [business] = await tx
      .insert(businesses)
      .values({
        name: pending.businessName,
        gstin: pending.gstin,
        stateCode: pending.stateCode,
        // Signing up without a GSTIN makes the business unregistered: it issues bills of supply without tax.
        registrationType: pending.gstin ? (pending.registrationType ?? 'REGULAR') : 'UNREGISTERED',
        createdAt: now,
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({ businessId: business.id, name: pending.name, mobile: phone, role: 'OWNER', createdAt: now })
      .returning();
    const [branch] = await tx
      .insert(storeBranches)
      .values({
        businessId: business.id,
        name: FIRST_BRANCH_NAME,
        gstin: pending.gstin,
        registrationType: pending.gstin ? (pending.registrationType ?? 'REGULAR') : null,
        stateCode: pending.stateCode,
        isDefault: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await seedBusinessDefaults(tx, business.id, now);
    const token = await createSession(
      tx,
      { userId: user.id, businessId: business.id, activeBranchId: branch.id },
      now,
      deps.config.session,
    );
    return { token, profile: toProfile(user, business, branch) };
  });
}

/**
 * `lastBranchId` is the active-branch cookie this browser kept from its last session: a shop's counter computer
 * stays at its branch across logins. Another business's branch id is ignored (the lookup is scoped).
 */
export async function verifyLogin(
  deps: Deps,
  phone: string,
  otp: string,
  browser: string | null,
  lastBranchId?: string,
): Promise<SignedIn> {
  const now = deps.clock();
  return verifyOtp(deps, phone, 'login', browser, otp, async (tx) => {
    const user = await findUserByMobile(tx, phone);
    if (!user) return null;
    const [business] = await tx.select().from(businesses).where(eq(businesses.id, user.businessId));
    const branch =
      (lastBranchId ? await findBranchRow(tx, business.id, lastBranchId) : undefined) ??
      (await defaultBranchRow(tx, business.id));
    const token = await createSession(
      tx,
      { userId: user.id, businessId: business.id, activeBranchId: branch?.id ?? null },
      now,
      deps.config.session,
    );
    return { token, profile: toProfile(user, business, branch) };
  });
}

/** The signed-in user and the session's active branch (the default one if the active one is gone). */
export async function getProfile(deps: Deps, auth: AuthContext): Promise<Profile> {
  const branch =
    (auth.activeBranchId ? await findBranchRow(deps.db, auth.businessId, auth.activeBranchId) : undefined) ??
    (await defaultBranchRow(deps.db, auth.businessId));
  return {
    user: {
      id: auth.user.id,
      name: auth.user.name,
      mobileNumber: auth.user.mobile,
      role: auth.user.role,
      business: auth.business,
    },
    activeStoreBranch: branch ? toBranch(branch) : null,
  };
}
