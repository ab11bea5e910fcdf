import { useState } from 'react';
import { Button, Form, Input, Radio } from 'antd';
import { UpdateGstRegistrationRequest, errorMessage, getSession, isApiError, reportApi, setSessionUser } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';

type Values = { gstin?: string; registrationType?: 'REGULAR' | 'COMPOSITION' };

/**
 * Adds the business's GSTIN, asking how it is registered: REGULAR issues tax invoices and charges GST; COMPOSITION
 * issues bills of supply. The session's business follows, so the next bill is issued under it.
 */
export function AddGstinForm({ onSaved }: { onSaved?: () => void }) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    if (!values.registrationType) {
      form.setFields([{ name: ['registrationType'], errors: ['Say how this GSTIN is registered: REGULAR or COMPOSITION'] }]);
      return;
    }
    const parsed = UpdateGstRegistrationRequest.safeParse({ gstin: values.gstin?.trim().toUpperCase(), registrationType: values.registrationType });
    if (!parsed.success) {
      form.setFields(parsed.error.issues.map((i) => ({ name: i.path[0] === 'registrationType' ? 'registrationType' : 'gstin', errors: [i.message] })));
      return;
    }
    setSaving(true);
    try {
      const saved = await reportApi.updateGstRegistration(parsed.data);
      const { user, activeStoreBranch } = getSession();
      if (user) setSessionUser({ ...user, business: { ...user.business, gstin: saved.gstin, registrationType: saved.registrationType } }, activeStoreBranch);
      notify.success(saved.registrationType === 'REGULAR' ? 'GSTIN saved: your next invoice is a tax invoice' : 'GSTIN saved');
      onSaved?.();
    } catch (e) {
      if (isApiError(e) && (e.field === 'gstin' || e.field === 'registrationType')) form.setFields([{ name: e.field, errors: [e.message] }]);
      else notify.error('GSTIN not saved', { description: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name="gst-registration" onFinish={onFinish} style={{ maxWidth: 420, textAlign: 'left' }}>
      <Form.Item label="GSTIN" name="gstin" required>
        <Input autoComplete="off" maxLength={15} placeholder="27AAPFU0939F1ZV" />
      </Form.Item>
      <Form.Item label="Registered as" name="registrationType" required>
        <Radio.Group
          options={[
            { value: 'REGULAR', label: 'Regular (tax invoices)' },
            { value: 'COMPOSITION', label: 'Composition (bills of supply)' },
          ]}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save GSTIN
      </Button>
    </Form>
  );
}
