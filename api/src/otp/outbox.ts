import fs from 'node:fs';
import path from 'node:path';
import type { OtpMessage, OtpSender } from './types';

/** Tests and e2e: appends `{"phone","code","purpose","at"}` as one JSON line to a file. */
export class OutboxOtpSender implements OtpSender {
  constructor(readonly file: string) {}

  async send({ phone, code, purpose, at }: OtpMessage): Promise<void> {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    // Written synchronously so the line is there by the time the API answers.
    fs.appendFileSync(this.file, `${JSON.stringify({ phone, code, purpose, at: at.toISOString() })}\n`);
  }
}
