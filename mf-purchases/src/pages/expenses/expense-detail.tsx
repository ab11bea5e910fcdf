import { useState } from 'react';
import { Button, Drawer, Flex, Tag, Typography, Upload } from 'antd';
import { PaperClipOutlined, StopOutlined } from '@ant-design/icons';
import { errorMessage, expenseApi, formatRupees, indiaToday, revalidateArea, type Expense } from '@bahi/shared';
import { CancelModal, DetailRows, HistorySection, PAYMENT_MODE_LABELS, RecordLoader, formatDate, notify } from '@bahi/shared/ui';
import { useExpense } from './data';
import { receiptProblem } from './expense-form';

const sizeOf = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A receipt attached (or replaced) later: the same checks as the quick-add form, then the upload. */
function AttachReceipt({ expense, onAttached }: { expense: Expense; onAttached: (e: Expense) => void }) {
  const [saving, setSaving] = useState(false);
  return (
    <Upload
      accept=".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg"
      showUploadList={false}
      beforeUpload={(file) => {
        const problem = receiptProblem(file);
        if (problem) {
          notify.error('Receipt not attached', { description: problem });
          return false;
        }
        setSaving(true);
        expenseApi
          .attachReceipt(expense.id, file, file.name)
          .then((updated) => {
            notify.success(`Receipt attached to ${expense.expenseNumber}`);
            onAttached(updated);
          })
          .catch((e: unknown) => notify.error('Receipt not attached', { description: errorMessage(e) }))
          .finally(() => setSaving(false));
        return false;
      }}
    >
      <Button size="small" icon={<PaperClipOutlined />} loading={saving}>
        {expense.receipt ? 'Replace receipt' : 'Attach receipt'}
      </Button>
    </Upload>
  );
}

function ExpenseBody({ expense, onCancel, onChange }: { expense: Expense; onCancel: () => void; onChange: (e: Expense) => void }) {
  const cancelled = expense.status === 'CANCELLED';
  const tax =
    expense.gstRate === null
      ? []
      : [
          { label: 'GST rate', value: `${expense.gstRate} %` },
          { label: 'Taxable value', value: formatRupees(expense.taxableValue) },
          ...(expense.supplyType === 'INTER'
            ? [{ label: 'IGST', value: formatRupees(expense.igst) }]
            : [
                { label: 'CGST', value: formatRupees(expense.cgst) },
                { label: 'SGST', value: formatRupees(expense.sgst) },
              ]),
          { label: 'Supplier GSTIN', value: expense.supplierGstin },
          { label: 'Input tax credit', value: expense.itcEligible ? formatRupees(expense.itcAmount) : 'Not eligible' },
        ];
  return (
    <Flex vertical gap={16}>
      <Flex align="center" justify="space-between" gap={8} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {formatRupees(expense.amount)}
        </Typography.Title>
        {cancelled ? <Tag color="red">Cancelled</Tag> : <Tag color="green">Paid</Tag>}
      </Flex>
      {cancelled ? (
        <Typography.Text type="danger">
          Cancelled on {expense.cancelledAt ? formatDate(indiaToday(new Date(expense.cancelledAt))) : '-'}
          {expense.cancelReason ? `: ${expense.cancelReason}` : ''}
        </Typography.Text>
      ) : null}
      <DetailRows
        rows={[
          { label: 'Date', value: formatDate(expense.date) },
          { label: 'Category', value: expense.categoryName },
          { label: 'Branch', value: expense.branchName },
          ...tax,
          { label: 'Paid from', value: `${expense.accountName} · ${PAYMENT_MODE_LABELS[expense.mode]}` },
          { label: 'Reference', value: expense.reference },
          { label: 'Party', value: expense.partyName },
          { label: 'Notes', value: expense.notes },
          {
            label: 'Receipt',
            value: (
              <Flex vertical gap={6} align="start">
                {expense.receipt ? (
                  <a href={expense.receipt.url} target="_blank" rel="noreferrer">
                    <PaperClipOutlined /> {expense.receipt.fileName} ({sizeOf(expense.receipt.size)})
                  </a>
                ) : (
                  <span>No receipt attached</span>
                )}
                {cancelled ? null : <AttachReceipt expense={expense} onAttached={onChange} />}
              </Flex>
            ),
          },
        ]}
      />
      {!cancelled ? (
        <div>
          <Button danger icon={<StopOutlined />} onClick={onCancel}>
            Cancel expense
          </Button>
        </div>
      ) : null}
      <HistorySection entityId={expense.id} area="expenses" />
    </Flex>
  );
}

/** One expense beside the list: its tax, how it was paid, its receipt; Cancel (with a reason) gives the money back. */
export function ExpenseDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const result = useExpense(id);
  const [cancelling, setCancelling] = useState(false);
  const expense = result.data;
  return (
    <Drawer open={!!id} onClose={onClose} size={480} title={expense ? `Expense ${expense.expenseNumber}` : 'Expense'} destroyOnHidden>
      {id ? (
        <RecordLoader noun="expense" back="/expenses" result={result}>
          {(e) => (
            <>
              <ExpenseBody
                expense={e}
                onCancel={() => setCancelling(true)}
                onChange={(updated) => {
                  void result.mutate(updated, { revalidate: false });
                  void revalidateArea('expenses');
                }}
              />
              <CancelModal
                open={cancelling}
                title={`Cancel expense ${e.expenseNumber}?`}
                consequence={`It keeps its number, and ${formatRupees(e.amount)} comes back into ${e.accountName}.`}
                cancel={async (reason) => {
                  const updated = await expenseApi.cancel(e.id, { reason });
                  await result.mutate(updated, { revalidate: false });
                  notify.success(`Expense ${e.expenseNumber} cancelled`);
                  void revalidateArea('expenses', 'accounts');
                }}
                onClose={() => setCancelling(false)}
              />
            </>
          )}
        </RecordLoader>
      ) : null}
    </Drawer>
  );
}
