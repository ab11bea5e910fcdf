import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** The newest OTP the API wrote to the outbox for this phone (the test OTP sender). */
export async function otpFor(phone: string, purpose: 'signup' | 'login'): Promise<string> {
  const outbox = process.env.BAHI_E2E_OUTBOX!;
  let code: string | undefined;
  await expect
    .poll(
      () => {
        if (!fs.existsSync(outbox)) return undefined;
        const lines = fs.readFileSync(outbox, 'utf8').trim().split('\n').filter(Boolean);
        const mine = lines.map((l) => JSON.parse(l)).filter((m) => m.phone === phone && m.purpose === purpose);
        code = mine.at(-1)?.code;
        return code;
      },
      { message: `an OTP for ${phone} in the outbox` },
    )
    .toBeTruthy();
  return code!;
}

let counter = 0;
/** A phone number no other test in this run uses. */
export function freshPhone(): string {
  counter += 1;
  return `9${String(Date.now() % 1e7).padStart(7, '0')}${String(counter).padStart(2, '0')}`;
}

/** Collects uncaught page errors so a test can assert there were none. */
export function watchPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}
