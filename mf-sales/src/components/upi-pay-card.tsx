import useSWR from 'swr';
import { Card, Flex, Typography } from 'antd';
import { cacheKey, formatRupees, shareApi, type SaleInvoice } from '@bahi/shared';

/**
 * "Scan to pay": the UPI QR of what is still due on the invoice, for a customer at the counter (and on the A4
 * print, under the invoice). Nothing when nothing is due or the business has set no UPI ID.
 */
export function UpiPayCard({ invoice }: { invoice: SaleInvoice }) {
  const due = invoice.status !== 'CANCELLED' && Number(invoice.balance) > 0;
  const { data } = useSWR(due ? cacheKey('sales', 'upi-qr', invoice.id, invoice.balance) : null, () => shareApi.upiQr(invoice.id));
  const qr = data?.upiQr;
  if (!due || !qr) return null;
  return (
    <div data-print-root>
      <Card size="small" aria-label="Pay by UPI" style={{ maxWidth: 880, margin: '16px auto 0' }}>
        <Flex gap={16} align="center" wrap>
          <img src={qr.png} alt={`UPI QR code to pay ${formatRupees(invoice.balance)}`} width={148} height={148} style={{ imageRendering: 'pixelated' }} />
          <Flex vertical gap={4}>
            <Typography.Text strong>Scan to pay {formatRupees(invoice.balance)} by UPI</Typography.Text>
            <Typography.Text type="secondary">Any UPI app: the amount and invoice number {invoice.invoiceNumber} are filled in.</Typography.Text>
          </Flex>
        </Flex>
      </Card>
    </div>
  );
}
