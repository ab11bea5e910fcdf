import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography, type InputRef } from 'antd';
import { ApiError, authApi, errorMessage, type OtpPurpose, type Profile } from '@bahi/shared';
import { formatCountdown, useCountdown } from './use-countdown';
import { formatMobile } from './phone';

export const DEFAULT_RESEND_AFTER_SECONDS = 30;

interface OtpStepProps {
  mobileNumber: string;
  purpose: OtpPurpose;
  /** From the server's answer to the request that sent the code. */
  resendAfterSeconds?: number;
  verify: (otp: string) => Promise<Profile>;
  onVerified: (profile: Profile) => void;
  onChangeNumber: () => void;
}

/** Seconds the server asks us to wait (429 answers), when it says so. */
function waitSeconds(e: unknown): number | undefined {
  if (!(e instanceof ApiError) || e.status !== 429) return undefined;
  const body = e.body as { retryAfterSeconds?: unknown } | undefined;
  const n = typeof body === 'object' && body ? Number(body.retryAfterSeconds) : NaN;
  return Number.isFinite(n) && n > 0 ? Math.ceil(n) : undefined;
}

/** Second step of sign-in and sign-up: the 6-digit code, with a resend link that counts down. */
export function OtpStep({ mobileNumber, purpose, resendAfterSeconds, verify, onVerified, onChangeNumber }: OtpStepProps) {
  const [form] = Form.useForm<{ otp: string }>();
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { remaining, restart } = useCountdown(resendAfterSeconds ?? DEFAULT_RESEND_AFTER_SECONDS);
  const inputRef = useRef<InputRef>(null);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = async ({ otp }: { otp: string }) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const profile = await verify(otp);
      onVerified(profile);
    } catch (e) {
      setError(errorMessage(e, 'That code did not work. Try again.'));
      const wait = waitSeconds(e);
      if (wait) restart(wait);
      form.setFieldValue('otp', '');
      inputRef.current?.focus();
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    setError(null);
    setNotice(null);
    try {
      const res = await authApi.resendOtp({ mobileNumber, purpose });
      restart(res.data.resendAfterSeconds ?? DEFAULT_RESEND_AFTER_SECONDS);
      setNotice(`A new code is on its way to ${formatMobile(mobileNumber)}.`);
      form.setFieldValue('otp', '');
      inputRef.current?.focus();
    } catch (e) {
      setError(errorMessage(e, 'Could not send a new code.'));
      const wait = waitSeconds(e);
      if (wait) restart(wait);
    } finally {
      setResending(false);
    }
  };

  return (
    <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={busy}>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        Enter the 6-digit code sent to <Typography.Text strong>{formatMobile(mobileNumber)}</Typography.Text>.{' '}
        <Typography.Link onClick={onChangeNumber}>Change number</Typography.Link>
      </Typography.Paragraph>
      <Form.Item
        name="otp"
        label="One-time code"
        normalize={(v: string) => v.replace(/\D/g, '').slice(0, 6)}
        rules={[
          { required: true, message: 'Enter the code from the SMS' },
          { pattern: /^\d{6}$/, message: 'The code has 6 digits' },
        ]}
      >
        <Input
          ref={inputRef}
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="••••••"
          className="bahi-otp-input"
          aria-describedby="otp-resend"
          onChange={(e) => {
            const digits = e.target.value.replace(/\D/g, '');
            if (digits.length === 6) setTimeout(() => form.submit(), 0);
          }}
        />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
      {notice ? <Alert type="success" showIcon title={notice} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" size="large" block loading={busy}>
        Verify and continue
      </Button>
      <Flex justify="center" style={{ marginTop: 16 }} id="otp-resend" aria-live="polite">
        {remaining > 0 ? (
          <Typography.Text type="secondary">Resend code in {formatCountdown(remaining)}</Typography.Text>
        ) : (
          <Button type="link" onClick={resend} loading={resending} disabled={false} style={{ padding: 0 }}>
            Resend code
          </Button>
        )}
      </Flex>
    </Form>
  );
}
