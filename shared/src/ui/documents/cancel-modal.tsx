import { useEffect, useState } from 'react';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { CancelDocumentRequest, DOCUMENT_LIMITS, errorMessage } from '@bahi/shared';
import { notify } from '../notifications';

/** Cancelling keeps the number; the reason is asked for and printed on the document. */
export function CancelModal(props: {
  open: boolean;
  title: string;
  consequence: string;
  cancel: (reason: string) => Promise<unknown>;
  onClose: (cancelled: boolean) => void;
}) {
  const { open, title, consequence, cancel, onClose } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);

  const submit = async () => {
    const parsed = CancelDocumentRequest.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0].message);
      return;
    }
    setSaving(true);
    try {
      await cancel(parsed.data.reason);
      onClose(true);
    } catch (e) {
      notify.error('Not cancelled', { description: errorMessage(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={() => !saving && onClose(false)}
      destroyOnHidden
      footer={[
        <Button key="keep" onClick={() => onClose(false)} disabled={saving}>
          Keep it
        </Button>,
        <Button key="cancel" danger type="primary" loading={saving} onClick={submit}>
          Cancel it
        </Button>,
      ]}
    >
      <Typography.Paragraph>{consequence}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item label="Reason" required validateStatus={error ? 'error' : undefined} help={error} htmlFor="cancel-reason">
          <Input.TextArea
            id="cancel-reason"
            autoFocus
            rows={2}
            maxLength={DOCUMENT_LIMITS.reason}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(undefined);
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
