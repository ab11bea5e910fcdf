import type { FormInstance, FormRule } from 'antd';
import { errorMessage, isApiError } from '@bahi/shared';
import { notify } from './notifications';

/** A field of an antd form: ['name'], ['billing', 'pin']. */
export type FieldPath = string[];
export interface FieldErrors {
  name: FieldPath;
  errors: string[];
}
interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

const samePath = (path: readonly PropertyKey[]): FieldPath => path.map(String);

/**
 * A schema's problems (zod issues) as antd form errors: grouped per field, each message once, in the order found.
 * `fieldOf` maps an issue's path to the form's field where they differ; an issue it answers null for names no
 * field of the form and is left out.
 */
export function fieldErrors(
  issues: readonly Issue[],
  fieldOf: (path: readonly PropertyKey[]) => FieldPath | null = samePath,
): FieldErrors[] {
  const byField = new Map<string, FieldErrors>();
  for (const issue of issues) {
    const name = fieldOf(issue.path);
    if (!name || name.length === 0) continue;
    const key = name.join('.');
    const entry = byField.get(key) ?? { name, errors: [] };
    if (!entry.errors.includes(issue.message)) entry.errors.push(issue.message);
    byField.set(key, entry);
  }
  return [...byField.values()];
}

/**
 * A form rule that shows this field's first problem as found by `check` over the whole form (the contract's own
 * schema), so the form says exactly what the API would, cross-field rules included.
 */
export function schemaRule<V>(check: (values: V) => FieldErrors[], name: FieldPath): FormRule {
  const key = name.join('.');
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const mine = check(getFieldsValue(true) as V).find((e) => e.name.join('.') === key);
      if (mine) throw new Error(mine.errors[0]);
    },
  });
}

/** Leaf paths of onValuesChange's changed values: {billing: {pin: '4'}} gives [['billing', 'pin']]. */
function changedPaths(changed: Record<string, unknown>, prefix: FieldPath = []): FieldPath[] {
  return Object.entries(changed).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? changedPaths(v as Record<string, unknown>, [...prefix, k]) : [[...prefix, k]],
  );
}

/**
 * Fields validate on blur; once one shows an error it re-checks as the user fixes it. `alsoRecheck` names fields
 * whose cross-field error a change elsewhere can clear (a PAN against a GSTIN).
 */
export function recheckShownErrors(form: FormInstance, changed: Record<string, unknown>, alsoRecheck: FieldPath[] = []) {
  for (const path of [...changedPaths(changed), ...alsoRecheck]) {
    if (form.getFieldError(path).length) form.validateFields([path]).catch(() => undefined);
  }
}

/**
 * A failed save: at the field the server's error names when the form shows it (`fieldOf` maps the API's field
 * name to the form's), otherwise as a notification titled `title` with the server's message.
 */
export function reportSaveError(
  form: FormInstance,
  error: unknown,
  fieldOf: (field: string | undefined) => FieldPath | null,
  title: string,
) {
  const path = isApiError(error) ? fieldOf(error.field) : null;
  if (path && isApiError(error)) {
    form.setFields([{ name: path, errors: [error.message] }]);
    form.scrollToField(path);
  } else {
    notify.error(title, { description: errorMessage(error) });
  }
}
