import { Card, Flex, Table, Tag } from 'antd';
import { formatRupees, type SalePayment } from '@bahi/shared';
import { PAYMENT_MODE_LABELS, formatDate } from './format';

/** The payments of a document (in on a sale, out on a purchase); a reversed one is struck through. */
export function PaymentsCard({ payments, emptyText }: { payments: SalePayment[]; emptyText: string }) {
  return (
    <Card title="Payments" size="small" style={{ maxWidth: 880, margin: '16px auto 0' }}>
      <Table<SalePayment>
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

