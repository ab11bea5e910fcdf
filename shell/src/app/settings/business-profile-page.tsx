import { useEffect, useMemo, useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Card, Checkbox, Col, Flex, Form, Input, Result, Row, Select, Skeleton, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, SaveOutlined, UploadOutlined } from '@ant-design/icons';
import {
  BUSINESS_IMAGE_MAX_BYTES,
  BUSINESS_PROFILE_MESSAGES,
  INDIAN_STATES,
  UpdateBusinessProfileRequest,
  accountApi,
  businessProfileApi,
  cacheKey,
  errorMessage,
  useCan,
  type BusinessImageKind,
  type BusinessProfile,
} from '@bahi/shared';
import { PageHeader, fieldErrors, notify, recheckShownErrors, reportSaveError, schemaRule, type FieldErrors } from '@bahi/shared/ui';

const STATE_OPTIONS = INDIAN_STATES.map((s) => ({ value: s.code, label: `${s.code} - ${s.name}` }));
const THERMAL_OPTIONS = [
  { value: 'thermal80', label: '80 mm roll' },
  { value: 'thermal58', label: '58 mm roll' },
];

interface FormValues {
  legalName?: string;
  tradeName?: string;
  address?: { street?: string; city?: string; stateCode?: string; pin?: string };
  phone?: string;
  email?: string;
  upiId?: string;
  payeeName?: string;
  bankAccountId?: string;
  terms?: string;
  notes?: string;
  print: { showHsnSummary: boolean; showItemImages: boolean; thermalWidth: 'thermal80' | 'thermal58' };
}

function toFormValues(p: BusinessProfile): FormValues {
  return {
    legalName: p.legalName,
    tradeName: p.tradeName ?? '',
    address: p.address ?? {},
    phone: p.phone ?? '',
    email: p.email ?? '',
    upiId: p.upiId ?? '',
    payeeName: p.payeeName ?? '',
    bankAccountId: p.bankAccount?.id,
    terms: p.terms ?? '',
    notes: p.notes ?? '',
    print: p.print,
  };
}

/** An address with every part blank is no address; the other fields go as typed (blank clears). */
function toRequest(v: FormValues): Record<string, unknown> {
  const address = v.address && Object.values(v.address).some((x) => x) ? v.address : undefined;
  return { ...v, address };
}

/** The form checked by the contract's own schema, so it says what the API would. */
const check = (values: FormValues): FieldErrors[] => {
  const parsed = UpdateBusinessProfileRequest.safeParse(toRequest(values));
  return parsed.success ? [] : fieldErrors(parsed.error.issues);
};
const rule = (...name: string[]) => [schemaRule<FormValues>(check, name)];

interface PickedImage {
  file: File | null;
  preview: string | null;
  remove: boolean;
}

/** A logo or signature picker: the current image, a new one's preview, Remove; PNG or JPEG up to 1 MB. */
function ImagePicker({ kind, label, current, picked, onPick }: { kind: BusinessImageKind; label: string; current: string | null; picked: PickedImage; onPick: (p: PickedImage) => void }) {
  const [error, setError] = useState<string | null>(null);
  const shown = picked.preview ?? (picked.remove ? null : current);
  return (
    <Flex vertical gap={8} aria-label={label} role="group">
      <Typography.Text strong>{label}</Typography.Text>
      <div style={{ width: 180, height: 96, border: '1px dashed #d9d9d9', display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa' }}>
        {shown ? <img src={shown} alt={`${label} preview`} style={{ maxWidth: 170, maxHeight: 86, objectFit: 'contain' }} /> : <Typography.Text type="secondary">None</Typography.Text>}
      </div>
      <Space>
        <Upload
          accept="image/png,image/jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            setError(null);
            if (file.type !== 'image/png' && file.type !== 'image/jpeg') setError(BUSINESS_PROFILE_MESSAGES.imageType);
            else if (file.size > BUSINESS_IMAGE_MAX_BYTES) setError(BUSINESS_PROFILE_MESSAGES.imageTooLarge);
            else onPick({ file, preview: URL.createObjectURL(file), remove: false });
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} aria-label={`Choose ${kind}`}>
            Choose…
          </Button>
        </Upload>
        {shown ? (
          <Button icon={<DeleteOutlined />} aria-label={`Remove ${kind}`} onClick={() => onPick({ file: null, preview: null, remove: true })}>
            Remove
          </Button>
        ) : null}
      </Space>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
    </Flex>
  );
}

const NO_PICK: PickedImage = { file: null, preview: null, remove: false };

/** What the API names a field, as the form's path: 'address.pin' → ['address', 'pin']. */
const fieldOf = (field: string | undefined) => (field && field !== 'logo' && field !== 'signature' ? field.split('.') : null);

function ProfileForm({ profile, onSaved }: { profile: BusinessProfile; onSaved: (p: BusinessProfile) => void }) {
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  const [logo, setLogo] = useState<PickedImage>(NO_PICK);
  const [signature, setSignature] = useState<PickedImage>(NO_PICK);
  const [imageError, setImageError] = useState<string | null>(null);
  const banks = useSWR(cacheKey('accounts', 'list'), () => accountApi.accounts());
  const bankOptions = useMemo(
    () => (banks.data ?? []).filter((a) => a.type === 'BANK' && a.isActive).map((a) => ({ value: a.id, label: `${a.displayName}${a.bankName ? ` · ${a.bankName}` : ''}` })),
    [banks.data],
  );
  const initial = useMemo(() => toFormValues(profile), [profile]);

  const save = async (values: FormValues) => {
    setSaving(true);
    setImageError(null);
    const body = new FormData();
    const request = toRequest(values);
    for (const [key, value] of Object.entries(request)) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'object') for (const [k, v] of Object.entries(value)) body.append(`${key}.${k}`, String(v ?? ''));
      else body.append(key, String(value));
    }
    if (logo.file) body.append('logo', logo.file);
    if (signature.file) body.append('signature', signature.file);
    if (logo.remove) body.append('removeLogo', 'true');
    if (signature.remove) body.append('removeSignature', 'true');
    try {
      const saved = await businessProfileApi.save(body);
      setLogo(NO_PICK);
      setSignature(NO_PICK);
      onSaved(saved);
      notify.success('Business profile saved');
    } catch (e) {
      const field = (e as { field?: string }).field;
      if (field === 'logo' || field === 'signature') setImageError(`${field === 'logo' ? 'Logo' : 'Signature'}: ${errorMessage(e)}`);
      else reportSaveError(form, e, fieldOf, 'Could not save the business profile');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={save}
      onValuesChange={(changed) => recheckShownErrors(form, changed, [['address', 'pin']])}
      validateTrigger="onBlur"
    >
      <Row gutter={16}>
        <Col xs={24} lg={16}>
          <Card title="Business" size="small" style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item name="legalName" label="Legal name" rules={rule('legalName')} required>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="tradeName" label="Trade name" rules={rule('tradeName')}>
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name={['address', 'street']} label="Street and area" rules={rule('address', 'street')}>
                  <Input maxLength={200} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={['address', 'city']} label="City" rules={rule('address', 'city')}>
                  <Input maxLength={80} />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={['address', 'stateCode']} label="State" rules={rule('address', 'stateCode')}>
                  <Select showSearch optionFilterProp="label" options={STATE_OPTIONS} allowClear aria-label="State" />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item name={['address', 'pin']} label="PIN code" rules={rule('address', 'pin')}>
                  <Input inputMode="numeric" maxLength={6} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="phone" label="Phone" rules={rule('phone')}>
                  <Input inputMode="tel" maxLength={10} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="email" label="E-mail" rules={rule('email')}>
                  <Input type="email" maxLength={200} />
                </Form.Item>
              </Col>
            </Row>
            {profile.gstin ? <Typography.Text type="secondary">GSTIN {profile.gstin} (change it under GST registration)</Typography.Text> : null}
          </Card>
          <Card title="Payments" size="small" style={{ marginBottom: 16 }}>
            <Row gutter={12}>
              <Col xs={24} md={12}>
                <Form.Item name="upiId" label="UPI ID" rules={rule('upiId')} extra="Unpaid invoices print a QR code to pay to this UPI ID.">
                  <Input placeholder="shopname@okaxis" maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="payeeName" label="Payee name" rules={rule('payeeName')} extra="What the payer's UPI app shows; the trade name when blank.">
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="bankAccountId" label="Bank account to print" rules={rule('bankAccountId')}>
                  <Select allowClear options={bankOptions} loading={banks.isLoading} aria-label="Bank account to print" notFoundContent="Add a bank account under Cash & Bank first" />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title="Sale defaults and printing" size="small">
            <Form.Item name="terms" label="Terms and conditions" rules={rule('terms')} extra="Printed on documents that have none of their own.">
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
            <Form.Item name="notes" label="Notes" rules={rule('notes')}>
              <Input.TextArea rows={2} maxLength={2000} />
            </Form.Item>
            <Space wrap size="large">
              <Form.Item name={['print', 'showHsnSummary']} valuePropName="checked" noStyle>
                <Checkbox>Print the HSN/SAC summary</Checkbox>
              </Form.Item>
              <Form.Item name={['print', 'showItemImages']} valuePropName="checked" noStyle>
                <Checkbox>Print item images</Checkbox>
              </Form.Item>
              <Form.Item name={['print', 'thermalWidth']} label="Thermal paper" style={{ marginBottom: 0 }}>
                <Select options={THERMAL_OPTIONS} style={{ width: 140 }} aria-label="Thermal paper" />
              </Form.Item>
            </Space>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title="Logo and signature" size="small">
            <Flex vertical gap={16}>
              <ImagePicker kind="logo" label="Logo" current={profile.logoUrl} picked={logo} onPick={setLogo} />
              <ImagePicker kind="signature" label="Signature" current={profile.signatureUrl} picked={signature} onPick={setSignature} />
              <Typography.Text type="secondary">PNG or JPEG, at most 1 MB. The signature prints above “Authorised signatory”.</Typography.Text>
              {imageError ? <Alert type="error" showIcon message={imageError} /> : null}
            </Flex>
          </Card>
        </Col>
      </Row>
      <Flex justify="flex-end" style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving}>
          Save
        </Button>
      </Flex>
    </Form>
  );
}

/** /settings/business: what the business prints on its invoices (owner and admin). */
export function BusinessProfilePage() {
  const allowed = useCan('settings.edit');
  const { data, error, isLoading, mutate } = useSWR(allowed ? cacheKey('session', 'business-profile') : null, () => businessProfileApi.get());
  useEffect(() => {
    document.title = 'Business profile · Bahi';
  }, []);

  if (!allowed) return <Result status="403" title={BUSINESS_PROFILE_MESSAGES.ownersOnly} />;
  return (
    <>
      <PageHeader title="Business profile" subtitle="What your invoices, quotations and receipts print." />
      {error ? (
        <Result status="warning" title="Could not load the business profile" subTitle={errorMessage(error)} extra={<Button onClick={() => void mutate()}>Retry</Button>} />
      ) : isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <ProfileForm key={data.updatedAt ?? 'new'} profile={data} onSaved={(p) => void mutate(p, { revalidate: false })} />
      )}
    </>
  );
}

export default BusinessProfilePage;
