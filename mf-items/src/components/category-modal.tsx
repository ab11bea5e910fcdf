import { useEffect, useRef, useState } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import type { InputRef } from 'antd';
import { ITEM_MESSAGES, itemApi, revalidateArea, type ItemCategory } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';
import { serverMessage } from './item-data';

export interface CreateItemCategoryModalProps {
  open: boolean;
  /** The created category, or nothing when cancelled or closed. */
  onClose: (created?: ItemCategory) => void;
  /** How long its notifications stay (3000 ms when opened from the item dialog). */
  toastDuration?: number;
}

/**
 * Create Item Category: a full-screen overlay with a dimmed backdrop, 'Category Name', Cancel and Add.
 * An empty name gets a browser alert and no request; a failure logs the error, shows the server's message and
 * stays open.
 */
export function CreateItemCategoryModal({ open, onClose, toastDuration }: CreateItemCategoryModalProps) {
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (open) setName('');
  }, [open]);

  const add = async () => {
    const catagory = name.trim();
    if (!catagory) {
      window.alert(ITEM_MESSAGES.categoryRequired);
      return;
    }
    setSaving(true);
    try {
      const created = await itemApi.createCategory({ catagory });
      notify.success(ITEM_MESSAGES.categoryCreated, { duration: toastDuration });
      void revalidateArea('items');
      onClose(created);
    } catch (e) {
      console.error(e);
      notify.error(serverMessage(e) ?? (e instanceof Error ? e.message : 'Could not create the category'), { duration: toastDuration });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Create Item Category"
      onCancel={() => onClose()}
      afterOpenChange={(visible) => visible && input.current?.focus()}
      destroyOnHidden
      centered
      width={440}
      mask={{ closable: false }}
      styles={{ mask: { backgroundColor: 'rgba(0, 0, 0, 0.55)' } }}
      footer={[
        <Button key="cancel" onClick={() => onClose()} disabled={saving}>
          Cancel
        </Button>,
        <Button key="add" type="primary" onClick={add} loading={saving}>
          Add
        </Button>,
      ]}
    >
      <Form layout="vertical" onFinish={add} component="div">
        <Form.Item label="Category Name" htmlFor="item-category-name" style={{ marginBottom: 8 }}>
          <Input
            id="item-category-name"
            ref={input}
            placeholder="Ex: Electronics"
            value={name}
            maxLength={60}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={add}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
