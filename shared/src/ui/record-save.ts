import { useState } from 'react';
import type { FormInstance } from 'antd';
import { revalidateArea, type CacheArea } from '@bahi/shared';
import { reportSaveError, type FieldPath } from './form-errors';
import { notify } from './notifications';
import { useSaveShortcut } from './save-shortcut';

export interface RecordSaveOptions<Saved extends { name: string }> {
  form: FormInstance;
  /** What is saved: 'party' reads "Could not create the party". */
  noun: string;
  /** Whose lists refresh after a save. */
  area: CacheArea;
  /** Editing a record (update) rather than creating one. */
  editing: boolean;
  /** The form field a server error names (reportSaveError). */
  fieldOf: (field: string | undefined) => FieldPath | null;
  /** Right after the save, before the lists refresh: keep the saved record where it is read. */
  stored?: (saved: Saved) => unknown;
  /** After "<name> created" or "<name> updated": close the form, open the record. */
  done: (saved: Saved) => void;
}

/**
 * Saving a create-or-edit form of a named record (a party, a branch): Ctrl+Enter or Ctrl+S submits the form, one
 * save runs at a time (`saving`), then the area's lists refresh and "<name> created" or "<name> updated" shows. A
 * failure shows at the field the server names, otherwise as "Could not create the <noun>" with its message.
 * `formProps` go on the Form: labels above, optional fields marked, checks on leaving a field, all disabled while
 * saving, and the shortcut; `shortcut.button` goes on the Save button.
 */
export function useRecordSave<Saved extends { name: string }>(options: RecordSaveOptions<Saved>) {
  const { form, editing } = options;
  const [saving, setSaving] = useState(false);
  const shortcut = useSaveShortcut(() => form.submit(), !saving);
  const save = async (call: () => Promise<Saved>) => {
    setSaving(true);
    try {
      const saved = await call();
      await options.stored?.(saved);
      void revalidateArea(options.area);
      notify.success(`${saved.name} ${editing ? 'updated' : 'created'}`);
      options.done(saved);
    } catch (e) {
      reportSaveError(form, e, options.fieldOf, `Could not ${editing ? 'update' : 'create'} the ${options.noun}`);
    } finally {
      setSaving(false);
    }
  };
  const formProps = {
    form,
    layout: 'vertical',
    requiredMark: 'optional',
    validateTrigger: 'onBlur',
    disabled: saving,
    ...shortcut.form,
  } as const;
  return { saving, shortcut, save, formProps };
}
