import { Card, Flex, Table, Tag, Typography } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { formatRupees, pdfUrls, type SalePayment } from '@bahi/shared';
import { PAYMENT_MODE_LABELS, formatDate } from './format';

type Payment = SalePayment & { paymentVoucherNumber?: string | null };

/** A payment's voucher (reverse charge from an unregistered supplier): its number and its PDF. */
export function VoucherLink({ id, number }: { id: string; number: string }) {
  return (
    <Typography.Link href={pdfUrls.paymentVoucher(id)} aria-label={`Payment voucher ${number} PDF`} onClick={(e) => e.stopPropagation()}>
      <FilePdfOutlined /> {number}
    </Typography.Link>
  );
}

/**
 * The payments of a document (in on a sale, out on a purchase); a reversed one is struck through. A payment for a
 * bill under reverse charge from an unregistered supplier shows its payment voucher.
 */
export function PaymentsCard({ payments, emptyText }: { payments: Payment[]; emptyText: string }) {
  const vouchers = payments.some((p) => p.paymentVoucherNumber);
  return (
    <Card title="Payments" size="small" style={{ maxWidth: 880, margin: '16px auto 0' }}>
      <Table<Payment>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={payments}
        locale={{ emptyText }}
        columns={[
          { title: 'Date', dataIndex: 'date', width: 110, render: formatDate },
          { title: 'Mode', dataIndex: 'mode', width: 130, render: (m: SalePayment['mode']) => PAYMENT_MODE_LABELS[m] },
          { title: 'Account', dataIndex: 'accountName' },
          { title: 'Reference', dataIndex: 'reference', render: (r: string | null) => r ?? '-' },
          ...(vouchers
            ? [
                {
                  title: 'Payment voucher',
                  key: 'voucher',
                  render: (_: unknown, p: Payment) => (p.paymentVoucherNumber ? <VoucherLink id={p.id} number={p.paymentVoucherNumber} /> : '-'),
                },
              ]
            : []),
          {
            title: 'Amount',
            dataIndex: 'amount',
            align: 'right',
            width: 160,
            render: (a: string, p) => (
              <Flex justify="flex-end" gap={6}>
                {p.reversed ? <Tag>Reversed</Tag> : null}
                <span style={{ textDecoration: p.reversed ? 'line-through' : undefined }}>{formatRupees(a)}</span>
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}

