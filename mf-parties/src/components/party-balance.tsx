import { Typography } from 'antd';
import { formatRupees, type Party } from '@bahi/shared';

/**
 * What stands between the business and the party today (opening balance + sales − payments in − purchases +
 * payments out, as the API answers it): to receive in green, to pay in red, settled plain.
 */
export function PartyBalance({ party }: { party: Pick<Party, 'balance' | 'openingBalance'> }) {
  const amount = party.balance ?? party.openingBalance ?? '0';
  const n = Number(amount);
  const figure = <span style={{ fontVariantNumeric: 'tabular-nums' }}>{formatRupees(Math.abs(n).toFixed(2))}</span>;
  if (n === 0) return figure;
  return (
    <Typography.Text type={n > 0 ? 'success' : 'danger'}>
      {figure} <span style={{ fontSize: 12 }}>{n > 0 ? 'to receive' : 'to pay'}</span>
    </Typography.Text>
  );
}
