import { useState } from 'react';
import { authApi, errorMessage, isApiError } from '@bahi/shared';
import { prefetchSignedInApp } from '../app/signed-in-loader';

/** The API's answer to a request that sends a code (sign-up, login, resend). */
type OtpSentAnswer = Awaited<ReturnType<typeof authApi.login>>;

/** A code is on its way to this number; the server said how long to wait before asking for another. */
export interface SentCode {
  mobileNumber: string;
  resendAfterSeconds: number;
}

/** Why sending failed: the server's words, and the field it named when it named one. */
export interface SendProblem {
  message: string;
  field?: string;
}

/**
 * The first step of sign-in and sign-up: asks the API to send a code to `mobileNumber`. On success the page shows
 * the code step; the signed-in app is fetched meanwhile (for data-saver users, who skip the idle prefetch, now).
 */
export function useSendCode<T extends { mobileNumber: string }>(
  request: (body: T) => Promise<OtpSentAnswer>,
  fallback: string,
) {
  const [sent, setSent] = useState<SentCode | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<SendProblem | null>(null);

  const send = async (body: T) => {
    setBusy(true);
    setProblem(null);
    try {
      const res = await request(body);
      setSent({ mobileNumber: body.mobileNumber, resendAfterSeconds: res.data.resendAfterSeconds });
      prefetchSignedInApp();
    } catch (e) {
      setProblem({ message: errorMessage(e, fallback), field: isApiError(e) ? e.field : undefined });
    } finally {
      setBusy(false);
    }
  };

  return { sent, busy, problem, send, changeNumber: () => setSent(null) };
}
