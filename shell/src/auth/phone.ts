/** Keeps the digits a person typed or pasted, dropping a leading +91 / 0 so 10 digits remain. */
export function normaliseMobile(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length > 10 && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length > 10 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

export const MOBILE_PATTERN = /^[6-9][0-9]{9}$/;
export const MOBILE_MESSAGE = 'Enter a 10-digit Indian mobile number';

/** "+91 98765 43210". */
export function formatMobile(mobile: string): string {
  return /^[0-9]{10}$/.test(mobile) ? `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;
}
