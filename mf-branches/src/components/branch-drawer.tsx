import { useState } from 'react';
import { Drawer } from 'antd';
import type { Branch } from '@bahi/shared';
import { useUnsavedChanges } from '@bahi/shared/ui';
import { BranchForm } from './branch-form';

export interface BranchDrawerProps {
  open: boolean;
  /** The branch to edit; without it the drawer creates one. */
  branch?: Branch;
  onClose: () => void;
  onSaved?: (branch: Branch) => void;
}

/** The branch form in a side drawer; a fresh form every time it opens. Closing with changes asks first. */
export function BranchDrawer({ open, branch, onClose, onSaved }: BranchDrawerProps) {
  const [dirty, setDirty] = useState(false);
  const unsaved = useUnsavedChanges(open && dirty);
  const close = () => {
    setDirty(false);
    onClose();
  };
  const cancel = () => unsaved.confirmDiscard(close);

  return (
    <Drawer
      open={open}
      onClose={cancel}
      title={branch ? `Edit ${branch.name}` : 'Create branch'}
      size={560}
      destroyOnHidden
      // The drawer takes focus when it opens; hand it to the first field so typing can start at once.
      afterOpenChange={(isOpen) => {
        if (isOpen) document.getElementById('branch_name')?.focus();
      }}
      styles={{ body: { paddingBottom: 0 } }}
    >
      {unsaved.guard}
      {open ? (
        <BranchForm
          branch={branch}
          onEdit={() => setDirty(true)}
          onCancel={cancel}
          onSaved={(saved) => {
            unsaved.markSaved();
            onSaved?.(saved);
            close();
          }}
        />
      ) : null}
    </Drawer>
  );
}
