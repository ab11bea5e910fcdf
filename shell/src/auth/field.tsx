import { useId, useImperativeHandle, useLayoutEffect, useRef, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useHydrated } from './use-hydrated';

/** What a field hands its control: the id its label points at, and the texts that describe it. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldProps {
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string | null;
  /** Fixed text in the box before the control (the +91 of a mobile number); read out with the control. */
  prefix?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control of the sign-in pages, plain HTML: hint and error tied to the control for screen readers. */
export function Field({ label, optional = false, hint, error, prefix, children }: FieldProps) {
  const id = useId();
  const prefixId = `${id}-prefix`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [prefix && prefixId, hint && hintId, error && errorId].filter(Boolean).join(' ');
  const control = children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined });
  return (
    <div className="bahi-field">
      <label className="bahi-field__label" htmlFor={id}>
        {label}
        {optional ? <span className="bahi-field__optional"> (optional)</span> : null}
      </label>
      {prefix ? (
        <div className="bahi-affix">
          <span className="bahi-affix__prefix" id={prefixId}>
            {prefix}
          </span>
          {control}
        </div>
      ) : (
        control
      )}
      {hint ? (
        <p className="bahi-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="bahi-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'prefix' | 'id'>;

export interface TextFieldProps extends Omit<FieldProps, 'children'>, InputProps {
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input: `Field` around a plain `<input>`. On the prerendered sign-in pages a person can type before
 * the JavaScript has run; when React takes the page over, what the input holds becomes the value (`onChange`), so
 * nothing typed is lost and the caret stays where it was.
 */
export function TextField({ label, optional, hint, error, prefix, value, onChange, inputRef, className, ...input }: TextFieldProps) {
  const own = useRef<HTMLInputElement>(null);
  useImperativeHandle(inputRef, () => own.current!);
  useLayoutEffect(() => {
    const typed = own.current?.value;
    if (typed !== undefined && typed !== value) onChange(typed);
    // Once, on mount: afterwards the input and the value move together through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Field label={label} optional={optional} hint={hint} error={error} prefix={prefix}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={own}
          className={className ? `bahi-input ${className}` : 'bahi-input'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/**
 * The form's primary button; while busy it says so, and the form ignores further submits. On a prerendered page it
 * is disabled (and says why to screen readers) until the JavaScript has taken over, so the form cannot be sent
 * anywhere before it can be checked; it looks the same either way, so nothing flashes when it becomes ready.
 */
export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  const ready = useHydrated();
  const hintId = useId();
  return (
    <>
      <button
        type="submit"
        className="bahi-button bahi-button--primary"
        aria-disabled={busy}
        disabled={!ready}
        aria-describedby={ready ? undefined : hintId}
      >
        {busy ? busyLabel : children}
      </button>
      {ready ? null : (
        <span id={hintId} className="bahi-visually-hidden">
          Bahi is still loading; this button works in a moment.
        </span>
      )}
    </>
  );
}

/** A problem with the whole form rather than one field, announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p className="bahi-form__error" role="alert">
      {message}
    </p>
  );
}

/** Moves focus to the first field a failed submit marked invalid (call after the errors are on screen). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
