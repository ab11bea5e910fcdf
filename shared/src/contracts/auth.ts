import { z } from 'zod';
import { stateCodeFromGstin } from '../india';
import { Gstin, Id, MobileNumber, PersonName, StateCode, ok, optional } from './common';
import { Branch, SellerRegistrationType } from './branch';
import { RoleSchema } from './roles';
import { MemberBusiness } from './users';

export const OtpPurpose = z.enum(['signup', 'login']);
export type OtpPurpose = z.infer<typeof OtpPurpose>;

export const SignupRequest = z
  .object({
    name: PersonName('Your name', 80),
    businessName: PersonName('Business name', 120),
    mobileNumber: MobileNumber,
    gstin: optional(Gstin),
    stateCode: optional(StateCode),
    /** With a GSTIN: REGULAR (default) or COMPOSITION. Without one the business is UNREGISTERED. */
    registrationType: optional(z.enum(['REGULAR', 'COMPOSITION'], { error: 'Registration type must be REGULAR or COMPOSITION' })),
  })
  .superRefine((v, ctx) => {
    if (v.registrationType && !v.gstin) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: `A ${v.registrationType.toLowerCase()} registration needs its GSTIN` });
    }
    if (v.gstin && v.stateCode && stateCodeFromGstin(v.gstin) !== v.stateCode) {
      ctx.addIssue({ code: 'custom', path: ['gstin'], message: "GSTIN does not match the business's state" });
    }
  });
export type SignupRequest = z.input<typeof SignupRequest>;

export const LoginRequest = z.object({ mobileNumber: MobileNumber });
export type LoginRequest = z.input<typeof LoginRequest>;

export const VerifyOtpRequest = z.object({
  mobileNumber: MobileNumber,
  otp: z.string({ error: 'OTP is required' }).trim().regex(/^[0-9]{6}$/, 'OTP is the 6-digit code sent to your phone'),
});
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequest>;

export const ResendOtpRequest = z.object({ mobileNumber: MobileNumber, purpose: OtpPurpose });
export type ResendOtpRequest = z.input<typeof ResendOtpRequest>;

/** Answer to signup, login and resend: the same whether or not the phone is registered. */
export const OtpSentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ mobileNumber: z.string(), expiresInSeconds: z.number(), resendAfterSeconds: z.number() }),
});
export type OtpSent = z.infer<typeof OtpSentResponse>['data'];

export const Business = z.object({
  id: Id,
  name: z.string(),
  gstin: z.string().nullable(),
  stateCode: z.string().nullable(),
  /** UNREGISTERED (no GSTIN) and COMPOSITION issue bills of supply without tax. */
  registrationType: SellerRegistrationType.default('REGULAR'),
});
export type Business = z.infer<typeof Business>;

export const User = z.object({
  id: Id,
  name: z.string(),
  mobileNumber: z.string(),
  role: RoleSchema,
  business: Business,
});
export type User = z.infer<typeof User>;

export const Profile = z.object({
  user: User,
  activeStoreBranch: Branch.nullable(),
  /**
   * Every business this mobile number is an active user of (the signed-in one too): with more than one, the
   * header offers a switch and the login screen a choice.
   */
  businesses: z.array(MemberBusiness).optional(),
});
export type Profile = z.infer<typeof Profile>;
export const ProfileResponse = ok(Profile);

/** Header every state-changing request must carry (CSRF); the shared client always sends it. */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'XMLHttpRequest';
/** The session cookie over plain http (localhost); over HTTPS it is `__Host-bahi_session` (see hostCookieName). */
export const SESSION_COOKIE = 'bahi_session';
/** Ties a one-time code to the browser that asked for it (HttpOnly; `__Host-` over HTTPS as well). */
export const OTP_COOKIE = 'bahi_otp';
/**
 * A cookie's name over HTTPS: `__Host-` makes the browser accept it only with Secure, Path=/ and no Domain, so a
 * sibling subdomain or a plain-http page cannot plant one.
 */
export const hostCookieName = (name: string, secure: boolean) => (secure ? `__Host-${name}` : name);
