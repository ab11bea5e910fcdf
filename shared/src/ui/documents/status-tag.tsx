import { Tag } from 'antd';
import type { QuotationStatus, SaleStatus } from '@bahi/shared';
import { QUOTATION_STATUS_LABELS, SALE_STATUS_LABELS } from './format';

const SALE_COLORS: Record<SaleStatus, string> = { PAID: 'green', PARTIAL: 'gold', UNPAID: 'default', CANCELLED: 'default' };

/** Paid, Part paid, Unpaid or Cancelled; an overdue invoice says so in red. */
export function SaleStatusTag({ status, isOverdue }: { status: SaleStatus; isOverdue: boolean }) {
  if (isOverdue && status !== 'CANCELLED') return <Tag color="red">{SALE_STATUS_LABELS.OVERDUE}</Tag>;
  return (
    <Tag color={SALE_COLORS[status]} style={status === 'CANCELLED' ? { textDecoration: 'line-through' } : undefined}>
      {SALE_STATUS_LABELS[status]}
    </Tag>
  );
}

const QUOTATION_COLORS: Record<QuotationStatus, string> = { OPEN: 'blue', CONVERTED: 'green', EXPIRED: 'orange', CANCELLED: 'default' };

export function QuotationStatusTag({ status }: { status: QuotationStatus }) {
  return <Tag color={QUOTATION_COLORS[status]}>{QUOTATION_STATUS_LABELS[status]}</Tag>;
}

/** A purchase bill has the statuses of a sale invoice (paid to the supplier rather than received). */
export const PurchaseStatusTag = SaleStatusTag;
