import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatRupees, type HomeFigures } from '@bahi/shared';
import { formatDate } from '@bahi/shared/ui';

const SHORT = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const COMPACT = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** The chart of the home screen (loaded with it only): each day's sales and money received, in rupees. */
export default function HomeChart({ days }: { days: HomeFigures['days'] }) {
  // Plotted as numbers (a bar's height); every figure a person reads is the exact rupee string.
  const data = days.map((d) => ({ date: d.date, sales: Number(d.sales), received: Number(d.received), label: SHORT.format(new Date(`${d.date}T00:00:00Z`)) }));
  const exact = new Map(days.map((d) => [d.date, d]));
  return (
    <ResponsiveContainer width="100%" height={240}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={16} />
        <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => `₹${COMPACT.format(v)}`} width={56} />
        <Tooltip
          labelFormatter={(_, payload) => (payload?.[0] ? formatDate(String(payload[0].payload.date)) : '')}
          formatter={(_, name, item) => {
            const day = exact.get(String(item.payload.date));
            return [formatRupees(name === 'Sales' ? (day?.sales ?? '0') : (day?.received ?? '0')), name];
          }}
        />
        <Legend />
        <Bar dataKey="sales" name="Sales" fill="#1677ff" radius={[3, 3, 0, 0]} />
        <Bar dataKey="received" name="Received" fill="#52c41a" radius={[3, 3, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
