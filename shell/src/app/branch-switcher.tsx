import { useEffect, useMemo, useState } from 'react';
import { Select } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import useSWR from 'swr';
import {
  authApi,
  branchApi,
  cacheKey,
  errorMessage,
  revalidateAfterBranchSwitch,
  setActiveStoreBranch,
  stateName,
  useActiveBranchCookie,
  useSession,
  type Branch,
} from '@bahi/shared';
import { notify } from '@bahi/shared/ui';

/**
 * A branch made active in another tab of this browser (the branch cookie both tabs share) becomes this tab's too
 * when the user comes back to it: the server's session already answers for that branch, so every screen of this
 * tab takes it from the profile and refetches what it shows.
 */
export function useFollowOtherTabsBranch() {
  const fromCookie = useActiveBranchCookie();
  const activeId = useSession().activeStoreBranch?.id;
  useEffect(() => {
    if (!fromCookie || fromCookie === activeId) return;
    let live = true;
    authApi
      .profile()
      .then(async ({ activeStoreBranch }) => {
        if (!live || !activeStoreBranch || activeStoreBranch.id === activeId) return;
        setActiveStoreBranch(activeStoreBranch);
        await revalidateAfterBranchSwitch();
      })
      // Not reachable now: the next read tries again; a 401 ends the session on its own.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [fromCookie, activeId]);
}

/**
 * The active-branch switcher of the header. Switching tells the server (session and branch cookie), updates the
 * session atom every remote reads, and refetches every cached answer, since nearly all data is per branch.
 */
export function BranchSwitcher() {
  const { activeStoreBranch } = useSession();
  const { data: branches, isLoading, error } = useSWR(cacheKey('branches', 'list'), () => branchApi.list());
  const [switching, setSwitching] = useState(false);

  const options = useMemo(() => {
    const list: Branch[] = branches ? [...branches] : [];
    if (activeStoreBranch && !list.some((b) => b.id === activeStoreBranch.id)) list.unshift(activeStoreBranch);
    return list.map((b) => {
      const place = [b.address.city, stateName(b.address.stateCode)].filter(Boolean).join(', ');
      return {
        value: b.id,
        label: b.name,
        title: place ? `${b.name} · ${place}` : b.name,
      };
    });
  }, [branches, activeStoreBranch]);

  const switchTo = async (id: string) => {
    if (id === activeStoreBranch?.id) return;
    setSwitching(true);
    try {
      const branch = await branchApi.setActive(id);
      setActiveStoreBranch(branch);
      notify.success(`${branch.name} is now the active branch`);
      await revalidateAfterBranchSwitch();
    } catch (e) {
      notify.error('Could not switch the branch', { description: errorMessage(e) });
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Select
      aria-label="Active branch"
      className="bahi-branch-switcher"
      prefix={<ShopOutlined />}
      value={activeStoreBranch?.id}
      placeholder={error ? 'Branches unavailable' : 'Choose a branch'}
      options={options}
      loading={isLoading || switching}
      disabled={switching}
      onChange={switchTo}
      popupMatchSelectWidth={false}
      showSearch={options.length > 6 ? { optionFilterProp: 'label' } : false}
      notFoundContent={isLoading ? 'Loading branches…' : 'No branches yet'}
    />
  );
}
