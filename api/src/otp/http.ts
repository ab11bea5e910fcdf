import type { OtpMessage, OtpSender } from './types';

/**
 * Production: POSTs `{ phone, code, purpose, message }` as JSON to an SMS gateway (OTP_HTTP_URL), with
 * `Authorization: Bearer OTP_HTTP_TOKEN` when a token is set. Any answer other than 2xx is a failed delivery.
 */
export class HttpOtpSender implements OtpSender {
  constructor(
    private readonly url: string,
    private readonly token?: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async send({ phone, code, purpose, ttlSeconds }: OtpMessage): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({
        phone: `+91${phone}`,
        code,
        purpose,
        message: `${code} is your Bahi ${purpose === 'signup' ? 'sign-up' : 'login'} code. It expires in ${Math.max(1, Math.round(ttlSeconds / 60))} minutes. Do not share it.`,
      }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
}
