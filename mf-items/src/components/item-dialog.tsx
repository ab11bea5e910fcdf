import { Children, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Col, Flex, Form, Input, Modal, Radio, Row, Select, Space, Switch, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import {
  ITEM_BOUNDS,
  ITEM_MESSAGES,
  TAXABILITY_LABELS,
  ZERO_RATE_ID,
  addDays,
  indiaToday,
  isRateInForce,
  itemApi,
  revalidateArea,
  taxRateLabel,
  unitLabel,
  type Item,
  type ItemType,
  type Taxability,
  type TaxType,
} from '@bahi/shared';
import { BoundedDecimal, BoundedNumber, DateField, notify, useSaveShortcut, useUnsavedChanges } from '@bahi/shared/ui';
import { CreateItemCategoryModal } from './category-modal';
import { ImagePicker } from './image-picker';
import { formatDate, serverMessage, useItemCategories, useTaxRates, useUnits } from './item-data';
import {
  emptyItemForm,
  enableLowStockWarning,
  generateItemCode,
  itemDialogProblems,
  itemFormFromItem,
  removeLowStockWarning,
  setCondition,
  setOpeningStock,
  setSerial,
  setSerialisation,
  setTaxType,
  toPayload,
  todayInIndia,
  type ItemFormState,
} from './item-rules';

/** Notifications raised by the item dialog close after 3000 ms. */
export const ITEM_DIALOG_TOAST_MS = 3000;
const CREATE_CATEGORY = '__create_category__';

export interface ItemDialogProps {
  open: boolean;
  /** PRODUCT for Add Item, SERVICE for Add Service (create mode). */
  itemType?: ItemType;
  /** Edit mode: the item to prefill from. */
  item?: Item | null;
  onClose: (saved?: Item) => void;
}

type TabKey = 'basic' | 'stock' | 'pricing' | 'other';

/** Which tab holds the field a problem names, so the dialog can show it. */
function tabOf(field: string, itemType: ItemType): TabKey {
  if (itemType === 'SERVICE') return ['description', 'isOnlineVisible', 'itemImages'].includes(field) ? 'other' : 'basic';
  if (['openingStock', 'asOfDate', 'productAlertValue', 'itemSerialNos'].includes(field)) return 'stock';
  if (['salePrice', 'purchasePrice', 'salePriceTaxType', 'purchasePriceTaxType', 'isSaleTaxApplicable', 'gstRate'].includes(field)) {
    return 'pricing';
  }
  return 'basic';
}

const TAX_TYPE_OPTIONS = [
  { value: 'WITH_TAX', label: 'With Tax' },
  { value: 'WITHOUT_TAX', label: 'Without Tax' },
];

function Field({ label, id, required, children, extra }: { label: string; id?: string; required?: boolean; children: ReactNode; extra?: ReactNode }) {
  return (
    <Form.Item label={label} htmlFor={id} required={required} extra={extra} style={{ marginBottom: 16 }}>
      {children}
    </Form.Item>
  );
}

/** Fields two to a line on wider screens, one under another on a phone. */
function TwoColumns({ children }: { children: ReactNode }) {
  return (
    <Row gutter={16}>
      {Children.toArray(children).map((child, i) => (
        <Col xs={24} md={12} key={i}>
          {child}
        </Col>
      ))}
    </Row>
  );
}

/** A searchable list that can be cleared (to null); the label names it for screen readers too. */
function SelectField(props: {
  label: string;
  id: string;
  placeholder: string;
  value: string | null;
  options: { value: string; label: string }[];
  onChange: (value: string | null) => void;
  disabled?: boolean;
  extra?: ReactNode;
}) {
  return (
    <Field label={props.label} id={props.id} extra={props.extra}>
      <Select
        id={props.id}
        aria-label={props.label}
        placeholder={props.placeholder}
        disabled={props.disabled}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        value={props.value}
        options={props.options}
        onChange={(v: string | undefined) => props.onChange(v ?? null)}
      />
    </Field>
  );
}

/** A code of digits only (HSN, SAC): anything else typed is dropped. */
function DigitsField(props: {
  label: string;
  id: string;
  required?: boolean;
  placeholder: string;
  maxLength: number;
  value: string;
  onChange: (digits: string) => void;
}) {
  return (
    <Field label={props.label} id={props.id} required={props.required}>
      <Input
        id={props.id}
        inputMode="numeric"
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value.replace(/\D/g, ''))}
      />
    </Field>
  );
}

/** An on/off switch with a note beside it. */
function SwitchField(props: { label: string; id: string; checked: boolean; onChange: (on: boolean) => void; note: ReactNode }) {
  return (
    <Field label={props.label} id={props.id}>
      <Flex align="center" gap={8}>
        <Switch id={props.id} checked={props.checked} onChange={props.onChange} />
        <Typography.Text type="secondary">{props.note}</Typography.Text>
      </Flex>
    </Field>
  );
}

const TAXABILITY_OPTIONS = (Object.keys(TAXABILITY_LABELS) as Taxability[]).map((value) => ({ value, label: TAXABILITY_LABELS[value] }));

/** The item dialog ('Create New Item', also edit). */
export function ItemDialog({ open, itemType = 'PRODUCT', item, onClose }: ItemDialogProps) {
  const editing = !!item;
  const [state, setState] = useState<ItemFormState>(() => emptyItemForm(itemType));
  // What the dialog opened with: any change from it is unsaved work.
  const [opened, setOpened] = useState(state);
  const [tab, setTab] = useState<TabKey>('basic');
  const [saving, setSaving] = useState(false);
  const [categoryOpen, setCategoryOpen] = useState(false);
  const { data: categories, mutate: mutateCategories } = useItemCategories();
  const { data: taxes } = useTaxRates();
  const { data: unitList } = useUnits();

  // On open the as-of date is today; in edit mode the form is prefilled from the item.
  useEffect(() => {
    if (!open) return;
    const fresh = item ? itemFormFromItem(item, todayInIndia()) : emptyItemForm(itemType, todayInIndia());
    setState(fresh);
    setOpened(fresh);
    setTab('basic');
  }, [open, item, itemType]);
  const unsaved = useUnsavedChanges(open && state !== opened);

  const update = (patch: Partial<ItemFormState>) => setState((s) => ({ ...s, ...patch }));
  const product = state.itemType === 'PRODUCT';
  const preowned = product && state.itemProductType === 'OLD';

  const categoryOptions = useMemo(
    () => [
      ...(categories ?? []).map((c) => ({ value: c.id, label: c.catagory })),
      { value: CREATE_CATEGORY, label: '+ Create New Category' },
    ],
    [categories],
  );
  // Rates in force today; a withdrawn one only as the item's own, or for an item the law keeps at its old rate.
  const taxOptions = useMemo(() => {
    const today = indiaToday();
    return (taxes ?? [])
      .filter((t) => isRateInForce(t, today) || t.id === state.gstRate || state.keepsWithdrawnRate)
      .map((t) => ({
        value: t.id,
        label: `${taxRateLabel(t)}${isRateInForce(t, today) ? '' : ` (withdrawn from ${formatDate(addDays(t.validTo!, 1))})`}`,
      }));
  }, [taxes, state.gstRate, state.keepsWithdrawnRate]);
  const unitOptions = useMemo(() => (unitList ?? []).map((u) => ({ value: u.id, label: unitLabel(u) })), [unitList]);

  const save = async () => {
    const problems = itemDialogProblems(state);
    if (problems.length) {
      // Every failed rule shows its own toast, all together.
      for (const p of problems) notify.error(p.message, { duration: ITEM_DIALOG_TOAST_MS });
      setTab(tabOf(problems[0].field, state.itemType));
      return;
    }
    setSaving(true);
    try {
      const payload = toPayload(state);
      const saved = item ? await itemApi.update(item.id, payload) : await itemApi.create(payload);
      notify.success(item ? ITEM_MESSAGES.updated : ITEM_MESSAGES.created, { duration: ITEM_DIALOG_TOAST_MS });
      unsaved.markSaved();
      const fresh = emptyItemForm(itemType, todayInIndia());
      setState(fresh);
      setOpened(fresh);
      onClose(saved);
      void revalidateArea('items');
    } catch (e) {
      notify.error(serverMessage(e) ?? (item ? ITEM_MESSAGES.updateFailed : ITEM_MESSAGES.createFailed), {
        duration: ITEM_DIALOG_TOAST_MS,
      });
    } finally {
      setSaving(false);
    }
  };
  const shortcut = useSaveShortcut(save, !saving);
  // Esc, the close icon and Cancel: never while saving, and with changes only after confirming.
  const cancel = () => {
    if (!saving) unsaved.confirmDiscard(() => onClose());
  };

  const typeRadio = (
    <Field label="Item Type">
      {/* Seed §2: only a Product radio is shown. */}
      <Radio.Group
        name="itemType"
        value={product ? 'PRODUCT' : undefined}
        disabled={editing}
        onChange={() => {
          setState((s) => ({ ...s, itemType: 'PRODUCT' }));
          setTab('basic');
        }}
        options={[{ value: 'PRODUCT', label: 'Product' }]}
      />
    </Field>
  );

  const nameField = (
    <Field label={product ? 'Item Name' : 'Service Name'} id="item-name" required>
      <Input
        id="item-name"
        placeholder={product ? 'Ex: Redmi Note 13 (8/128 GB)' : 'Ex: Screen replacement'}
        value={state.itemName}
        maxLength={200}
        onChange={(e) => update({ itemName: e.target.value })}
      />
    </Field>
  );

  const categoryField = (
    <SelectField
      label="Category"
      id="item-category"
      placeholder="Select a category"
      value={state.itemCatagory}
      options={categoryOptions}
      onChange={(v) => (v === CREATE_CATEGORY ? setCategoryOpen(true) : update({ itemCatagory: v }))}
    />
  );

  const codeKey = product ? 'itemCode' : 'serviceCode';
  const codeField = (
    <Field label={product ? 'Item Code' : 'Service Code'} id="item-code" required extra="Type a prefix and press Generate for a 10-character code">
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id="item-code"
          placeholder={product ? 'Ex: MOB' : 'Ex: SRV'}
          value={state[codeKey]}
          onChange={(e) => update({ [codeKey]: e.target.value })}
        />
        <Button
          aria-label={product ? 'Generate item code' : 'Generate service code'}
          onClick={() => update({ [codeKey]: generateItemCode(state[codeKey]) })}
        >
          Generate
        </Button>
      </Space.Compact>
    </Field>
  );

  const unitField = (
    <SelectField
      label="Unit"
      id="item-unit"
      placeholder="Select a unit"
      value={state.unit}
      options={unitOptions}
      onChange={(unit) => update({ unit })}
    />
  );

  const price = (which: 'sale' | 'purchase') => {
    const key = which === 'sale' ? 'salePrice' : 'purchasePrice';
    const typeKey = which === 'sale' ? 'salePriceTaxType' : 'purchasePriceTaxType';
    const label = which === 'sale' ? 'Sale Price' : 'Purchase Price';
    return (
      <Field label={label} id={`item-${which}-price`}>
        <Space.Compact style={{ width: '100%' }}>
          <BoundedDecimal
            id={`item-${which}-price`}
            style={{ flex: 1 }}
            rupees
            bounds={ITEM_BOUNDS.price}
            placeholder="0.00"
            value={state[key]}
            onChange={(v) => update({ [key]: v ?? null })}
          />
          <Select
            aria-label={`${label} tax type`}
            style={{ width: 140 }}
            value={state[typeKey]}
            disabled={preowned}
            options={TAX_TYPE_OPTIONS}
            onChange={(v: TaxType) => setState((s) => setTaxType(s, which, v))}
          />
        </Space.Compact>
      </Field>
    );
  };

  const taxable = state.taxability === 'TAXABLE';
  const gstField = [
    <Field key="taxability" label="Taxability" id="item-taxability">
      <Select
        id="item-taxability"
        aria-label="Taxability"
        value={state.taxability}
        options={TAXABILITY_OPTIONS}
        // Anything but a taxable item is at GST @ 0%.
        onChange={(taxability: Taxability) => update(taxability === 'TAXABLE' ? { taxability } : { taxability, gstRate: ZERO_RATE_ID, keepsWithdrawnRate: false })}
      />
    </Field>,
    <SelectField
      key="rate"
      label="GST Rate"
      id="item-gst-rate"
      placeholder="Select a tax rate"
      value={state.gstRate}
      options={taxOptions}
      disabled={!taxable}
      onChange={(gstRate) => update({ gstRate })}
    />,
    ...(taxable
      ? [
          <SwitchField
            key="kept"
            label="Rate kept by law"
            id="item-keeps-rate"
            checked={state.keepsWithdrawnRate}
            onChange={(keepsWithdrawnRate) => update({ keepsWithdrawnRate })}
            note="Tobacco products and pan masala stay at 28 % with cess after 22/09/2025"
          />,
        ]
      : []),
  ];

  // Product: on the Basic tab, below the grid; service: the whole Other tab.
  const otherFields = (
    <>
      <Field label="Description" id="item-description">
        <Input.TextArea
          id="item-description"
          rows={3}
          maxLength={2000}
          placeholder="Anything your staff should know about it"
          value={state.description}
          onChange={(e) => update({ description: e.target.value })}
        />
      </Field>
      <SwitchField
        label="Show Online"
        id="item-online"
        checked={state.isOnlineVisible}
        onChange={(on) => update({ isOnlineVisible: on })}
        note={state.isOnlineVisible ? 'Visible in your online store' : 'Hidden online'}
      />
      <Field label="Images">
        <ImagePicker
          kept={state.keptImages}
          added={state.newImages}
          toastDuration={ITEM_DIALOG_TOAST_MS}
          onChange={({ kept, added, removedUrl }) =>
            setState((s) => ({
              ...s,
              keptImages: kept,
              newImages: added,
              removedImages: removedUrl ? [...s.removedImages, removedUrl] : s.removedImages,
            }))
          }
        />
      </Field>
    </>
  );

  const productBasic = (
    <>
      {typeRadio}
      <TwoColumns>
        {nameField}
        {categoryField}
        {codeField}
        <DigitsField
          label="HSN Code"
          id="item-hsn"
          placeholder="4, 6 or 8 digits"
          maxLength={8}
          value={state.hsnCode}
          onChange={(hsnCode) => update({ hsnCode })}
        />
        {unitField}
        <Field label="Item Condition">
          <Radio.Group
            name="itemProductType"
            optionType="button"
            value={state.itemProductType}
            onChange={(e) => setState((s) => setCondition(s, e.target.value))}
            options={[
              { value: 'NEW', label: 'New' },
              { value: 'OLD', label: 'Preowned' },
            ]}
          />
        </Field>
        {preowned ? (
          <Field label="Battery Percentage" id="item-battery">
            <BoundedNumber
              id="item-battery"
              bounds={ITEM_BOUNDS.batteryPercentage}
              suffix="%"
              placeholder="0 - 100"
              value={state.batteryPercentage}
              onChange={(v) => update({ batteryPercentage: v ?? null })}
            />
          </Field>
        ) : null}
      </TwoColumns>
      {otherFields}
    </>
  );

  const stock = (
    <>
      <TwoColumns>
        <Field label="Opening Stock" id="item-opening-stock" extra={preowned ? 'A preowned item is a single piece' : undefined}>
          <BoundedNumber
            id="item-opening-stock"
            bounds={ITEM_BOUNDS.openingStock}
            placeholder="0"
            disabled={preowned}
            value={state.openingStock}
            onChange={(v) => setState((s) => setOpeningStock(s, v ?? null))}
          />
        </Field>
        <Field label="As of Date" id="item-as-of-date">
          <DateField id="item-as-of-date" value={state.asOfDate} onChange={(asOfDate) => update({ asOfDate })} />
        </Field>
      </TwoColumns>
      {preowned ? null : state.isAlertEnabled ? (
        <Field label="Low Stock Quantity" id="item-alert">
          <Flex gap={8}>
            <BoundedNumber
              id="item-alert"
              style={{ flex: 1 }}
              bounds={ITEM_BOUNDS.alertQuantity}
              placeholder="Warn me at or under this stock"
              value={state.productAlertValue}
              onChange={(v) => update({ productAlertValue: v ?? null })}
            />
            <Button danger onClick={() => setState(removeLowStockWarning)}>
              Remove
            </Button>
          </Flex>
        </Field>
      ) : (
        <Button type="link" icon={<PlusOutlined />} style={{ paddingInline: 0, marginBottom: 16 }} onClick={() => setState(enableLowStockWarning)}>
          Enable Low Stock Warning
        </Button>
      )}
      <SwitchField
        label="Serialisation"
        id="item-serialisation"
        checked={state.hasSerialisationOn}
        onChange={(on) => setState((s) => setSerialisation(s, on))}
        note="Track a serial number (IMEI) for every unit"
      />
      {state.hasSerialisationOn ? (
        state.itemSerialNos.length === 0 ? (
          <Typography.Text type="secondary">Enter the opening stock to add a serial number per unit.</Typography.Text>
        ) : (
          <Row gutter={[12, 8]}>
            {state.itemSerialNos.map((serial, i) => (
              <Col xs={24} md={12} key={i}>
                <Space.Compact block>
                  <Space.Addon>{i + 1}</Space.Addon>
                  <Input
                    aria-label={`Serial No. ${i + 1}`}
                    placeholder="Serial number / IMEI"
                    value={serial}
                    maxLength={100}
                    onChange={(e) => setState((s) => setSerial(s, i, e.target.value))}
                  />
                </Space.Compact>
              </Col>
            ))}
          </Row>
        )
      ) : null}
    </>
  );

  const pricing = (
    <>
      {preowned ? (
        <Typography.Paragraph type="secondary">Prices of a preowned item are without tax.</Typography.Paragraph>
      ) : null}
      <TwoColumns>
        {price('sale')}
        {price('purchase')}
        {gstField}
      </TwoColumns>
    </>
  );

  const serviceBasic = (
    <>
      {typeRadio}
      <TwoColumns>
        {nameField}
        {categoryField}
        {codeField}
        <DigitsField
          label="SAC Code"
          id="item-sac"
          required
          placeholder="6 digits starting with 99"
          maxLength={6}
          value={state.sacCode}
          onChange={(sacCode) => update({ sacCode })}
        />
        {unitField}
        {gstField}
        {price('sale')}
      </TwoColumns>
    </>
  );

  const tabs = product
    ? [
        { key: 'basic', label: 'Basic Details *', children: productBasic },
        { key: 'stock', label: 'Stock Details*', children: stock },
        { key: 'pricing', label: 'Pricing Details', children: pricing },
      ]
    : [
        { key: 'basic', label: 'Basic Details *', children: serviceBasic },
        {
          key: 'other',
          label: 'Other Details',
          children: otherFields,
        },
      ];

  return (
    <>
      <Modal
        open={open}
        title={editing ? 'Edit Item' : 'Create New Item'}
        width={920}
        centered
        mask={{ closable: false }}
        onCancel={cancel}
        styles={{ body: { paddingTop: 8, height: 'min(600px, calc(100vh - 200px))', overflowY: 'auto', overflowX: 'hidden' } }}
        footer={[
          <Button key="cancel" onClick={cancel} disabled={saving}>
            Cancel
          </Button>,
          <Button key="save" type="primary" onClick={save} disabled={saving} {...shortcut.button}>
            {saving ? 'Saving...' : editing ? 'Update' : 'Save'}
          </Button>,
        ]}
      >
        {unsaved.guard}
        <Form layout="vertical" component="div" requiredMark {...shortcut.form}>
          <Tabs
            tabPlacement="start"
            activeKey={tab}
            onChange={(k) => setTab(k as TabKey)}
            items={tabs}
            tabBarStyle={{ minWidth: 170 }}
          />
        </Form>
      </Modal>
      <CreateItemCategoryModal
        open={categoryOpen}
        toastDuration={ITEM_DIALOG_TOAST_MS}
        onClose={(created) => {
          setCategoryOpen(false);
          if (created) {
            void mutateCategories((list) => [...(list ?? []), { ...created, itemCount: 0 }], { revalidate: true });
            update({ itemCatagory: created.id });
          }
        }}
      />
    </>
  );
}
