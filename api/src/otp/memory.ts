import type { OtpMessage, OtpSender } from './types';

/** Keeps every message in memory, for tests that read the code they were sent. */
export class MemoryOtpSender implements OtpSender {
  readonly sent: OtpMessage[] = [];

  async send(message: OtpMessage): Promise<void> {
    this.sent.push(message);
  }

  /** The last code sent to a phone, or undefined when none was. */
  lastCode(phone: string): string | undefined {
    return this.sent.filter((m) => m.phone === phone).at(-1)?.code;
  }

  countFor(phone: string): number {
    return this.sent.filter((m) => m.phone === phone).length;
  }
}
