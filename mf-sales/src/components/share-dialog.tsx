import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Popconfirm, Select, Space, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, LinkOutlined, ShareAltOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { SHARE_LINK_DAYS, errorMessage, formatRupees, shareApi, type Quotation, type SaleInvoice, type ShareLink, type ShareableKind } from '@bahi/shared';
import { notify } from '@bahi/shared/ui';

/** The document a link is made for, and what the message to its customer says. */
export interface ShareTarget {
  kind: ShareableKind;
  id: string;
  number: string;
  partyName: string | null;
  /** The customer's 10-digit mobile number, for WhatsApp. */
  mobile: string | null;
  businessName: string;
  grandTotal: string;
  /** An invoice's balance; none for a quotation. */
  due?: string;
  /** Days past the due date, for a reminder. */
  daysOverdue?: number;
}

/** The short message that goes with a link: the amount due and, for a reminder, how late it is. */
export function shareMessage(target: ShareTarget, url: string): string {
  const greeting = target.partyName ? `Dear ${target.partyName},` : 'Hello,';
  if (target.kind === 'quotation') {
    return `${greeting} here is quotation ${target.number} from ${target.businessName} for ${formatRupees(target.grandTotal)}. View it here: ${url}`;
  }
  const due = target.due && Number(target.due) > 0 ? target.due : null;
  const late = target.daysOverdue && target.daysOverdue > 0 ? `, overdue by ${target.daysOverdue} ${target.daysOverdue === 1 ? 'day' : 'days'}` : '';
  const amount = due ? `${formatRupees(due)} is due${late}` : 'it is fully paid, thank you';
  return `${greeting} invoice ${target.number} from ${target.businessName} for ${formatRupees(target.grandTotal)}: ${amount}. View${due ? ' and pay' : ''} here: ${url}`;
}

/** wa.me with the customer's number (India, +91) when known, else WhatsApp asks whom to send it to. */
export function whatsAppUrl(mobile: string | null, message: string): string {
  const digits = mobile?.replace(/\D/g, '').slice(-10);
  return `https://wa.me/${digits && digits.length === 10 ? `91${digits}` : ''}?text=${encodeURIComponent(message)}`;
}

/** Links made in this tab, by document: a reminder reuses one that still has a day left rather than make another. */
const madeLinks = new Map<string, ShareLink>();
const DAY_MS = 86_400_000;
const linkKey = (kind: ShareableKind, id: string) => `${kind}:${id}`;

/** A live link to the document made in this tab, or a new one (30 days). */
export async function linkFor(kind: ShareableKind, id: string, expiresInDays?: number, fresh = false): Promise<ShareLink> {
  const known = madeLinks.get(linkKey(kind, id));
  if (!fresh && known && new Date(known.expiresAt).getTime() - Date.now() > DAY_MS) return known;
  const link = await shareApi.create(kind, id, expiresInDays ? { expiresInDays } : {});
  madeLinks.set(linkKey(kind, id), link);
  return link;
}

const EXPIRY_OPTIONS = [1, 7, 15, 30, 60, 90].map((d) => ({ value: d, label: `${d} ${d === 1 ? 'day' : 'days'}` }));

/**
 * Share a document by link: pick how long it lasts, make the link, copy it or send it on WhatsApp with a short
 * message; or revoke every link made so far.
 */
export function ShareDialog({ open, target, onClose }: { open: boolean; target: ShareTarget; onClose: () => void }) {
  const [days, setDays] = useState<number>(SHARE_LINK_DAYS.default);
  const [link, setLink] = useState<ShareLink | null>(null);
  const [busy, setBusy] = useState<'create' | 'revoke' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noun = target.kind === 'invoice' ? 'invoice' : 'quotation';

  const create = async () => {
    setBusy('create');
    setError(null);
    try {
      setLink(await linkFor(target.kind, target.id, days, true));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const revoke = async () => {
    setBusy('revoke');
    setError(null);
    try {
      const res = await shareApi.revoke(target.kind, target.id);
      madeLinks.delete(linkKey(target.kind, target.id));
      setLink(null);
      notify.success(res.message);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      notify.success('Link copied');
    } catch {
      setError('Could not copy: select the link and copy it yourself.');
    }
  };

  return (
    <Modal open={open} title={`Share ${noun} ${target.number}`} onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>} destroyOnHidden>
      <Flex vertical gap={12}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          Anyone with the link can view this {noun} and download its PDF{target.kind === 'invoice' ? ', and pay what is due by UPI' : ''}, without
          logging in. Nothing else of your business is shown.
        </Typography.Paragraph>
        <Space wrap>
          <label htmlFor="share-expiry">Link lasts</label>
          <Select id="share-expiry" aria-label="Link lasts" value={days} onChange={setDays} options={EXPIRY_OPTIONS} style={{ width: 120 }} />
          <Button type="primary" icon={<LinkOutlined />} loading={busy === 'create'} onClick={create}>
            {link ? 'Make a new link' : 'Create link'}
          </Button>
        </Space>
        {link ? (
          <>
            <Input readOnly aria-label="Share link" value={link.url} onFocus={(e) => e.target.select()} />
            <Typography.Text type="secondary">Valid until {new Date(link.expiresAt).toLocaleDateString('en-IN', { day: '2-digit', month: '2-digit', year: 'numeric' }).replace(/\//g, '-')}</Typography.Text>
            <Space wrap>
              <Button icon={<CopyOutlined />} onClick={copy}>
                Copy link
              </Button>
              <Button icon={<WhatsAppOutlined />} href={whatsAppUrl(target.mobile, shareMessage(target, link.url))} target="_blank" rel="noopener noreferrer">
                Share on WhatsApp
              </Button>
            </Space>
            {!target.mobile ? <Typography.Text type="secondary">No mobile number for this customer: WhatsApp will ask whom to send it to.</Typography.Text> : null}
          </>
        ) : null}
        {error ? <Alert type="error" showIcon message={error} /> : null}
        <Popconfirm
          title="Revoke every link to this document?"
          description="Anyone who opens one will see that it is no longer available."
          okText="Revoke"
          okButtonProps={{ danger: true }}
          onConfirm={revoke}
        >
          <Button danger icon={<DeleteOutlined />} loading={busy === 'revoke'} style={{ alignSelf: 'flex-start' }}>
            Revoke links
          </Button>
        </Popconfirm>
      </Flex>
    </Modal>
  );
}

/** The Share button of a document's page, with its dialog. */
export function ShareButton({ target }: { target: ShareTarget }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ShareAltOutlined />} onClick={() => setOpen(true)}>
        Share
      </Button>
      <ShareDialog open={open} target={target} onClose={() => setOpen(false)} />
    </>
  );
}

/** Opens WhatsApp with a payment reminder for an overdue invoice, reusing this tab's live link or making one. */
export async function sendReminder(target: ShareTarget): Promise<void> {
  // Opened before the request so the browser does not block it as a pop-up; it gets no handle on this page.
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const link = await linkFor(target.kind, target.id);
    const url = whatsAppUrl(target.mobile, shareMessage(target, link.url));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
  } catch (e) {
    tab?.close();
    notify.error(`Could not make a link for ${target.number}`, { description: errorMessage(e) });
  }
}

/** What a sale invoice's link and message need. */
export function invoiceShareTarget(invoice: SaleInvoice, daysOverdue?: number): ShareTarget {
  return {
    kind: 'invoice',
    id: invoice.id,
    number: invoice.invoiceNumber,
    partyName: invoice.party?.name ?? null,
    mobile: invoice.party?.mobileNumber ?? null,
    businessName: invoice.branch.businessName,
    grandTotal: invoice.totals.grandTotal,
    due: invoice.balance,
    daysOverdue,
  };
}

export function quotationShareTarget(quotation: Quotation): ShareTarget {
  return {
    kind: 'quotation',
    id: quotation.id,
    number: quotation.quotationNumber,
    partyName: quotation.party?.name ?? null,
    mobile: quotation.party?.mobileNumber ?? null,
    businessName: quotation.branch.businessName,
    grandTotal: quotation.totals.grandTotal,
  };
}
