import { useCallback, useState } from 'react';
import { branchApi, errorMessage, revalidateAfterBranchSwitch, setActiveStoreBranch, type Branch } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';

/**
 * Makes a branch the active one: the server records it in the session and the branch cookie, the session atom
 * follows (the shell's header reads it), and every cached screen is refetched because most data is per branch.
 */
export function useMakeActive() {
  const [pendingId, setPendingId] = useState<string | null>(null);

  const makeActive = useCallback(
    async (branch: Pick<Branch, 'id' | 'name'>) => {
      setPendingId(branch.id);
      try {
        const active = await branchApi.setActive(branch.id);
        setActiveStoreBranch(active);
        notify.success(`${active.name} is now the active branch`);
        await revalidateAfterBranchSwitch();
        return true;
      } catch (e) {
        notify.error(`Could not make ${branch.name} the active branch`, { description: errorMessage(e) });
        return false;
      } finally {
        setPendingId(null);
      }
    },
    [],
  );

  return { makeActive, pendingId };
}
