import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Col, Form, Input, Modal, Row, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { UpdateGstSettingsRequest, cacheKey, errorMessage, isApiError, reportApi, revalidateArea, type GstSettings } from '@bahi/shared';
import { DateField, formatDate, notify } from '@bahi/shared/ui';

/*
 * GST settings (GET / PUT report/gst-settings): the GSTR-1 B2C large limit and the letter of undertaking (LUT) under
 * which sales to SEZ units and exports go without payment of IGST. Opened from the GSTR-1 page.
 */

interface Values {
  b2clLimit: string;
  lutNumber: string;
  lutValidFrom: string;
  lutValidTo: string;
}

const valuesOf = (s: GstSettings): Values => ({
  b2clLimit: s.b2clLimit,
  lutNumber: s.lut?.number ?? '',
  lutValidFrom: s.lut?.validFrom ?? '',
  lutValidTo: s.lut?.validTo ?? '',
});

/** The request of the values: no LUT when all three LUT fields are empty (the LUT is then removed). */
export function settingsRequest(v: Values): UpdateGstSettingsRequest {
  const noLut = !v.lutNumber.trim() && !v.lutValidFrom && !v.lutValidTo;
  return {
    b2clLimit: v.b2clLimit,
    lut: noLut ? null : { number: v.lutNumber, validFrom: v.lutValidFrom, validTo: v.lutValidTo },
  };
}

/** 'lut.validTo' → the form field it belongs to. */
const FIELD: Record<string, keyof Values> = { b2clLimit: 'b2clLimit', 'lut.number': 'lutNumber', 'lut.validFrom': 'lutValidFrom', 'lut.validTo': 'lutValidTo', lut: 'lutNumber' };

function SettingsForm({ settings, onDone }: { settings: GstSettings; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const status = (k: keyof Values) => (errors[k] ? { validateStatus: 'error' as const, help: errors[k] } : {});

  const save = async () => {
    const body = settingsRequest(values);
    const parsed = UpdateGstSettingsRequest.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const i of parsed.error.issues) found[FIELD[i.path.join('.')] ?? 'lutNumber'] ??= i.message;
      setErrors(found);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await reportApi.updateGstSettings(body);
      notify.success('GST settings saved');
      void revalidateArea('reports', 'sales');
      onDone();
    } catch (e) {
      if (isApiError(e) && e.field && FIELD[e.field]) setErrors({ [FIELD[e.field]]: e.message });
      else notify.error('GST settings not saved', { description: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form layout="vertical" name="gst-settings" onFinish={() => void save()}>
      <Form.Item label="B2C large limit (GSTR-1 b2cl)" htmlFor="gst-b2cl-limit" {...status('b2clLimit')} extra="Inter-state invoices to unregistered buyers above this are listed one by one.">
        <Input id="gst-b2cl-limit" prefix="₹" inputMode="decimal" value={values.b2clLimit} onChange={(e) => set({ b2clLimit: e.target.value })} />
      </Form.Item>
      <Typography.Title level={5}>Letter of undertaking (LUT)</Typography.Title>
      <Typography.Paragraph type="secondary">
        While it is valid, sales to SEZ units and exports go without payment of IGST. Leave all three empty if you have none.
      </Typography.Paragraph>
      <Form.Item label="LUT number (ARN)" htmlFor="gst-lut-number" {...status('lutNumber')}>
        <Input id="gst-lut-number" maxLength={30} placeholder="AD270426000123X" value={values.lutNumber} onChange={(e) => set({ lutNumber: e.target.value.toUpperCase() })} />
      </Form.Item>
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="Valid from" htmlFor="gst-lut-from" {...status('lutValidFrom')}>
            <DateField id="gst-lut-from" value={values.lutValidFrom} onChange={(lutValidFrom) => set({ lutValidFrom })} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="Valid to" htmlFor="gst-lut-to" {...status('lutValidTo')}>
            <DateField id="gst-lut-to" value={values.lutValidTo} onChange={(lutValidTo) => set({ lutValidTo })} />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={saving}>
        Save
      </Button>
    </Form>
  );
}

/** The "GST settings" button and its dialog. */
export function GstSettingsButton() {
  const [open, setOpen] = useState(false);
  const settings = useSWR(open ? cacheKey('reports', 'gst-settings') : null, () => reportApi.gstSettings());
  const lut = settings.data?.lut;
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => setOpen(true)}>
        GST settings
      </Button>
      <Modal title="GST settings" open={open} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        {settings.error ? (
          <Alert type="error" showIcon title="Could not load the GST settings" description={errorMessage(settings.error)} />
        ) : !settings.data ? (
          <Typography.Text type="secondary">Loading...</Typography.Text>
        ) : (
          <>
            {lut ? (
              <Typography.Paragraph type="secondary">
                LUT {lut.number}: {formatDate(lut.validFrom)} to {formatDate(lut.validTo)}
              </Typography.Paragraph>
            ) : null}
            <SettingsForm
              settings={settings.data}
              onDone={() => {
                void settings.mutate();
                setOpen(false);
              }}
            />
          </>
        )}
      </Modal>
    </>
  );
}
