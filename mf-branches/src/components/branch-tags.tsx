import { Tag } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useActiveBranchId, type Branch } from '@bahi/shared';

/** True when the active branch (its cookie, else the session's) is this one. */
export function useIsActiveBranch(branch: Pick<Branch, 'id'> | undefined): boolean {
  const activeId = useActiveBranchId();
  return !!branch && activeId === branch.id;
}

/** 'Default' and 'Active' badges beside a branch name. */
export function BranchTags({ branch }: { branch: Branch }) {
  const active = useIsActiveBranch(branch);
  return (
    <>
      {branch.isDefault ? (
        <Tag color="blue" variant="outlined">
          Default
        </Tag>
      ) : null}
      {active ? (
        <Tag color="green" icon={<CheckCircleFilled />}>
          Active
        </Tag>
      ) : null}
    </>
  );
}
