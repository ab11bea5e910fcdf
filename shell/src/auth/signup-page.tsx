import { useMemo, useState } from 'react';
import { Alert, Button, Col, Form, Input, Row, Select, Typography } from 'antd';
import { Link } from 'react-router-dom';
import {
  ApiError,
  GSTIN_MESSAGES,
  INDIAN_STATES,
  authApi,
  errorMessage,
  gstinProblem,
  isValidGstin,
  stateCodeFromGstin,
  type SignupRequest,
} from '@bahi/shared';
import { AuthLayout } from './auth-layout';
import { OtpStep } from './otp-step';
import { MOBILE_MESSAGE, MOBILE_PATTERN, normaliseMobile } from './phone';
import { authPath } from './next-path';
import { useFinishSignIn, useReturnPath } from './login-page';

interface SignupValues {
  name: string;
  businessName: string;
  mobileNumber: string;
  gstin?: string;
  stateCode?: string;
}

const FIELDS: Array<keyof SignupValues> = ['name', 'businessName', 'mobileNumber', 'gstin', 'stateCode'];

/** /signup: the business and its owner, then the one-time code. */
export function SignupPage() {
  const [form] = Form.useForm<SignupValues>();
  const [sent, setSent] = useState<{ mobileNumber: string; resendAfterSeconds: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const next = useReturnPath();
  const finish = useFinishSignIn();
  const stateOptions = useMemo(
    () => INDIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} - ${s.name}` })),
    [],
  );

  const submit = async (values: SignupValues) => {
    setBusy(true);
    setError(null);
    try {
      const body: SignupRequest = {
        name: values.name.trim(),
        businessName: values.businessName.trim(),
        mobileNumber: values.mobileNumber,
        gstin: values.gstin || undefined,
        stateCode: values.stateCode || undefined,
      };
      const res = await authApi.signup(body);
      setSent({ mobileNumber: values.mobileNumber, resendAfterSeconds: res.data.resendAfterSeconds });
    } catch (e) {
      const field = e instanceof ApiError ? (e.field as keyof SignupValues | undefined) : undefined;
      if (field && FIELDS.includes(field)) form.setFields([{ name: field, errors: [e instanceof Error ? e.message : ''] }]);
      else setError(errorMessage(e, 'Could not create the account.'));
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <AuthLayout title="Verify your mobile" subtitle="One last step to open your bahi.">
        <OtpStep
          mobileNumber={sent.mobileNumber}
          purpose="signup"
          resendAfterSeconds={sent.resendAfterSeconds}
          verify={(otp) => authApi.verifySignup({ mobileNumber: sent.mobileNumber, otp })}
          onVerified={finish}
          onChangeNumber={() => setSent(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Create your account" subtitle="Free to start. Your first store branch is set up for you.">
      <Form<SignupValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        onFinish={submit}
        disabled={busy}
        onValuesChange={(changed: Partial<SignupValues>) => {
          // A GSTIN names its state in its first two digits.
          if (changed.gstin && isValidGstin(changed.gstin)) {
            form.setFieldValue('stateCode', stateCodeFromGstin(changed.gstin));
            form.validateFields(['stateCode']).catch(() => undefined);
          }
        }}
      >
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label="Your name" rules={[{ required: true, whitespace: true, message: 'Your name is required' }, { max: 80 }]}>
              <Input size="large" autoComplete="name" autoFocus placeholder="Asha Patil" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="businessName"
              label="Business name"
              rules={[{ required: true, whitespace: true, message: 'Business name is required' }, { max: 120 }]}
            >
              <Input size="large" autoComplete="organization" placeholder="Patil Traders" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="mobileNumber"
          label="Mobile number"
          normalize={normaliseMobile}
          rules={[
            { required: true, message: 'Mobile number is required' },
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
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="gstin"
              label="GSTIN"
              normalize={(v: string) => v.toUpperCase().replace(/\s/g, '')}
              rules={[
                {
                  validator: async (_, value: string | undefined) => {
                    if (!value) return;
                    const problem = gstinProblem(value);
                    if (problem) throw new Error(GSTIN_MESSAGES[problem]);
                  },
                },
              ]}
              extra="If registered; fills in your state."
            >
              <Input size="large" maxLength={15} placeholder="27AAPFU0939F1ZV" style={{ fontFamily: 'monospace' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="stateCode"
              label="State"
              dependencies={['gstin']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, value: string | undefined) => {
                    const gstin: string | undefined = getFieldValue('gstin');
                    if (value && gstin && isValidGstin(gstin) && stateCodeFromGstin(gstin) !== value) {
                      throw new Error("GSTIN does not match the business's state");
                    }
                  },
                }),
              ]}
            >
              <Select
                size="large"
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                placeholder="Choose a state"
                options={stateOptions}
              />
            </Form.Item>
          </Col>
        </Row>
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginBottom: 16 }} /> : null}
        <Button type="primary" htmlType="submit" size="large" block loading={busy}>
          Send code
        </Button>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 24, marginBottom: 0, textAlign: 'center' }}>
        Already have an account? <Link to={authPath('/login', next)}>Sign in</Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
