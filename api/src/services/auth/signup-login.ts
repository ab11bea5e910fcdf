import type { MemberBusiness, OtpSent, Profile, SignupRequest } from '@bahi/shared/contracts';
import { stateCodeFromGstin } from '@bahi/shared/india';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Db, Tx } from '../../db/client';
import { businesses, storeBranches, users, type OtpPurposeValue, type PendingSignup } from '../../db/schema';
import { UUID } from '../../db/ids';
import { HttpError, notFound } from '../../errors';
import { maskPhone } from '../../otp';
import { seedBusinessDefaults } from '../business/defaults';
import { FIRST_BRANCH_NAME, defaultBranchRow, findBranchRow, toBranch } from '../branches';
import { issueOtp, latestChallenge, verifyOtp, type IssuedOtp, type Requester } from './otp';
import { userBranchIds } from '../users/branches';
import { createSession, type AuthContext } from './sessions';

/** A number whose every user row is deactivated: told after the code, so only the phone's holder learns it. */
export const deactivatedMessage = (businessNames: string[]) =>
  `Your access to ${businessNames.join(', ')} has been deactivated. Ask the owner to activate it again.`;
export const BUSINESS_NOT_FOUND = 'Business not found';

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

function toProfile(user: UserRow, business: BusinessRow, branch: BranchRow | undefined, memberOf: MemberBusiness[]): Profile {
  return {
    businesses: memberOf,
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

interface Membership {
  user: UserRow;
  business: BusinessRow;
}

/** Every business this number is a user of (active or not), oldest first. */
async function membershipsOf(db: Db | Tx, mobile: string): Promise<Membership[]> {
  return db
    .select({ user: users, business: businesses })
    .from(users)
    .innerJoin(businesses, eq(businesses.id, users.businessId))
    .where(eq(users.mobile, mobile))
    .orderBy(asc(users.createdAt), asc(users.id));
}

const isRegistered = async (db: Db | Tx, mobile: string) =>
  (await db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1)).length > 0;

const toMemberBusinesses = (members: Membership[]): MemberBusiness[] =>
  members
    .filter((m) => m.user.active)
    .map((m) => ({ id: m.business.id, name: m.business.name, role: m.user.role }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en-IN') || a.id.localeCompare(b.id));

/** The active businesses of a number, for the header's switch and the login screen's choice. */
export async function memberBusinesses(db: Db | Tx, mobile: string): Promise<MemberBusiness[]> {
  return toMemberBusinesses(await membershipsOf(db, mobile));
}

/**
 * The branch a session starts on, among those the user may work at: this browser's last branch, else the default
 * branch, else the first the user is limited to.
 */
async function sessionBranch(tx: Tx, businessId: string, userId: string, lastBranchId?: string): Promise<BranchRow | undefined> {
  const allowed = await userBranchIds(tx, businessId, userId);
  const fits = (b: BranchRow | undefined): b is BranchRow => !!b && (allowed === null || allowed.includes(b.id));
  const last = lastBranchId ? await findBranchRow(tx, businessId, lastBranchId) : undefined;
  if (fits(last)) return last;
  const fallback = await defaultBranchRow(tx, businessId);
  if (fits(fallback) || !allowed?.length) return fallback;
  return findBranchRow(tx, businessId, allowed[0]);
}

/** A new session for this user in their business; the user's last sign-in there is now. */
async function startSession(deps: Deps, tx: Tx, member: Membership, members: Membership[], lastBranchId?: string): Promise<SignedIn> {
  const now = deps.clock();
  const { user, business } = member;
  const branch = await sessionBranch(tx, business.id, user.id, lastBranchId);
  const token = await createSession(tx, { userId: user.id, businessId: business.id, activeBranchId: branch?.id ?? null }, now, deps.config.session);
  await tx.update(users).set({ lastSignedInAt: now }).where(and(eq(users.businessId, business.id), eq(users.id, user.id)));
  return { token, profile: toProfile(user, business, branch, toMemberBusinesses(members)) };
}

/**
 * Which of a number's active businesses a login starts in: the one of this browser's last branch (a shop's
 * counter computer stays where it was), else the one signed in to last, else the oldest.
 */
async function loginBusiness(tx: Tx, active: Membership[], lastBranchId?: string): Promise<Membership> {
  if (active.length > 1 && lastBranchId && UUID.test(lastBranchId)) {
    const [branch] = await tx.select({ businessId: storeBranches.businessId }).from(storeBranches).where(eq(storeBranches.id, lastBranchId));
    const there = branch && active.find((m) => m.business.id === branch.businessId);
    if (there) return there;
  }
  const last = (m: Membership) => m.user.lastSignedInAt?.getTime() ?? -Infinity;
  return active.reduce((best, m) => (last(m) > last(best) ? m : best), active[0]);
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
 * The sign-up step for a phone: a sign-up code, with what was asked for kept beside it. A number that is already a
 * user somewhere signs up a new business all the same (the same person opening a second shop): the answer never
 * depends on whether the number is registered. `pending` null is a resend whose browser has no sign-up waiting:
 * counted and answered alike, but no code is sent.
 */
async function sendSignupCode(deps: Deps, phone: string, pending: PendingSignup | null, requester: Requester): Promise<OtpAnswer> {
  const issued = await issueOtp(deps, phone, 'signup', pending, requester);
  if (pending) await deliver(deps, phone, 'signup', issued.code);
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
  const registered = await isRegistered(deps.db, phone);
  const issued = await issueOtp(deps, phone, 'login', null, requester);
  // A deactivated user is sent the code too: verifying it tells them why they cannot sign in.
  if (registered) {
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
 * Creates the business, its owner, its first store branch and a session, all in one transaction. The number may
 * already be a user of other businesses: it is then a user of one more.
 */
export async function verifySignup(deps: Deps, phone: string, otp: string, browser: string | null): Promise<SignedIn> {
  const now = deps.clock();
  return verifyOtp(deps, phone, 'signup', browser, otp, async (tx, challenge) => {
    const pending = challenge.pendingSignup;
    if (!pending) return null;
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
      .values({ businessId: business.id, name: pending.name, mobile: phone, role: 'OWNER', lastSignedInAt: now, createdAt: now })
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
    const members = await membershipsOf(tx, phone);
    return { token, profile: toProfile(user, business, branch, toMemberBusinesses(members)) };
  });
}

/**
 * Signs in to one of the number's active businesses (see loginBusiness); the profile lists them all, so with more
 * than one the screen offers the others (switchBusiness). A number whose every user is deactivated is told so
 * (403) once the code is right. `lastBranchId` is the active-branch cookie this browser kept from its last session: a shop's counter computer
 * stays at its branch across logins. Another business's branch id is ignored (the lookup is scoped).
 */
export async function verifyLogin(
  deps: Deps,
  phone: string,
  otp: string,
  browser: string | null,
  lastBranchId?: string,
): Promise<SignedIn> {
  return verifyOtp(deps, phone, 'login', browser, otp, async (tx) => {
    const members = await membershipsOf(tx, phone);
    if (members.length === 0) return null;
    const active = members.filter((m) => m.user.active);
    if (active.length === 0) throw new HttpError(403, deactivatedMessage(members.map((m) => m.business.name)));
    return startSession(deps, tx, await loginBusiness(tx, active, lastBranchId), members, lastBranchId);
  });
}

/**
 * A new session in another business the signed-in number is an active user of (the screen then ends the old
 * one); any other business id answers 404.
 */
export async function switchBusiness(deps: Deps, auth: AuthContext, businessId: string, lastBranchId?: string): Promise<SignedIn> {
  if (!UUID.test(businessId)) throw notFound(BUSINESS_NOT_FOUND);
  return deps.db.transaction(async (tx) => {
    const members = await membershipsOf(tx, auth.user.mobile);
    const target = members.find((m) => m.business.id === businessId && m.user.active);
    if (!target) throw notFound(BUSINESS_NOT_FOUND);
    return startSession(deps, tx, target, members, lastBranchId);
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
    businesses: await memberBusinesses(deps.db, auth.user.mobile),
  };
}
