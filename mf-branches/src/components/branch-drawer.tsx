import { Drawer } from 'antd';
import type { Branch } from '@bahi/shared';
import { BranchForm } from './branch-form';

export interface BranchDrawerProps {
  open: boolean;
  /** The branch to edit; without it the drawer creates one. */
  branch?: Branch;
  onClose: () => void;
  onSaved?: (branch: Branch) => void;
}

/** The branch form in a side drawer; a fresh form every time it opens. */
export function BranchDrawer({ open, branch, onClose, onSaved }: BranchDrawerProps) {
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={branch ? `Edit ${branch.name}` : 'Create branch'}
      size={560}
      destroyOnHidden
      // The drawer takes focus when it opens; hand it to the first field so typing can start at once.
      afterOpenChange={(isOpen) => {
        if (isOpen) document.getElementById('branch_name')?.focus();
      }}
      styles={{ body: { paddingBottom: 0 } }}
    >
      {open ? (
        <BranchForm
          branch={branch}
          onCancel={onClose}
          onSaved={(saved) => {
            onSaved?.(saved);
            onClose();
          }}
        />
      ) : null}
    </Drawer>
  );
}
