import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Button, Card, Col, Flex, Form, Input, Radio, Row, Select, Switch, Typography } from 'antd';
import type { FormInstance, FormRule } from 'antd';
import {
  CreatePartyRequest,
  PARTY_LIMITS,
  cacheKey,
  errorMessage,
  isApiError,
  isValidGstin,
  notify,
  panFromGstin,
  partyApi,
  revalidateArea,
  stateCodeFromGstin,
  stateName,
  type Party,
  type PartyType,
} from '@bahi/shared';
import { CategorySelect } from './category-select';
import { usePartyLocations } from './party-data';

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
  gstin?: string;
  panNumber?: string;
  creditPeriod?: string;
  creditLimit?: string;
  billing?: AddressValues;
  shippingSameAsBilling?: boolean;
  shipping?: AddressValues;
}

type FieldPath = string[];

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

/** Every schema problem of the values, by form field. */
export function schemaErrors(values: PartyFormValues): { name: FieldPath; errors: string[] }[] {
  const parsed = CreatePartyRequest.safeParse(toPartyRequest(values));
  if (parsed.success) return [];
  const byField = new Map<string, { name: FieldPath; errors: string[] }>();
  for (const issue of parsed.error.issues) {
    const name = formPathOf(issue.path);
    if (!name) continue;
    const entry = byField.get(name.join('.')) ?? { name, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byField.set(name.join('.'), entry);
  }
  return [...byField.values()];
}

/** The same contract the API validates with, so the form says exactly what the server would. */
const schemaRule =
  (path: FieldPath): FormRule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const mine = schemaErrors(getFieldsValue(true) as PartyFormValues).find((e) => e.name.join('.') === path.join('.'));
      if (mine) throw new Error(mine.errors[0]);
    },
  });

const digitsOnly = (v: string | undefined) => (v ?? '').replace(/\D/g, '');
/** Pasted numbers often carry +91 or a leading 0; the field holds the 10 digits. */
function normalizeMobile(v: string | undefined): string {
  const d = digitsOnly(v);
  if (d.length === 12 && d.startsWith('91')) return d.slice(2);
  if (d.length === 11 && d.startsWith('0')) return d.slice(1);
  return d.slice(0, 10);
}
const upper = (v: string | undefined) => (v ?? '').toUpperCase().replace(/\s/g, '');
const normalizePin = (v: string | undefined) => digitsOnly(v).slice(0, 6);
const normalizeAmount = (v: string | undefined) => (v ?? '').replace(/[^0-9.,-]/g, '');

/** Leaf paths of onValuesChange's changed values ({billing: {pin: '4'}} -> [['billing','pin']]). */
function changedPaths(changed: Record<string, unknown>, prefix: FieldPath = []): FieldPath[] {
  return Object.entries(changed).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? changedPaths(v as Record<string, unknown>, [...prefix, k]) : [[...prefix, k]],
  );
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', letterSpacing: 0.5 };

function GstinHint({ form }: { form: FormInstance }) {
  const gstin = Form.useWatch('gstin', form) as string | undefined;
  if (!gstin || !isValidGstin(gstin)) return <>Fills in the billing state and the PAN.</>;
  const code = stateCodeFromGstin(gstin);
  return (
    <>
      {stateName(code)} ({code}) · PAN {panFromGstin(gstin)}
    </>
  );
}

function AddressFields({ prefix, title }: { prefix: 'billing' | 'shipping'; title: string }) {
  const { data: locations } = usePartyLocations();
  const options = (locations ?? []).map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }));
  return (
    <>
      <Form.Item
        label={`${title} street`}
        name={[prefix, 'street']}
        rules={[schemaRule([prefix, 'street'])]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={PARTY_LIMITS.street} placeholder="Shop no., building, street, area" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={14}>
          <Form.Item
            label={`${title} state`}
            name={[prefix, 'stateCode']}
            validateTrigger={['onBlur', 'onChange']}
            rules={[schemaRule([prefix, 'stateCode'])]}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              options={options}
              loading={!locations}
              placeholder="Choose the state"
              aria-label={`${title} state`}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={10}>
          <Form.Item label={`${title} PIN code`} name={[prefix, 'pin']} normalize={normalizePin} rules={[schemaRule([prefix, 'pin'])]}>
            <Input inputMode="numeric" autoComplete="postal-code" placeholder="411001" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

export interface PartyFormProps {
  /** The party to edit; without it the form creates one. */
  party?: Party;
}

/**
 * Create or edit a party: every field of seed §3, checked with the API's own schema. Field errors show at the
 * field, other server errors as a notification; Save is disabled while saving; success lands on the detail.
 */
export function PartyForm({ party }: PartyFormProps) {
  // Untyped instance: field paths come from zod issues and server errors as plain string arrays.
  const [form] = Form.useForm();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [saving, setSaving] = useState(false);
  const editing = !!party;
  const shippingSame = Form.useWatch('shippingSameAsBilling', form) as boolean | undefined;

  const onValuesChange = (changed: Record<string, unknown>) => {
    if (typeof changed.gstin === 'string' && isValidGstin(changed.gstin)) {
      const gstin = changed.gstin;
      form.setFields([
        { name: ['billing', 'stateCode'], value: stateCodeFromGstin(gstin), errors: [] },
        { name: ['panNumber'], value: panFromGstin(gstin), errors: [] },
      ]);
    }
    // Fields validate on blur; once one shows an error it re-checks as the user fixes it.
    for (const path of changedPaths(changed)) {
      if (form.getFieldError(path).length) form.validateFields([path]).catch(() => undefined);
    }
    // A fix in one field can clear another's cross-field error (GSTIN vs state, PAN vs GSTIN).
    for (const path of [['gstin'], ['panNumber']]) {
      if (form.getFieldError(path).length) form.validateFields([path]).catch(() => undefined);
    }
  };

  const onFinish = async () => {
    const values = form.getFieldsValue(true) as PartyFormValues;
    const problems = schemaErrors(values);
    if (problems.length) {
      form.setFields(problems);
      form.scrollToField(problems[0].name);
      return;
    }
    setSaving(true);
    try {
      const body = toPartyRequest(values);
      const saved = editing ? await partyApi.update(party.id, body) : await partyApi.create(body);
      await mutate(cacheKey('parties', 'detail', saved.id), saved, { revalidate: false });
      void revalidateArea('parties');
      notify.success(editing ? `${saved.name} updated` : `${saved.name} created`);
      navigate(`/party/${saved.id}`);
    } catch (e) {
      const path = isApiError(e) ? formPathOf(e.field) : null;
      if (path && isApiError(e)) {
        form.setFields([{ name: path, errors: [e.message] }]);
        form.scrollToField(path);
      } else {
        notify.error(editing ? 'Could not update the party' : 'Could not create the party', { description: errorMessage(e) });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      name="party"
      layout="vertical"
      requiredMark="optional"
      validateTrigger="onBlur"
      initialValues={partyToFormValues(party)}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      disabled={saving}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Flex vertical gap={16}>
            <Card title="General Details">
              <Form.Item label="Party name" name="name" required rules={[schemaRule(['name'])]}>
                <Input autoFocus maxLength={PARTY_LIMITS.name} placeholder="e.g. Sharma Traders" autoComplete="off" />
              </Form.Item>
              <Form.Item label="Party type" name="partyType" required>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={[
                    { value: 'CUSTOMER', label: 'Customer' },
                    { value: 'SUPPLIER', label: 'Supplier' },
                  ]}
                />
              </Form.Item>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item label="Mobile number" name="mobileNumber" normalize={normalizeMobile} rules={[schemaRule(['mobileNumber'])]}>
                    <Input prefix="+91" inputMode="numeric" autoComplete="off" placeholder="98765 43210" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item label="Email" name="email" rules={[schemaRule(['email'])]}>
                    <Input inputMode="email" autoComplete="off" placeholder="accounts@example.in" />
                  </Form.Item>
                </Col>
              </Row>
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item label="Party category" name="categoryId" rules={[schemaRule(['categoryId'])]}>
                    <CategorySelect />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item
                    label="Opening balance"
                    name="openingBalance"
                    normalize={normalizeAmount}
                    rules={[schemaRule(['openingBalance'])]}
                    extra="What the party owes you today; negative if you owe them."
                  >
                    <Input prefix="₹" inputMode="decimal" placeholder="0.00" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
            <Card title="Credit Details">
              <Row gutter={16}>
                <Col xs={24} sm={12}>
                  <Form.Item label="Credit period" name="creditPeriod" normalize={(v) => digitsOnly(v)} rules={[schemaRule(['creditPeriod'])]}>
                    <Input inputMode="numeric" suffix="days" placeholder="0" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item label="Credit limit" name="creditLimit" normalize={normalizeAmount} rules={[schemaRule(['creditLimit'])]}>
                    <Input prefix="₹" inputMode="decimal" placeholder="No limit" />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="Business Details">
            <Row gutter={16}>
              <Col xs={24} sm={14}>
                <Form.Item
                  label="GSTIN"
                  name="gstin"
                  normalize={(v) => upper(v).slice(0, 15)}
                  dependencies={[['billing', 'stateCode']]}
                  rules={[schemaRule(['gstin'])]}
                  extra={<GstinHint form={form} />}
                >
                  <Input placeholder="27AAPFU0939F1ZV" autoComplete="off" style={mono} />
                </Form.Item>
              </Col>
              <Col xs={24} sm={10}>
                <Form.Item
                  label="PAN number"
                  name="panNumber"
                  normalize={(v) => upper(v).slice(0, 10)}
                  dependencies={['gstin']}
                  rules={[schemaRule(['panNumber'])]}
                >
                  <Input placeholder="AAPFU0939F" autoComplete="off" style={mono} />
                </Form.Item>
              </Col>
            </Row>
            <AddressFields prefix="billing" title="Billing" />
            <Form.Item>
              <Flex align="center" gap={12}>
                <Form.Item name="shippingSameAsBilling" valuePropName="checked" noStyle>
                  <Switch id="party_shippingSameAsBilling" />
                </Form.Item>
                <label htmlFor="party_shippingSameAsBilling">Shipping address same as billing</label>
              </Flex>
            </Form.Item>
            {shippingSame === false ? <AddressFields prefix="shipping" title="Shipping" /> : null}
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
        <Button onClick={() => navigate(editing ? `/party/${party.id}` : '/parties')} disabled={saving}>
          Cancel
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}
