import { useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { Link } from 'react-router-dom';
import { INDIAN_STATES, SignupRequest, authApi, isValidGstin, stateCodeFromGstin } from '@bahi/shared';
import { AuthLayout } from './auth-layout';
import { Field, FormError, SubmitButton, TextField, focusFirstInvalid } from './field';
import { authPath } from './next-path';
import { OtpStep } from './otp-step';
import { PhoneField } from './phone-field';
import { useReturnPath } from './return-path';
import { useSendCode } from './use-send-code';

interface SignupValues {
  name: string;
  businessName: string;
  mobileNumber: string;
  gstin: string;
  stateCode: string;
  /** Asked with a GSTIN only. */
  registrationType: 'REGULAR' | 'COMPOSITION';
}
type SignupErrors = Partial<Record<keyof SignupValues, string>>;

const EMPTY: SignupValues = { name: '', businessName: '', mobileNumber: '', gstin: '', stateCode: '', registrationType: 'REGULAR' };
/** The state decides the tax of every bill (and a branch's place of supply), so the first invoice needs it. */
export const STATE_REQUIRED = 'Choose your state: it decides the GST on your bills';
const FIELDS = Object.keys(EMPTY);
/** Who signs up: the owner and the business, side by side. */
const WHO = [
  { field: 'name', label: 'Your name', autoComplete: 'name', placeholder: 'Asha Patil', maxLength: 80 },
  { field: 'businessName', label: 'Business name', autoComplete: 'organization', placeholder: 'Patil Traders', maxLength: 120 },
] as const;

/** /signup: the business and its owner, checked by the API's own contract, then the one-time code. */
export function SignupPage() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<SignupErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const code = useSendCode(authApi.signup, 'Could not create the account.');
  const next = useReturnPath();

  if (code.sent) return <OtpStep purpose="signup" sent={code.sent} onChangeNumber={code.changeNumber} />;

  const set = (field: keyof SignupValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const setGstin = (raw: string) => {
    const gstin = raw.toUpperCase().replace(/\s/g, '');
    // A GSTIN names its state in its first two digits.
    setValues((v) => ({ ...v, gstin, stateCode: isValidGstin(gstin) ? stateCodeFromGstin(gstin) : v.stateCode }));
  };
  const serverField = code.problem?.field && FIELDS.includes(code.problem.field) ? (code.problem.field as keyof SignupValues) : null;
  const errorOf = (field: keyof SignupValues) => errors[field] ?? (serverField === field ? code.problem?.message : null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (code.busy) return;
    const { registrationType, ...rest } = values;
    const checked = SignupRequest.safeParse(values.gstin.trim() ? { ...rest, registrationType } : rest);
    const found: SignupErrors = {};
    for (const issue of checked.error?.issues ?? []) found[issue.path[0] as keyof SignupValues] ??= issue.message;
    if (!values.stateCode) found.stateCode ??= STATE_REQUIRED;
    flushSync(() => setErrors(found));
    if (checked.success && !found.stateCode) void code.send(checked.data);
    else focusFirstInvalid(formRef.current);
  };

  return (
    <AuthLayout title="Create your account" subtitle="Free to start. Your first store branch is set up for you.">
      <form ref={formRef} className="bahi-form" noValidate onSubmit={submit} aria-busy={code.busy}>
        <div className="bahi-form__row">
          {WHO.map(({ field, ...input }, i) => (
            <TextField key={field} {...input} error={errorOf(field)} value={values[field]} onChange={set(field)} autoFocus={i === 0} />
          ))}
        </div>
        <PhoneField value={values.mobileNumber} onChange={set('mobileNumber')} error={errorOf('mobileNumber')} />
        <div className="bahi-form__row">
          <TextField
            label="GSTIN"
            optional
            hint="If registered; fills in your state."
            error={errorOf('gstin')}
            className="bahi-input--code"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="27AAPFU0939F1ZV"
            maxLength={15}
            value={values.gstin}
            onChange={setGstin}
          />
          <Field label="State" error={errorOf('stateCode')}>
            {(control) => (
              <select {...control} className="bahi-input" value={values.stateCode} onChange={(e) => set('stateCode')(e.target.value)}>
                <option value="">Choose a state</option>
                {INDIAN_STATES.map((s) => (
                  <option key={s.code} value={s.code}>
                    {s.code} - {s.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        {isValidGstin(values.gstin) ? (
          <fieldset className="bahi-form__choice">
            <legend>Registered as</legend>
            {(
              [
                ['REGULAR', 'Regular taxpayer', 'Tax invoices with GST'],
                ['COMPOSITION', 'Composition scheme', 'Bills of supply, tax paid on turnover'],
              ] as const
            ).map(([value, label, hint]) => (
              <label key={value}>
                <input
                  type="radio"
                  name="registrationType"
                  value={value}
                  checked={values.registrationType === value}
                  onChange={() => setValues((v) => ({ ...v, registrationType: value }))}
                />{' '}
                {label} <span className="bahi-form__hint">· {hint}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <FormError message={serverField ? null : code.problem?.message} />
        <SubmitButton busy={code.busy} busyLabel="Sending code…">
          Send code
        </SubmitButton>
      </form>
      <p className="bahi-auth__switch">
        Already have an account? <Link to={authPath('/login', next)}>Sign in</Link>
      </p>
    </AuthLayout>
  );
}
