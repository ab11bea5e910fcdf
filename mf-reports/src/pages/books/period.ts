import { useDocumentListParams } from '@bahi/shared/ui';

/**
 * A statement's period and branch, kept in the address: the list presets (this month by default) or custom dates,
 * and the branch ('all branches' without one).
 */
export function useStatementParams() {
  const list = useDocumentListParams([]);
  const branchId = list.params.get('branchId') || undefined;
  return { list, from: list.query.from, to: list.query.to, branchId, set: list.set };
}
