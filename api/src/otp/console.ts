import { styleText } from 'node:util';
import type { OtpMessage, OtpSender } from './types';
import { maskPhone } from './types';

/** Development: prints each code in the terminal that runs the API, set apart from the logs so it is easy to spot. */
export class ConsoleOtpSender implements OtpSender {
  constructor(
    private readonly write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
    /** Highlight the code (a terminal); plain text for a file or a pipe. */
    private readonly color = process.stdout.isTTY === true,
  ) {}

  async send({ phone, code, purpose, ttlSeconds }: OtpMessage): Promise<void> {
    const shown = this.color ? styleText(['bold', 'inverse'], ` ${code} `) : code;
    this.write('');
    this.write(`  ▶ OTP ${shown}  for ${maskPhone(phone)} (${purpose}), valid ${Math.round(ttlSeconds / 60)} min`);
    this.write('');
  }
}
