import { useState } from 'react';
import { Button, Col, Divider, Flex, Form, Input, Row, Select, Space, Switch, Typography } from 'antd';
import type { FormInstance } from 'antd';
import {
  CreateBranchRequest,
  INDIAN_STATES,
  branchApi,
  getSession,
  isValidGstin,
  mobileDigits,
  panFromGstin,
  revalidateArea,
  setActiveStoreBranch,
  stateCodeFromGstin,
  stateName,
  type Branch,
} from '@bahi/shared';
import {
  fieldErrors,
  notify,
  recheckShownErrors,
  reportSaveError,
  schemaRule,
  useSaveShortcut,
  type FieldErrors,
  type FieldPath,
} from '@bahi/shared/ui';
import { stateLabel } from './branch-data';

/** What the form holds; everything is optional while the user types. */
export interface BranchFormValues {
  name?: string;
  phone?: string;
  email?: string;
  gstin?: string;
  address?: { street?: string; city?: string; stateCode?: string; pin?: string };
  invoicePrefix?: string;
  isDefault?: boolean;
}

const ADDRESS_FIELDS = ['street', 'city', 'stateCode', 'pin'];
const TOP_FIELDS = ['name', 'phone', 'email', 'gstin', 'invoicePrefix', 'isDefault'];

const STATE_OPTIONS = INDIAN_STATES.map((s) => ({ value: s.code, label: stateLabel(s.code, s.name) }));

export function branchToFormValues(branch?: Branch | null): BranchFormValues {
  if (!branch) return { isDefault: false };
  const v = (s: string | null) => s ?? undefined;
  return {
    name: branch.name,
    phone: v(branch.phone),
    email: v(branch.email),
    gstin: v(branch.gstin),
    address: {
      street: v(branch.address.street),
      city: v(branch.address.city),
      stateCode: v(branch.address.stateCode),
      pin: v(branch.address.pin),
    },
    invoicePrefix: v(branch.invoicePrefix),
    isDefault: branch.isDefault,
  };
}

/** The request the API would receive; empty required fields are '' so the schema names them. */
function toRequest(values: BranchFormValues): CreateBranchRequest {
  const a = values.address ?? {};
  return {
    name: values.name ?? '',
    phone: values.phone,
    email: values.email,
    gstin: values.gstin,
    address: { street: a.street ?? '', city: a.city ?? '', stateCode: a.stateCode ?? '', pin: a.pin ?? '' },
    invoicePrefix: values.invoicePrefix,
    isDefault: !!values.isDefault,
  };
}

/** Every problem the API's own schema finds in the values, by form field (the schema's paths are the form's). */
function schemaErrors(values: BranchFormValues): FieldErrors[] {
  const parsed = CreateBranchRequest.safeParse(toRequest(values));
  return parsed.success ? [] : fieldErrors(parsed.error.issues);
}
const rule = (path: FieldPath) => schemaRule(schemaErrors, path);

/** The form field a server error names ('gstin', 'address.pin', 'pin'), or null when it names none we show. */
export function formPathOf(field: string | undefined): FieldPath | null {
  if (!field) return null;
  const parts = field.split('.').filter(Boolean);
  const leaf = parts[parts.length - 1] === 'state' ? 'stateCode' : parts[parts.length - 1];
  if (parts.length === 2 && parts[0] === 'address' && ADDRESS_FIELDS.includes(leaf)) return ['address', leaf];
  if (parts.length === 1 && ADDRESS_FIELDS.includes(leaf)) return ['address', leaf];
  if (parts.length === 1 && TOP_FIELDS.includes(leaf)) return [leaf];
  return null;
}

const upper = (v: string | undefined) => (v ?? '').toUpperCase().replace(/\s/g, '');
/** Caps length after cleaning, so a pasted "400 053" or "27 AAPFU 0939F 1ZV" is not cut short by maxLength. */
const normalizePin = (v: string | undefined) => (v ?? '').replace(/\D/g, '').slice(0, 6);
const normalizeGstin = (v: string | undefined) => upper(v).slice(0, 15);

function GstinHint({ form }: { form: FormInstance }) {
  const gstin = Form.useWatch('gstin', form);
  if (!gstin || !isValidGstin(gstin)) return <>The state is filled in from its first two digits.</>;
  const code = stateCodeFromGstin(gstin);
  return (
    <>
      PAN {panFromGstin(gstin)} · {stateLabel(code, stateName(code) ?? '')}
    </>
  );
}

export interface BranchFormProps {
  /** The branch to edit; without it the form creates one. */
  branch?: Branch;
  onSaved: (branch: Branch) => void;
  onCancel?: () => void;
  /** The user changed something (the container guards unsaved changes). */
  onEdit?: () => void;
}

/** Create or edit a store branch. Enter, Ctrl+Enter or Ctrl+S submits; the first field has focus. */
export function BranchForm({ branch, onSaved, onCancel, onEdit }: BranchFormProps) {
  // Untyped instance: field paths come from zod issues and server errors as plain string arrays.
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const shortcut = useSaveShortcut(() => form.submit(), !saving);
  const editing = !!branch;

  const onValuesChange = (changed: Record<string, unknown>) => {
    onEdit?.();
    if (typeof changed.gstin === 'string' && isValidGstin(changed.gstin)) {
      const code = stateCodeFromGstin(changed.gstin);
      if (form.getFieldValue(['address', 'stateCode']) !== code) {
        form.setFields([{ name: ['address', 'stateCode'], value: code, errors: [] }]);
      }
    }
    recheckShownErrors(form, changed);
  };

  const onFinish = async (values: BranchFormValues) => {
    const parsed = CreateBranchRequest.safeParse(toRequest(values));
    if (!parsed.success) {
      form.setFields(fieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const saved = editing ? await branchApi.update(branch.id, parsed.data) : await branchApi.create(parsed.data);
      if (getSession().activeStoreBranch?.id === saved.id) setActiveStoreBranch(saved);
      void revalidateArea('branches');
      notify.success(editing ? `${saved.name} updated` : `${saved.name} created`);
      onSaved(saved);
    } catch (e) {
      reportSaveError(form, e, formPathOf, editing ? 'Could not update the branch' : 'Could not create the branch');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      form={form}
      name="branch"
      layout="vertical"
      requiredMark="optional"
      validateTrigger="onBlur"
      initialValues={branchToFormValues(branch)}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      scrollToFirstError
      disabled={saving}
      style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}
      {...shortcut.form}
    >
      <div style={{ flex: 1 }}>
        <Form.Item label="Branch name" name="name" required rules={[rule(['name'])]}>
          <Input autoFocus placeholder="e.g. Andheri West store" maxLength={80} autoComplete="off" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="Phone" htmlFor="branch_phone">
              <Space.Compact block>
                <Space.Addon>+91</Space.Addon>
                <Form.Item name="phone" noStyle normalize={mobileDigits} rules={[rule(['phone'])]}>
                  <Input inputMode="numeric" autoComplete="tel-national" placeholder="98765 43210" />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label="Email" name="email" rules={[rule(['email'])]}>
              <Input inputMode="email" autoComplete="email" placeholder="branch@example.in" />
            </Form.Item>
          </Col>
        </Row>

        <Divider titlePlacement="start" plain>
          <Typography.Text strong>GST and invoices</Typography.Text>
        </Divider>
        <Form.Item
          label="GSTIN"
          name="gstin"
          normalize={normalizeGstin}
          dependencies={[['address', 'stateCode']]}
          rules={[rule(['gstin'])]}
          extra={<GstinHint form={form} />}
        >
          <Input
            placeholder="27AAPFU0939F1ZV"
            autoComplete="off"
            style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', letterSpacing: 0.5 }}
          />
        </Form.Item>
        <Form.Item
          label="Invoice prefix"
          name="invoicePrefix"
          normalize={upper}
          rules={[rule(['invoicePrefix'])]}
          extra="Starts every invoice number of this branch, e.g. AND/ gives AND/0001."
        >
          <Input maxLength={8} placeholder="AND/" autoComplete="off" style={{ maxWidth: 200 }} />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          <Typography.Text strong>Address</Typography.Text>
        </Divider>
        <Form.Item label="Street" name={['address', 'street']} required rules={[rule(['address', 'street'])]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={200} placeholder="Shop no., building, street, area" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label="City" name={['address', 'city']} required rules={[rule(['address', 'city'])]}>
              <Input maxLength={80} autoComplete="address-level2" placeholder="Mumbai" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              label="State"
              name={['address', 'stateCode']}
              required
              validateTrigger={['onBlur', 'onChange']}
              rules={[rule(['address', 'stateCode'])]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                options={STATE_OPTIONS}
                placeholder="Choose the state"
                aria-label="State"
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              label="PIN code"
              name={['address', 'pin']}
              required
              normalize={normalizePin}
              rules={[rule(['address', 'pin'])]}
            >
              <Input inputMode="numeric" autoComplete="postal-code" placeholder="400058" />
            </Form.Item>
          </Col>
        </Row>

        <Form.Item extra="The business's main branch.">
          <Flex align="center" gap={12}>
            <Form.Item name="isDefault" valuePropName="checked" noStyle>
              <Switch id="branch_isDefault" />
            </Form.Item>
            <label htmlFor="branch_isDefault">Default branch</label>
          </Flex>
        </Form.Item>
      </div>

      <Flex
        justify="end"
        gap={8}
        style={{
          position: 'sticky',
          bottom: 0,
          background: 'var(--ant-color-bg-elevated, #fff)',
          borderTop: '1px solid var(--ant-color-split, #f0f0f0)',
          padding: '12px 0',
          marginTop: 8,
          zIndex: 1,
        }}
      >
        {onCancel ? (
          <Button onClick={onCancel}>Cancel</Button>
        ) : null}
        <Button type="primary" htmlType="submit" loading={saving} {...shortcut.button}>
          {editing ? 'Save changes' : 'Create branch'}
        </Button>
      </Flex>
    </Form>
  );
}
