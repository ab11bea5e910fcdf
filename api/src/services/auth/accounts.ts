import type { OtpSent, Profile, SignupRequest } from '@bahi/shared/contracts';
import { stateCodeFromGstin } from '@bahi/shared/india';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { businesses, storeBranches, users, type OtpPurposeValue, type PendingSignup } from '../../db/schema';
import { HttpError, badRequest, conflict } from '../../errors';
import { maskPhone } from '../../otp';
import { FIRST_BRANCH_NAME, defaultBranchRow, findBranchRow, toBranch } from '../branches';
import { issueOtp, latestChallenge, verifyOtp, type IssuedOtp } from './otp';
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
      business: { id: business.id, name: business.name, gstin: business.gstin, stateCode: business.stateCode },
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

/** Delivers a code and reports a failed delivery to the user (sign-up: who is registered is no secret there). */
async function deliver(deps: Deps, phone: string, purpose: OtpPurposeValue, code: string) {
  try {
    await deps.otpSender.send({ phone, code, purpose, at: deps.clock(), ttlSeconds: deps.config.otp.ttlSeconds });
  } catch (e) {
    deps.log.error({ err: e, phone: maskPhone(phone) }, 'OTP delivery failed');
    throw new HttpError(503, 'We could not send the OTP right now. Please try again in a minute.');
  }
}

async function sendSignupOtp(deps: Deps, phone: string, pending: PendingSignup): Promise<OtpAnswer> {
  const issued = await issueOtp(deps, phone, 'signup', pending);
  await deliver(deps, phone, 'signup', issued.code);
  return answer(phone, issued, `OTP sent to ${maskPhone(phone)}.`);
}

/** Sign-up creates nothing yet: what was asked for waits with the challenge until the code is verified. */
export async function startSignup(deps: Deps, req: z.output<typeof SignupRequest>): Promise<OtpAnswer> {
  if (await findUserByMobile(deps.db, req.mobileNumber)) throw conflict(ALREADY_REGISTERED, 'mobileNumber');
  return sendSignupOtp(deps, req.mobileNumber, {
    name: req.name,
    businessName: req.businessName,
    gstin: req.gstin ?? null,
    stateCode: req.stateCode ?? (req.gstin ? stateCodeFromGstin(req.gstin) : null),
  });
}

/**
 * Answers the same whether or not the phone is registered, and does the same work (a challenge and a counted
 * send), so neither the answer, the limits nor the timing tell who has an account. Only a registered phone is
 * sent the code; the delivery is not awaited so a slow SMS gateway cannot reveal it either.
 */
export async function startLogin(deps: Deps, phone: string): Promise<OtpAnswer> {
  const user = await findUserByMobile(deps.db, phone);
  const issued = await issueOtp(deps, phone, 'login', null);
  if (user) {
    deps.otpSender
      .send({ phone, code: issued.code, purpose: 'login', at: deps.clock(), ttlSeconds: deps.config.otp.ttlSeconds })
      .catch((err) => deps.log.error({ err, phone: maskPhone(phone) }, 'OTP delivery failed'));
  }
  return answer(phone, issued, `If ${maskPhone(phone)} is registered with Bahi, an OTP has been sent to it.`);
}

/** A new code replacing the old one, within the same per-phone limits. */
export async function resendOtp(deps: Deps, phone: string, purpose: OtpPurposeValue): Promise<OtpAnswer> {
  if (purpose === 'login') return startLogin(deps, phone);
  const latest = await latestChallenge(deps.db, phone, 'signup');
  if (!latest?.pendingSignup || latest.endReason === 'used') {
    throw badRequest('No sign-up is waiting for this number. Please sign up again.', 'mobileNumber');
  }
  if (await findUserByMobile(deps.db, phone)) throw conflict(ALREADY_REGISTERED, 'mobileNumber');
  return sendSignupOtp(deps, phone, latest.pendingSignup);
}

/** Creates the business, its owner, its first store branch and a session, all in one transaction. */
export async function verifySignup(deps: Deps, phone: string, otp: string): Promise<SignedIn> {
  const now = deps.clock();
  return verifyOtp(deps, phone, 'signup', otp, async (tx, challenge) => {
    const pending = challenge.pendingSignup;
    if (!pending) return null;
    if (await findUserByMobile(tx, phone)) throw conflict(ALREADY_REGISTERED, 'mobileNumber');
    const [business] = await tx
      .insert(businesses)
      .values({ name: pending.businessName, gstin: pending.gstin, stateCode: pending.stateCode, createdAt: now })
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
        stateCode: pending.stateCode,
        isDefault: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
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
export async function verifyLogin(deps: Deps, phone: string, otp: string, lastBranchId?: string): Promise<SignedIn> {
  const now = deps.clock();
  return verifyOtp(deps, phone, 'login', otp, async (tx) => {
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
