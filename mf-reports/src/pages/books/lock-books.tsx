import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Button, Card, Flex, Form, Typography } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import {
  GST_START_DATE,
  cacheKey,
  dayMonthYear,
  errorMessage,
  indiaToday,
  revalidateArea,
  settingsApi,
  useCan,
} from '@bahi/shared';
import { DateField, notify } from '@bahi/shared/ui';

/*
 * Lock books (GET / PUT settings/lock-books): the books closed up to a date, so nothing dated on or before it is
 * created, edited or cancelled. The owner and the accountant change it; everyone else sees it.
 */

/** The closed period and, for the owner or accountant, the date to close the books up to (or Open books). */
export function LockBooksCard() {
  // Closing and opening the books is the books' own edit (owner, admin, accountant).
  const may = useCan('books.edit');
  const key = cacheKey('reports', 'lock-books');
  const { data, error, mutate } = useSWR(key, () => settingsApi.lockBooks(), { revalidateOnFocus: false });
  const [date, setDate] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const today = indiaToday();

  const save = async (lockedUntil: string | null) => {
    setSaving(true);
    setProblem(null);
    try {
      const saved = await settingsApi.updateLockBooks({ lockedUntil });
      await mutate(saved, { revalidate: false });
      notify.success(saved.lockedUntil ? `Books closed up to ${dayMonthYear(saved.lockedUntil)}` : 'Books opened');
      setDate('');
      void revalidateArea('reports');
    } catch (e) {
      setProblem(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="Lock books" size="small" style={{ marginTop: 16, maxWidth: 560 }} aria-label="Lock books">
      {error && !data ? <Alert type="error" showIcon title="Could not load the lock date" description={errorMessage(error)} /> : null}
      {data ? (
        <Typography.Paragraph data-testid="lock-books-status">
          {data.lockedUntil
            ? `Books are closed up to ${dayMonthYear(data.lockedUntil)}: nothing dated on or before it can be created, edited or cancelled.`
            : 'Books are open: documents of any date may be entered, edited or cancelled.'}
        </Typography.Paragraph>
      ) : null}
      {may && data ? (
        <Form layout="vertical" onSubmitCapture={(e) => e.preventDefault()}>
          <Form.Item
            label="Close the books up to"
            htmlFor="lock-books-date"
            validateStatus={problem ? 'error' : undefined}
            help={problem ?? 'Sales, purchases, notes, expenses, payments, journals and cash movements on or before this date are locked.'}
          >
            <DateField id="lock-books-date" value={date} onChange={setDate} range={{ min: GST_START_DATE, max: today }} />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" icon={<LockOutlined />} disabled={!date} loading={saving} onClick={() => void save(date)}>
              Lock books
            </Button>
            {data.lockedUntil ? (
              <Button icon={<UnlockOutlined />} disabled={saving} onClick={() => void save(null)}>
                Open books
              </Button>
            ) : null}
          </Flex>
        </Form>
      ) : null}
    </Card>
  );
}
