import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, authApi, errorMessage, type OtpPurpose, type Profile, type VerifyOtpRequest } from '@bahi/shared';
import { AuthLayout } from './auth-layout';
import { BusinessChoice } from './business-choice';
import { SubmitButton, TextField } from './field';
import { formatMobile } from './phone';
import { useFinishSignIn } from './return-path';
import { formatCountdown, useCountdown } from './use-countdown';
import type { SentCode } from './use-send-code';

export const DEFAULT_RESEND_AFTER_SECONDS = 30;

const SCREENS: Record<OtpPurpose, { title: string; subtitle: string; verify: (body: VerifyOtpRequest) => Promise<Profile> }> = {
  login: { title: 'Enter your code', subtitle: 'Almost there.', verify: authApi.verifyLogin },
  signup: { title: 'Verify your mobile', subtitle: 'One last step to open your bahi.', verify: authApi.verifySignup },
};

/** Seconds the server asks us to wait (429 answers), when it says so. */
function waitSeconds(e: unknown): number | undefined {
  if (!(e instanceof ApiError) || e.status !== 429) return undefined;
  const body = e.body as { retryAfterSeconds?: unknown } | undefined;
  const n = typeof body === 'object' && body ? Number(body.retryAfterSeconds) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.ceil(n) : undefined;
}

interface OtpStepProps {
  purpose: OtpPurpose;
  sent: SentCode;
  onChangeNumber: () => void;
}

/** Second step of sign-in and sign-up: the 6-digit code (sent on its own once complete), and a resend that counts down. */
export function OtpStep({ purpose, sent, onChangeNumber }: OtpStepProps) {
  const { title, subtitle, verify } = SCREENS[purpose];
  const finish = useFinishSignIn();
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  // The sixth digit and an Enter right after it must not send the code twice.
  const verifying = useRef(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A number of several businesses chooses one after the code (sign-up opens the business it just made).
  const [choosing, setChoosing] = useState<Profile | null>(null);
  const { remaining, restart } = useCountdown(sent.resendAfterSeconds ?? DEFAULT_RESEND_AFTER_SECONDS);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => inputRef.current?.focus(), []);

  const startOver = (message: string, e: unknown) => {
    setError(errorMessage(e, message));
    const wait = waitSeconds(e);
    if (wait) restart(wait);
    setOtp('');
    inputRef.current?.focus();
  };

  const submit = async (code: string) => {
    if (verifying.current) return;
    if (!/^\d{6}$/.test(code)) {
      setError(code ? 'The code has 6 digits' : 'Enter the code from the SMS');
      inputRef.current?.focus();
      return;
    }
    verifying.current = true;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const profile = await verify({ mobileNumber: sent.mobileNumber, otp: code });
      if (purpose === 'login' && (profile.businesses?.length ?? 0) > 1) setChoosing(profile);
      else finish(profile);
    } catch (e) {
      verifying.current = false;
      setBusy(false);
      startOver('That code did not work. Try again.', e);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const res = await authApi.resendOtp({ mobileNumber: sent.mobileNumber, purpose });
      restart(res.data.resendAfterSeconds ?? DEFAULT_RESEND_AFTER_SECONDS);
      setNotice(`A new code is on its way to ${formatMobile(sent.mobileNumber)}.`);
      setOtp('');
      inputRef.current?.focus();
    } catch (e) {
      startOver('Could not send a new code.', e);
    } finally {
      setResending(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void submit(otp);
  };

  if (choosing) return <BusinessChoice profile={choosing} onChosen={finish} />;

  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <form className="bahi-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
        <p className="bahi-auth__lead">
          Enter the 6-digit code sent to <strong>{formatMobile(sent.mobileNumber)}</strong>.{' '}
          <button type="button" className="bahi-link-button" onClick={onChangeNumber}>
            Change number
          </button>
        </p>
        <TextField
          label="One-time code"
          error={error}
          inputRef={inputRef}
          className="bahi-otp-input"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          placeholder="••••••"
          value={otp}
          readOnly={busy}
          onChange={(typed) => {
            const digits = typed.replace(/\D/g, '').slice(0, 6);
            setOtp(digits);
            if (digits.length === 6) void submit(digits);
          }}
        />
        {notice ? (
          <p className="bahi-form__notice" role="status">
            {notice}
          </p>
        ) : null}
        <SubmitButton busy={busy} busyLabel="Verifying…">
          Verify and continue
        </SubmitButton>
        <p className="bahi-form__resend">
          {remaining > 0 ? (
            <span>Resend code in {formatCountdown(remaining)}</span>
          ) : (
            <button type="button" className="bahi-link-button" onClick={resend} disabled={resending}>
              {resending ? 'Sending a new code…' : 'Resend code'}
            </button>
          )}
        </p>
      </form>
    </AuthLayout>
  );
}
