import type { OtpPurposeValue } from '../db/schema';

export interface OtpMessage {
  phone: string;
  code: string;
  purpose: OtpPurposeValue;
  at: Date;
  /** How long the code stays valid, for the text of the message. */
  ttlSeconds: number;
}

/** Delivers a one-time password to a phone. */
export interface OtpSender {
  send(message: OtpMessage): Promise<void>;
}

/** 9876543210 -> 98XXXXXX10: enough to recognise a number in logs without revealing it. */
export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${phone.slice(0, 2)}${'X'.repeat(phone.length - 4)}${phone.slice(-2)}` : phone;
}
