import { Button, Col, Divider, Flex, Form, Input, Radio, Row, Space, Switch, Typography } from 'antd';
import {
  CreateBranchRequest,
  INDIAN_STATES,
  branchApi,
  getSession,
  isValidGstin,
  mobileDigits,
  setActiveStoreBranch,
  stateCodeFromGstin,
  stateName,
  type Branch,
} from '@bahi/shared';
import {
  AddressFields,
  GstinField,
  fieldErrors,
  recheckShownErrors,
  schemaRule,
  upperNoSpaces,
  useRecordSave,
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
  /** Asked once a GSTIN is given. */
  registrationType?: 'REGULAR' | 'COMPOSITION';
  address?: { street?: string; city?: string; stateCode?: string; pin?: string };
  invoicePrefix?: string;
  isDefault?: boolean;
}

const ADDRESS_FIELDS = ['street', 'city', 'stateCode', 'pin'];
const TOP_FIELDS = ['name', 'phone', 'email', 'gstin', 'registrationType', 'invoicePrefix', 'isDefault'];

const STATE_OPTIONS = INDIAN_STATES.map((s) => ({ value: s.code, label: stateLabel(s.code, s.name) }));

export function branchToFormValues(branch?: Branch | null): BranchFormValues {
  if (!branch) return { isDefault: false };
  const v = (s: string | null) => s ?? undefined;
  return {
    name: branch.name,
    phone: v(branch.phone),
    email: v(branch.email),
    gstin: v(branch.gstin),
    registrationType: branch.registrationType ?? undefined,
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
    // A branch without its own GSTIN issues under the business's registration.
    registrationType: values.gstin ? values.registrationType : undefined,
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
  const editing = !!branch;
  const { saving, shortcut, save, formProps } = useRecordSave<Branch>({
    form,
    noun: 'branch',
    area: 'branches',
    editing,
    fieldOf: formPathOf,
    stored: (saved) => {
      if (getSession().activeStoreBranch?.id === saved.id) setActiveStoreBranch(saved);
    },
    done: onSaved,
  });

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
    await save(() => (editing ? branchApi.update(branch.id, parsed.data) : branchApi.create(parsed.data)));
  };

  return (
    <Form
      {...formProps}
      name="branch"
      initialValues={branchToFormValues(branch)}
      onValuesChange={onValuesChange}
      onFinish={onFinish}
      scrollToFirstError
      style={{ display: 'flex', flexDirection: 'column', minHeight: '100%' }}
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
        <GstinField
          rule={rule}
          stateField={['address', 'stateCode']}
          hint={(gstin) =>
            gstin ? (
              <>
                PAN {gstin.pan} · {stateLabel(gstin.stateCode, stateName(gstin.stateCode) ?? '')}
              </>
            ) : (
              <>The state is filled in from its first two digits.</>
            )
          }
        />
        <Form.Item noStyle dependencies={['gstin']}>
          {() =>
            form.getFieldValue('gstin') ? (
              <Form.Item
                label="Registered as"
                name="registrationType"
                required
                rules={[rule(['registrationType'])]}
                extra="A composition branch issues bills of supply and charges no GST."
              >
                <Radio.Group
                  options={[
                    { value: 'REGULAR', label: 'Regular (tax invoices)' },
                    { value: 'COMPOSITION', label: 'Composition (bills of supply)' },
                  ]}
                />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <Form.Item
          label="Invoice prefix"
          name="invoicePrefix"
          normalize={upperNoSpaces}
          rules={[rule(['invoicePrefix'])]}
          extra="Starts every invoice number of this branch, e.g. AND/ gives AND/0001."
        >
          <Input maxLength={8} placeholder="AND/" autoComplete="off" style={{ maxWidth: 200 }} />
        </Form.Item>

        <Divider titlePlacement="start" plain>
          <Typography.Text strong>Address</Typography.Text>
        </Divider>
        <AddressFields
          name="address"
          rule={rule}
          required
          stateOptions={STATE_OPTIONS}
          streetMaxLength={200}
          city={{ maxLength: 80, placeholder: 'Mumbai' }}
          pinPlaceholder="400058"
        />

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
