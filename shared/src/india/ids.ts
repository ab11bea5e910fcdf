import { isStateCode } from './states';

const GSTIN_CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** 2-digit state code, 10-character PAN, entity number, 'Z', check character. */
const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const PIN_FORMAT = /^[1-9][0-9]{5}$/;
const MOBILE_FORMAT = /^[6-9][0-9]{9}$/;
const HSN_FORMAT = /^([0-9]{4}|[0-9]{6}|[0-9]{8})$/;
const SAC_FORMAT = /^99[0-9]{4}$/;

/** The GSTIN check character: mod-36 weighted sum of the first 14 characters (weights 1,2,1,2,...). */
export function gstinCheckChar(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = GSTIN_CHARSET.indexOf(first14[i]);
    if (value < 0) throw new Error(`Invalid GSTIN character '${first14[i]}'`);
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARSET[(36 - (sum % 36)) % 36];
}

export type GstinProblem = 'format' | 'state' | 'checksum';

/** Why a GSTIN is not valid, or null when it is. Input is expected uppercase. */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_FORMAT.test(gstin)) return 'format';
  if (!isStateCode(gstin.slice(0, 2))) return 'state';
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return 'checksum';
  return null;
}

export const GSTIN_MESSAGES: Record<GstinProblem, string> = {
  format: 'GSTIN must be 15 characters: state code, PAN, entity number, Z and a check character',
  state: 'GSTIN starts with an unknown state code',
  checksum: 'GSTIN check character does not match; please re-check the number',
};

/**
 * A UIN (Unique Identity Number of an embassy, consulate or UN body): state code, two digits of the year, three
 * letters, five digits, two letters ('UN', 'ON') and a check character computed as a GSTIN's: 0717UNO00157UNO.
 */
const UIN_FORMAT = /^[0-9]{4}[A-Z]{3}[0-9]{5}[A-Z]{2}[0-9A-Z]$/;
export function isValidUin(uin: string): boolean {
  return UIN_FORMAT.test(uin) && isStateCode(uin.slice(0, 2)) && gstinCheckChar(uin.slice(0, 14)) === uin[14];
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === null;
}

/** The PAN embedded in a GSTIN (characters 3-12). */
export function panFromGstin(gstin: string): string {
  return gstin.slice(2, 12);
}

/** The two-digit state code a GSTIN starts with. */
export function stateCodeFromGstin(gstin: string): string {
  return gstin.slice(0, 2);
}

export const isValidPan = (pan: string) => PAN_FORMAT.test(pan);
export const isValidPin = (pin: string) => PIN_FORMAT.test(pin);
export const isValidMobile = (mobile: string) => MOBILE_FORMAT.test(mobile);
export const isValidHsn = (hsn: string) => HSN_FORMAT.test(hsn);
export const isValidSac = (sac: string) => SAC_FORMAT.test(sac);
