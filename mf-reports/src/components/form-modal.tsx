import { useState, type ReactNode } from 'react';
import { Button, Form, InputNumber, Modal } from 'antd';
import { MONEY_BOUNDS, SIGNED_MONEY_BOUNDS, errorMessage, isApiError } from '@bahi/shared';
import { boundedInput, fieldErrors, notify, useSaveShortcut, useUnsavedChanges } from '@bahi/shared/ui';

/** What is wrong, per field of a dialog. */
export type Errors<F extends string> = Partial<Record<F, string>>;

/**
 * A contract's problems (zod issues) as one message per field of the dialog; an issue naming no field of it goes to
 * `fallback`.
 */
export function errorsOf<F extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly F[],
  fallback: F,
): Errors<F> {
  const out: Errors<F> = {};
  for (const e of fieldErrors(issues, (path) => [String(path[0] ?? fallback)])) {
    const name = (fields as readonly string[]).includes(e.name[0]) ? (e.name[0] as F) : fallback;
    out[name] ??= e.errors[0];
  }
  return out;
}

/**
 * A failed save: at the field the API names when the dialog has it (a 409 "Not enough cash" at the amount),
 * otherwise a notification titled `title`. Answers the errors to show.
 */
export function apiErrors<F extends string>(
  error: unknown,
  fields: readonly F[],
  title: string,
  fieldOf: (field: string) => F | null = (field) => ((fields as readonly string[]).includes(field) ? (field as F) : null),
): Errors<F> {
  const field = isApiError(error) && error.field ? fieldOf(error.field) : null;
  if (field) return { [field]: errorMessage(error) } as Errors<F>;
  notify.error(title, { description: errorMessage(error) });
  return {};
}

/** antd Form.Item props that show a field's error. */
export const itemError = (message: string | undefined) => ({
  validateStatus: message ? ('error' as const) : undefined,
  help: message,
});

/** A money amount typed as an exact decimal string (never a float), within the contract's bounds. */
export function MoneyInput(props: { id: string; value: string; onChange: (v: string) => void; signed?: boolean; autoFocus?: boolean; 'aria-label'?: string }) {
  return (
    <InputNumber<string>
      id={props.id}
      aria-label={props['aria-label']}
      {...boundedInput(props.signed ? SIGNED_MONEY_BOUNDS : MONEY_BOUNDS, 'text')}
      prefix="₹"
      autoFocus={props.autoFocus}
      style={{ width: '100%' }}
      value={props.value === '' ? null : props.value}
      onChange={(v) => props.onChange(v ?? '')}
    />
  );
}

/**
 * A dialog with a form: Cancel / Esc asks before discarding changes, Ctrl+Enter or Ctrl+S saves, and the Save
 * button spins while saving. `onSave` answers true when saved (the dialog then closes).
 */
export function FormModal(props: {
  open: boolean;
  title: ReactNode;
  okText: string;
  dirty: boolean;
  onSave: () => Promise<boolean>;
  onClose: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { open, dirty, onSave, onClose } = props;
  const [saving, setSaving] = useState(false);
  const unsaved = useUnsavedChanges(open && dirty);
  const save = async () => {
    if (saving) return;
    setSaving(true);
    try {
      if (await onSave()) {
        unsaved.markSaved();
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };
  const shortcut = useSaveShortcut(() => void save(), !saving);
  const cancel = () => {
    if (!saving) unsaved.confirmDiscard(onClose);
  };
  return (
    <Modal
      open={open}
      title={props.title}
      onCancel={cancel}
      destroyOnHidden
      width={props.width ?? 520}
      footer={[
        <Button key="cancel" onClick={cancel} disabled={saving}>
          Cancel
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void save()} {...shortcut.button}>
          {props.okText}
        </Button>,
      ]}
    >
      <div {...shortcut.form}>
        {unsaved.guard}
        <Form layout="vertical" component="div">
          {props.children}
        </Form>
      </div>
    </Modal>
  );
}
