import type { ReactNode } from 'react';
import { Col, Form, Input, Row, Select } from 'antd';
import type { FormRule } from 'antd';
import { isValidGstin, panFromGstin, stateCodeFromGstin } from '@bahi/shared';
import type { FieldPath } from './form-errors';

/** Monospace text, for codes read character by character (item codes, GSTINs). */
export const MONOSPACE = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };
/** An input for an identifier typed character by character (GSTIN, PAN). */
export const ID_INPUT_STYLE = { ...MONOSPACE, letterSpacing: 0.5 };

/** Upper case without spaces: a PAN, GSTIN or prefix as typed or pasted ("27 aapfu 0939f 1zv"). */
export const upperNoSpaces = (v: string | undefined) => (v ?? '').toUpperCase().replace(/\s/g, '');
/** Caps length after cleaning, so a pasted "400 053" or "27 AAPFU 0939F 1ZV" is not cut short by maxLength. */
export const normalizePin = (v: string | undefined) => (v ?? '').replace(/\D/g, '').slice(0, 6);
export const normalizeGstin = (v: string | undefined) => upperNoSpaces(v).slice(0, 15);

/** A form's rule for one field, usually schemaRule over the contract's own schema. */
type FieldRule = (path: FieldPath) => FormRule;

export interface AddressFieldsProps {
  /** The form value holding the address: 'billing' gives billing.street, billing.stateCode, billing.pin. */
  name: string;
  /** Starts every label: 'Billing' gives 'Billing street', 'Billing state', 'Billing PIN code'; none gives 'Street'. */
  title?: string;
  rule: FieldRule;
  /** Every part must be given; an optional state can be cleared. */
  required?: boolean;
  /** The state choices, each valued by its GST state code. */
  stateOptions: { value: string; label: string }[];
  /** The state choices are still loading. */
  statesLoading?: boolean;
  streetMaxLength: number;
  /** Also asks for the city. */
  city?: { maxLength: number; placeholder: string };
  pinPlaceholder: string;
}

/** An Indian address: street, (city,) state as a searchable select, and the PIN code, cleaned as typed. */
export function AddressFields(props: AddressFieldsProps) {
  const { name, title, rule, required, city } = props;
  const label = (part: string) => (title ? `${title} ${part}` : part.charAt(0).toUpperCase() + part.slice(1));
  const item = (part: string, text: string) => ({ label: label(text), name: [name, part], required, rules: [rule([name, part])] });
  return (
    <>
      <Form.Item {...item('street', 'street')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={props.streetMaxLength} placeholder="Shop no., building, street, area" />
      </Form.Item>
      {/* With a city, city and state share a line and the PIN code takes the next; without, state and PIN share one (halves: "Billing PIN code (optional)" fits on one line beside the state). */}
      <Row gutter={16}>
        {city ? (
          <Col xs={24} sm={12}>
            <Form.Item {...item('city', 'city')}>
              <Input maxLength={city.maxLength} autoComplete="address-level2" placeholder={city.placeholder} />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} sm={12}>
          <Form.Item {...item('stateCode', 'state')} validateTrigger={['onBlur', 'onChange']}>
            <Select
              allowClear={!required}
              showSearch={{ optionFilterProp: 'label' }}
              options={props.stateOptions}
              loading={props.statesLoading}
              placeholder="Choose the state"
              aria-label={label('state')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item {...item('pin', 'PIN code')} normalize={normalizePin}>
            <Input inputMode="numeric" autoComplete="postal-code" placeholder={props.pinPlaceholder} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** A valid GSTIN's state and PAN, for the hint under the field. */
export interface GstinParts {
  stateCode: string;
  pan: string;
}

function GstinHint({ hint }: { hint: (parts: GstinParts | null) => ReactNode }) {
  const gstin = Form.useWatch('gstin', Form.useFormInstance()) as string | undefined;
  return <>{hint(gstin && isValidGstin(gstin) ? { stateCode: stateCodeFromGstin(gstin), pan: panFromGstin(gstin) } : null)}</>;
}

/**
 * The form's 'gstin' field: upper case, 15 characters, re-checked when `stateField` changes (a GSTIN names its
 * state); `hint` says what a valid one tells (or, given null, what it will fill in).
 */
export function GstinField({ rule, stateField, hint }: { rule: FieldRule; stateField: FieldPath; hint: (parts: GstinParts | null) => ReactNode }) {
  return (
    <Form.Item
      label="GSTIN"
      name="gstin"
      normalize={normalizeGstin}
      dependencies={[stateField]}
      rules={[rule(['gstin'])]}
      extra={<GstinHint hint={hint} />}
    >
      <Input placeholder="27AAPFU0939F1ZV" autoComplete="off" style={ID_INPUT_STYLE} />
    </Form.Item>
  );
}
