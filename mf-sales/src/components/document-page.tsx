import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Dropdown, Flex } from 'antd';
import { CopyOutlined, MoreOutlined, StopOutlined } from '@ant-design/icons';
import { CancelModal, PageHeader } from '@bahi/shared/ui';
import { PrintActions } from './document-actions';
import { DocumentView, ThermalReceipt, type SalesDocument } from './document-view';
import { PrintStyles } from './print';
import { useBusinessProfile } from './profile-defaults';

/** How a document is cancelled: the dialog's title and consequence, and the call (it updates the screen). */
export interface DocumentCancel {
  /** The menu item: 'Cancel invoice'. */
  label: string;
  /** Whether the document can still be cancelled (the menu offers it). */
  allowed: boolean;
  title: string;
  consequence: string;
  run: (reason: string) => Promise<void>;
}

/**
 * The screen of a sale document (invoice or quotation) as the customer gets it: the header with its number and
 * status, the print and PDF actions, the document's own main action, More (Duplicate, Cancel), the A4 page and
 * the two till receipts that print, then what the document adds below (payments) and the cancel dialog.
 */
export function SalesDocumentPage(props: {
  doc: SalesDocument;
  back: string;
  /** 'Invoice MUM/26-27/7' */
  title: string;
  status: ReactNode;
  subtitle?: ReactNode;
  /** The primary action between print and More (Record payment, Convert to invoice), if any. */
  action?: ReactNode;
  /** Where Duplicate goes: the create screen prefilled from this document (none: no Duplicate). */
  duplicatePath?: string;
  /** More actions before Duplicate and Cancel (Return / credit note, Debit note). */
  moreItems?: Array<{ key: string; icon: ReactNode; label: string; onClick: () => void }>;
  cancel: DocumentCancel;
  children?: ReactNode;
}) {
  const { doc, back, title, status, subtitle, action, duplicatePath, moreItems = [], cancel, children } = props;
  const pdfKind = doc.kind === 'note' ? (doc.noteType === 'CREDIT' ? 'credit-note' : 'debit-note') : doc.kind;
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState(false);
  const profile = useBusinessProfile();

  return (
    <>
      <PrintStyles />
      <PageHeader
        back={back}
        title={
          <Flex align="center" gap={8} wrap>
            <span>{title}</span>
            {status}
          </Flex>
        }
        subtitle={subtitle}
        extra={
          <>
            <PrintActions kind={pdfKind} id={doc.id} thermalDefault={profile?.print.thermalWidth} />
            {action}
            <Dropdown
              trigger={['click']}
              menu={{
                items: [
                  ...moreItems.map(({ key, icon, label }) => ({ key, icon, label })),
                  ...(duplicatePath ? [{ key: 'duplicate', icon: <CopyOutlined />, label: 'Duplicate' }] : []),
                  ...(cancel.allowed ? [{ key: 'cancel', icon: <StopOutlined />, label: cancel.label, danger: true }] : []),
                ],
                onClick: ({ key }) => {
                  const extra = moreItems.find((m) => m.key === key);
                  if (extra) extra.onClick();
                  else if (key === 'duplicate' && duplicatePath) navigate(duplicatePath);
                  else setCancelling(true);
                },
              }}
            >
              <Button icon={<MoreOutlined />} aria-label="More actions">
                More
              </Button>
            </Dropdown>
          </>
        }
      />
      <div data-print-root>
        <DocumentView doc={doc} profile={profile} />
        <ThermalReceipt doc={doc} width={80} />
        <ThermalReceipt doc={doc} width={58} />
      </div>
      {children}
      <CancelModal open={cancelling} title={cancel.title} consequence={cancel.consequence} cancel={cancel.run} onClose={() => setCancelling(false)} />
    </>
  );
}
