import type { OtpMessage, OtpSender } from './types';
import { maskPhone } from './types';

/** Development: prints the code in the terminal that runs the API. */
export class ConsoleOtpSender implements OtpSender {
  constructor(private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)) {}

  async send({ phone, code, purpose }: OtpMessage): Promise<void> {
    this.write(`OTP for ${maskPhone(phone)} (${purpose}): ${code}`);
  }
}
