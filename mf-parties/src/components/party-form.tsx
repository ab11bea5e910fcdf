import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Button, Card, Col, Flex, Form, Input, Radio, Row, Select, Switch, Typography } from 'antd';
import {
  CreatePartyRequest,
  PARTY_BOUNDS,
  PARTY_LIMITS,
  PARTY_REGISTRATION_LABELS,
  PARTY_REGISTRATION_TYPES,
  PARTY_TYPES,
  cacheKey,
  isValidGstin,
  mobileDigits,
  panFromGstin,
  partyApi,
  stateCodeFromGstin,
  stateName,
  type Party,
  type PartyRegistrationType,
  type PartyType,
} from '@bahi/shared';
import {
  AddressFields,
  BoundedDecimal,
  GstinField,
  ID_INPUT_STYLE,
  fieldErrors,
  recheckShownErrors,
  schemaRule,
  upperNoSpaces,
  useRecordSave,
  useUnsavedChanges,
  type FieldErrors,
  type FieldPath,
} from '@bahi/shared/ui';
import { CategorySelect } from './category-select';
import { partyTypeLabel, usePartyLocations } from './party-data';

interface AddressValues {
  street?: string;
  stateCode?: string;
  pin?: string;
}

/** What the form holds: text as typed (amounts too, so the schema judges them exactly as the API will). */
export interface PartyFormValues {
  name?: string;
  partyType?: PartyType;
  mobileNumber?: string;
  email?: string;
  categoryId?: string;
  openingBalance?: string;
  /** Empty: the API takes REGULAR with a GSTIN, UNREGISTERED without. */
  registrationType?: PartyRegistrationType;
  gstin?: string;
  panNumber?: string;
  creditPeriod?: string;
  creditLimit?: string;
  billing?: AddressValues;
  shippingSameAsBilling?: boolean;
  shipping?: AddressValues;
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : String(v));

export function partyToFormValues(party?: Party | null): PartyFormValues {
  if (!party) return { partyType: 'CUSTOMER', shippingSameAsBilling: true };
  const address = (a: Party['billingAddress']): AddressValues => ({
    street: text(a?.miscData.ad),
    stateCode: text(a?.miscData.stateCode),
    pin: text(a?.miscData.pin),
  });
  const same = !party.shippingAddress || party.billingAddress?.id === party.shippingAddress.id;
  return {
    name: party.name,
    partyType: party.partyType,
    mobileNumber: text(party.mobileNumber),
    email: text(party.email),
    categoryId: party.partyCatagory?.id,
    openingBalance: text(party.openingBalance),
    registrationType: party.registrationType,
    gstin: text(party.gstin),
    panNumber: text(party.panNumber),
    creditPeriod: text(party.creditPeriod),
    creditLimit: text(party.creditLimit),
    billing: address(party.billingAddress),
    shippingSameAsBilling: same,
    shipping: same ? {} : address(party.shippingAddress),
  };
}

/** The request the API receives; required fields missing are '' so the schema names them. */
export function toPartyRequest(v: PartyFormValues): CreatePartyRequest {
  const misc = (a: AddressValues | undefined) => ({ ad: a?.street ?? null, st: a?.stateCode ?? null, pin: a?.pin ?? null });
  const same = v.shippingSameAsBilling !== false;
  return {
    name: v.name ?? '',
    partyType: (v.partyType ?? '') as PartyType,
    mobileNumber: v.mobileNumber ?? null,
    email: v.email ?? null,
    partyCatagory: v.categoryId ?? null,
    openingBalance: v.openingBalance ?? null,
    registrationType: v.registrationType ?? null,
    gstin: v.gstin ?? null,
    panNumber: v.panNumber ?? null,
    creditPeriod: v.creditPeriod ?? null,
    creditLimit: v.creditLimit ?? null,
    billingAddress: { type: same ? 'BOTH' : 'BILLING', miscData: misc(v.billing) },
    shippingAddress: same ? null : { type: 'SHIPPING', miscData: misc(v.shipping) },
  };
}

const ADDRESS_KEYS: Record<string, string> = { ad: 'street', st: 'stateCode', pin: 'pin' };
const TOP_FIELDS = [
  'name',
  'partyType',
  'mobileNumber',
  'email',
  'openingBalance',
  'registrationType',
  'gstin',
  'panNumber',
  'creditPeriod',
  'creditLimit',
];

/** The form field an API or schema path names ('billingAddress.miscData.pin' -> billing.pin), or null. */
export function formPathOf(field: string | readonly PropertyKey[] | undefined): FieldPath | null {
  if (!field) return null;
  const parts = (typeof field === 'string' ? field.split('.') : field.map(String)).filter(Boolean);
  if (parts[0] === 'billingAddress' || parts[0] === 'shippingAddress') {
    const leaf = ADDRESS_KEYS[parts[parts.length - 1]];
    return leaf ? [parts[0] === 'billingAddress' ? 'billing' : 'shipping', leaf] : null;
  }
  if (parts.length === 1 && parts[0] === 'partyCatagory') return ['categoryId'];
  if (parts.length === 1 && TOP_FIELDS.includes(parts[0])) return [parts[0]];
  return null;
}

/** Every problem the API's own schema finds in the values, by form field. */
export function schemaErrors(values: PartyFormValues): FieldErrors[] {
  const parsed = CreatePartyRequest.safeParse(toPartyRequest(values));
  return parsed.success ? [] : fieldErrors(parsed.error.issues, formPathOf);
}
const rule = (path: FieldPath) => schemaRule(schemaErrors, path);

/** The billing or shipping address; its states are the API's list, shown as "Maharashtra (27)". */
function PartyAddress({ prefix, title }: { prefix: 'billing' | 'shipping'; title: string }) {
  const { data: locations } = usePartyLocations();
  const options = (locations ?? []).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
  return (
    <AddressFields
      name={prefix}
      title={title}
      rule={rule}
      stateOptions={options}
      statesLoading={!locations}
      streetMaxLength={PARTY_LIMITS.street}
      pinPlaceholder="411001"
    />
  );
}

export interface PartyFormProps {
  /** The party to edit; without it the form creates one. */
  party?: Party;
}

/**
 * Create or edit a party: every field of a party, checked with the API's own schema. Field errors show at the
 * field, other server errors as a notification; Save is disabled while saving; success lands on the detail.
 */
export function PartyForm({ party }: PartyFormProps) {
  // Untyped instance: field paths come from zod issues and server errors as plain string arrays.
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(dirty);
  const editing = !!party;
  const { saving, shortcut, save, formProps } = useRecordSave<Party>({
    form,
    noun: 'party',
    area: 'parties',
    editing,
    fieldOf: formPathOf,
    stored: (saved) => mutate(cacheKey('parties', 'detail', saved.id), saved, { revalidate: false }),
    done: (saved) => {
      unsaved.markSaved();
      navigate(`/party/${saved.id}`);
    },
  });
  const shippingSame = Form.useWatch('shippingSameAsBilling', form) as boolean | undefined;

  const onValuesChange = (changed: Record<string, unknown>) => {
    setDirty(true);
    if (typeof changed.gstin === 'string' && isValidGstin(changed.gstin)) {
      const gstin = changed.gstin;
      form.setFields([
        { name: ['billing', 'stateCode'], value: stateCodeFromGstin(gstin), errors: [] },
        { name: ['panNumber'], value: panFromGstin(gstin), errors: [] },
      ]);
    }
    // A fix in one field can clear another's cross-field error (GSTIN vs state, PAN vs GSTIN).
    // The registration type decides whether a GSTIN (or a UIN) is needed and where an overseas party is.
    recheckShownErrors(form, changed, [['gstin'], ['panNumber'], ['registrationType'], ['billing', 'stateCode'], ['shipping', 'stateCode']]);
  };

  const onFinish = async () => {
    const values = form.getFieldsValue(true) as PartyFormValues;
    const problems = schemaErrors(values);
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0].name);
      return;
    }
    const body = toPartyRequest(values);
    await save(() => (editing ? partyApi.update(party.id, body) : partyApi.create(body)));
  };

  return (
    <Form
      {...formProps}
      name="party"
      initialValues={partyToFormValues(party)}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
    >
      {unsaved.guard}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card title="General Details">
              <Form.Item label="Party name" name="name" required rules={[rule(['name'])]}>
                <Input autoFocus maxLength={PARTY_LIMITS.name} placeholder="e.g. Sharma Traders" autoComplete="off" />
              </Form.Item>
              <Form.Item label="Party type" name="partyType" required>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={PARTY_TYPES.map((value) => ({ value, label: partyTypeLabel(value) }))}
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item label="Mobile number" name="mobileNumber" normalize={mobileDigits} rules={[rule(['mobileNumber'])]}>
                    <Input prefix="+91" inputMode="numeric" autoComplete="off" placeholder="98765 43210" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item label="Email" name="email" rules={[rule(['email'])]}>
                    <Input inputMode="email" autoComplete="off" placeholder="accounts@example.in" />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item label="Party category" name="categoryId" rules={[rule(['categoryId'])]}>
                    <CategorySelect />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    label="Opening balance"
                    name="openingBalance"
                    rules={[rule(['openingBalance'])]}
                    extra="What the party owes you today; negative if you owe them."
                  >
                    <BoundedDecimal bounds={PARTY_BOUNDS.openingBalance} rupees inputMode="decimal" placeholder="0.00" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card title="Credit Details">
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item label="Credit period" name="creditPeriod" rules={[rule(['creditPeriod'])]}>
                    <BoundedDecimal bounds={PARTY_BOUNDS.creditPeriod} inputMode="numeric" suffix="days" placeholder="0" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item label="Credit limit" name="creditLimit" rules={[rule(['creditLimit'])]}>
                    <BoundedDecimal bounds={PARTY_BOUNDS.creditLimit} rupees inputMode="decimal" placeholder="No limit" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Business Details">
            <Form.Item
              label="GST registration"
              name="registrationType"
              rules={[rule(['registrationType'])]}
              extra="SEZ and overseas sales are zero-rated (IGST, or none under an LUT); a UIN holder's UIN goes in the GSTIN field."
            >
              <Select
                allowClear
                placeholder="Registered if a GSTIN is given, else unregistered"
                options={PARTY_REGISTRATION_TYPES.map((value) => ({ value, label: PARTY_REGISTRATION_LABELS[value] }))}
              />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} sm={14}>
                <GstinField
                  rule={rule}
                  stateField={['billing', 'stateCode']}
                  hint={(gstin) =>
                    gstin ? (
                      <>
                        {stateName(gstin.stateCode)} ({gstin.stateCode}) · PAN {gstin.pan}
                      </>
                    ) : (
                      <>Fills in the billing state and the PAN.</>
                    )
                  }
                />
              </Col>
              <Col xs={24} sm={10}>
                <Form.Item
                  label="PAN number"
                  name="panNumber"
                  normalize={(v) => upperNoSpaces(v).slice(0, 10)}
                  dependencies={['gstin']}
                  rules={[rule(['panNumber'])]}
                >
                  <Input placeholder="AAPFU0939F" autoComplete="off" style={ID_INPUT_STYLE} />
                </Form.Item>
              </Col>
            </Row>
            <PartyAddress prefix="billing" title="Billing" />
            <Form.Item>
              <Flex align="center" gap={12}>
                <Form.Item name="shippingSameAsBilling" valuePropName="checked" noStyle>
                  <Switch id="party_shippingSameAsBilling" />
                </Form.Item>
                <label htmlFor="party_shippingSameAsBilling">Shipping address same as billing</label>
              </Flex>
            </Form.Item>
            {shippingSame === false ? <PartyAddress prefix="shipping" title="Shipping" /> : null}
          </Card>
        </Col>
      </Row>
      <Flex
        justify="end"
        gap={8}
        style={{
          position: 'sticky',
          bottom: 0,
          background: 'var(--ant-color-bg-layout, #f5f5f5)',
          padding: '12px 0',
          marginTop: 16,
          zIndex: 2,
        }}
      >
        <Typography.Text type="secondary" style={{ marginRight: 'auto', alignSelf: 'center' }}>
          Only the party name and type are required.
        </Typography.Text>
        <Button onClick={() => unsaved.confirmDiscard(() => navigate(editing ? `/party/${party.id}` : '/parties'))} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving} {...shortcut.button}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
