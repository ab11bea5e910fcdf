import type { Ref } from 'react';
import { TextField } from './field';
import { normaliseMobile } from './phone';

interface PhoneFieldProps {
  value: string;
  onChange: (digits: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * "Mobile number" with a fixed +91: keeps the 10 digits of whatever is typed, pasted or autofilled
 * ("+91 98765 43210", "098765 43210"), and brings up the phone's number pad.
 */
export function PhoneField({ value, onChange, error, autoFocus = false, inputRef }: PhoneFieldProps) {
  return (
    <TextField
      label="Mobile number"
      prefix="+91"
      error={error}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      placeholder="98765 43210"
      value={value}
      onChange={(typed) => onChange(normaliseMobile(typed))}
      inputRef={inputRef}
      autoFocus={autoFocus}
    />
  );
}
