import { useState } from 'react';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { authApi, errorMessage, setSessionUser, type Profile } from '@bahi/shared';
import { AuthLayout } from './auth-layout';
import { OtpStep } from './otp-step';
import { MOBILE_MESSAGE, MOBILE_PATTERN, normaliseMobile } from './phone';
import { authPath, nextFromSearch, safeNextPath } from './next-path';

/** Where to go after signing in: `?next=`, else the page the guard remembered, else home. */
export function useReturnPath(): string | null {
  const location = useLocation();
  const fromState = (location.state as { from?: string } | null)?.from;
  return nextFromSearch(location.search) ?? safeNextPath(fromState);
}

export function useFinishSignIn() {
  const navigate = useNavigate();
  const next = useReturnPath();
  return (profile: Profile) => {
    setSessionUser(profile.user, profile.activeStoreBranch);
    navigate(next ?? '/', { replace: true });
  };
}

/** /login: mobile number, then the one-time code. */
export function LoginPage() {
  const [form] = Form.useForm<{ mobileNumber: string }>();
  const [sent, setSent] = useState<{ mobileNumber: string; resendAfterSeconds: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = useReturnPath();
  const finish = useFinishSignIn();

  const sendCode = async ({ mobileNumber }: { mobileNumber: string }) => {
    setBusy(true);
    setError(null);
    try {
      const res = await authApi.login({ mobileNumber });
      setSent({ mobileNumber, resendAfterSeconds: res.data.resendAfterSeconds });
    } catch (e) {
      setError(errorMessage(e, 'Could not send the code.'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <AuthLayout title="Enter your code" subtitle="Almost there.">
        <OtpStep
          mobileNumber={sent.mobileNumber}
          purpose="login"
          resendAfterSeconds={sent.resendAfterSeconds}
          verify={(otp) => authApi.verifyLogin({ mobileNumber: sent.mobileNumber, otp })}
          onVerified={finish}
          onChangeNumber={() => setSent(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Sign in to Bahi" subtitle="We will send a 6-digit code to your mobile.">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={sendCode}
        disabled={busy}
        initialValues={{ mobileNumber: '' }}
      >
        <Form.Item
          name="mobileNumber"
          label="Mobile number"
          normalize={normaliseMobile}
          validateTrigger="onSubmit"
          rules={[
            { required: true, message: 'Enter your mobile number' },
            { pattern: MOBILE_PATTERN, message: MOBILE_MESSAGE },
          ]}
        >
          <Input
            size="large"
            prefix={<span className="bahi-phone-prefix">+91</span>}
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="98765 43210"
            maxLength={14}
            autoFocus
          />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          Send code
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        New to Bahi? <Link to={authPath('/signup', next)}>Create an account</Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
