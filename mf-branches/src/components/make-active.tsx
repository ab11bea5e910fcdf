import { useCallback, useState } from 'react';
import { App } from 'antd';
import { useSWRConfig } from 'swr';
import { branchApi, errorMessage, setActiveStoreBranch, type Branch } from '@bahi/shared';

/**
 * Makes a branch the active one: the server records it in the session and the branch cookie, the session atom
 * follows (the shell's header reads it), and every cached screen is refetched because most data is per branch.
 */
export function useMakeActive() {
  const { message } = App.useApp();
  const { mutate } = useSWRConfig();
  const [pendingId, setPendingId] = useState<string | null>(null);

  const makeActive = useCallback(
    async (branch: Pick<Branch, 'id' | 'name'>) => {
      setPendingId(branch.id);
      try {
        const active = await branchApi.setActive(branch.id);
        setActiveStoreBranch(active);
        message.success(`${active.name} is now the active branch`);
        // Every cached area, whatever its key: lists, details, reports all depend on the active branch.
        await mutate(() => true);
        return true;
      } catch (e) {
        message.error(errorMessage(e, `Could not make ${branch.name} the active branch`));
        return false;
      } finally {
        setPendingId(null);
      }
    },
    [message, mutate],
  );

  return { makeActive, pendingId };
}
