import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, Modal, Row, Select } from 'antd';
import {
  CreatePartyRequest,
  INDIAN_STATES,
  isApiError,
  isValidGstin,
  partyApi,
  revalidateArea,
  stateCodeFromGstin,
  type Party,
  type PartyType,
} from '@bahi/shared';
import { notify } from '../notifications';

interface Values {
  name: string;
  mobileNumber: string;
  gstin: string;
  stateCode: string | undefined;
  street: string;
}

const FIELDS: Record<string, keyof Values> = {
  name: 'name',
  mobileNumber: 'mobileNumber',
  gstin: 'gstin',
  'billingAddress.miscData.st': 'stateCode',
  'billingAddress.miscData.ad': 'street',
};
const fieldOf = (path: string) => FIELDS[path] ?? null;

const STATE_OPTIONS = INDIAN_STATES.filter((s) => !s.special).map((s) => ({ value: s.code, label: `${s.code}-${s.name}` }));

function request(v: Values, partyType: PartyType): CreatePartyRequest {
  return {
    name: v.name,
    partyType,
    mobileNumber: v.mobileNumber,
    gstin: v.gstin,
    billingAddress: { type: 'BOTH', miscData: { ad: v.street, st: v.stateCode ?? null } },
  };
}

/**
 * "+ Add party" in a billing form: a customer (or, on a purchase, a supplier) with what a bill needs (name, mobile,
 * GSTIN, state, address), made through the party API without leaving the bill. The full form is mf-parties'.
 */
export function QuickPartyModal({
  open,
  initialName,
  onClose,
  partyType = 'CUSTOMER',
}: {
  open: boolean;
  initialName: string;
  onClose: (party?: Party) => void;
  partyType?: PartyType;
}) {
  const [values, setValues] = useState<Values>({ name: '', mobileNumber: '', gstin: '', stateCode: undefined, street: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setValues({ name: initialName, mobileNumber: '', gstin: '', stateCode: undefined, street: '' });
    setErrors({});
  }, [open, initialName]);

  const set = (patch: Partial<Values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as keyof Values];
      return next;
    });
  };

  const save = async () => {
    const parsed = CreatePartyRequest.safeParse(request(values, partyType));
    if (!parsed.success) {
      const found: Partial<Record<keyof Values, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = fieldOf(issue.path.join('.'));
        if (f && !found[f]) found[f] = issue.message;
      }
      setErrors(found);
      return;
    }
    setSaving(true);
    try {
      const party = await partyApi.create(request(values, partyType));
      notify.success(`Party ${party.name} added`);
      void revalidateArea('parties');
      onClose(party);
    } catch (e) {
      const f = isApiError(e) && e.field ? fieldOf(e.field) : null;
      if (f) setErrors({ [f]: (e as Error).message });
      else notify.error((e as Error).message || 'Could not add the party');
    } finally {
      setSaving(false);
    }
  };

  const item = (field: keyof Values) => ({ validateStatus: errors[field] ? ('error' as const) : undefined, help: errors[field] });

  return (
    <Modal
      open={open}
      title="Add party"
      onCancel={() => !saving && onClose()}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="cancel" onClick={() => onClose()} disabled={saving}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={save}>
          Add party
        </Button>,
      ]}
    >
      <Form
        layout="vertical"
        component="div"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && !(e.target as HTMLElement).closest('.ant-select')) {
            e.preventDefault();
            void save();
          }
        }}
      >
        <Form.Item label="Party name" required {...item('name')} htmlFor="quick-party-name">
          <Input id="quick-party-name" autoFocus value={values.name} onChange={(e) => set({ name: e.target.value })} maxLength={100} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={10}>
            <Form.Item label="Mobile number" {...item('mobileNumber')} htmlFor="quick-party-mobile">
              <Input id="quick-party-mobile" inputMode="numeric" value={values.mobileNumber} onChange={(e) => set({ mobileNumber: e.target.value })} />
            </Form.Item>
          </Col>
          <Col span={14}>
            <Form.Item label="GSTIN" {...item('gstin')} extra="Fills in the state" htmlFor="quick-party-gstin">
              <Input
                id="quick-party-gstin"
                value={values.gstin}
                style={{ fontFamily: 'ui-monospace, Menlo, Consolas, monospace' }}
                onChange={(e) => {
                  const gstin = e.target.value.toUpperCase().replace(/\s/g, '');
                  set(isValidGstin(gstin) ? { gstin, stateCode: stateCodeFromGstin(gstin) } : { gstin });
                }}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="State" {...item('stateCode')} htmlFor="quick-party-state">
          <Select
            id="quick-party-state"
            aria-label="State"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="Choose the state"
            options={STATE_OPTIONS}
            value={values.stateCode}
            onChange={(v: string | undefined) => set({ stateCode: v })}
          />
        </Form.Item>
        <Form.Item label="Address" {...item('street')} htmlFor="quick-party-street">
          <Input id="quick-party-street" value={values.street} onChange={(e) => set({ street: e.target.value })} placeholder="Shop no., building, street, area" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
