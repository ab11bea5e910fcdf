import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { LoginRequest, authApi } from '@bahi/shared';
import { AuthLayout } from './auth-layout';
import { FormError, SubmitButton } from './field';
import { authPath } from './next-path';
import { OtpStep } from './otp-step';
import { PhoneField } from './phone-field';
import { useReturnPath, useSignInState } from './return-path';
import { useSendCode } from './use-send-code';

/** /login: mobile number, then the one-time code. */
export function LoginPage() {
  const [mobileNumber, setMobileNumber] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const phoneRef = useRef<HTMLInputElement>(null);
  const code = useSendCode(authApi.login, 'Could not send the code.');
  const next = useReturnPath();
  const { ended } = useSignInState();

  if (code.sent) return <OtpStep purpose="login" sent={code.sent} onChangeNumber={code.changeNumber} />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.busy) return;
    const checked = LoginRequest.safeParse({ mobileNumber });
    setInvalid(checked.success ? null : checked.error.issues[0].message);
    if (checked.success) void code.send(checked.data);
    else phoneRef.current?.focus();
  };

  return (
    <AuthLayout title="Sign in to Bahi" subtitle="We will send a 6-digit code to your mobile.">
      {ended ? (
        <p className="bahi-form__notice" role="status">
          Your session has ended. Sign in again to go back to where you were.
        </p>
      ) : null}
      <form className="bahi-form" noValidate onSubmit={submit} aria-busy={code.busy}>
        <PhoneField
          value={mobileNumber}
          onChange={setMobileNumber}
          error={invalid ?? (code.problem?.field === 'mobileNumber' ? code.problem.message : null)}
          inputRef={phoneRef}
          autoFocus
        />
        <FormError message={code.problem?.field === 'mobileNumber' ? null : code.problem?.message} />
        <SubmitButton busy={code.busy} busyLabel="Sending code…">
          Send code
        </SubmitButton>
      </form>
      <p className="bahi-auth__switch">
        New to Bahi? <Link to={authPath('/signup', next)}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}
