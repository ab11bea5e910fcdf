import { Button, Tooltip } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { indiaToday, useCan, useSession, type SaleInvoiceSummary } from '@bahi/shared';
import { sendReminder } from './share-dialog';

const DAY_MS = 86_400_000;

/** Whole days from the due date to today (India). */
export function daysOverdue(dueDate: string, today = indiaToday(new Date())): number {
  return Math.max(0, Math.round((Date.parse(today) - Date.parse(dueDate)) / DAY_MS));
}

/** "Send reminder" on an overdue invoice of the list: WhatsApp with the amount due, the days overdue and a link. */
export function ReminderButton({ invoice }: { invoice: SaleInvoiceSummary }) {
  const { user } = useSession();
  const canShare = useCan('sales.create');
  if (!invoice.isOverdue || !canShare) return null;
  const days = daysOverdue(invoice.dueDate);
  return (
    <Tooltip title={`Remind ${invoice.partyName ?? 'the customer'} on WhatsApp`}>
      <Button
        size="small"
        icon={<BellOutlined />}
        onClick={(e) => {
          e.stopPropagation();
          void sendReminder({
            kind: 'invoice',
            id: invoice.id,
            number: invoice.invoiceNumber,
            partyName: invoice.partyName,
            mobile: invoice.partyMobile,
            businessName: user?.business.name ?? '',
            grandTotal: invoice.grandTotal,
            due: invoice.balance,
            daysOverdue: days,
          });
        }}
      >
        Send reminder
      </Button>
    </Tooltip>
  );
}
