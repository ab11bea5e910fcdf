import { z } from 'zod';
import { ok } from './common';
import { MoneyString } from './money';

/**
 * GET report/cmp08?quarter=MMYYYY (the quarter's last month: 062026 is April–June 2026): a composition taxpayer's
 * quarterly statement (gst-rules.md "Registration types"). Tax on outward supplies = turnover × the composition
 * rate, half CGST and half SGST; plus the tax it pays on inward supplies under reverse charge.
 */
export const Cmp08Query = z.object({
  quarter: z
    .string({ error: 'quarter is required (MMYYYY of the quarter’s last month)' })
    .regex(/^(03|06|09|12)20\d\d$/, 'quarter is MMYYYY of the quarter’s last month: 03, 06, 09 or 12'),
});
export interface Cmp08Query {
  quarter: string;
}

const Heads = z.object({ cgst: MoneyString, sgst: MoneyString, igst: MoneyString, cess: MoneyString });

export const Cmp08 = z.object({
  gstin: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  /** Per cent. */
  compositionRate: z.string(),
  /** Outward supplies: the taxable value of the quarter's bills of supply (not cancelled), and the tax on it. */
  outward: z.object({ turnover: MoneyString }).extend(Heads.shape),
  /** Inward supplies under reverse charge: their taxable value and the tax the business pays on them. */
  reverseCharge: z.object({ taxableValue: MoneyString }).extend(Heads.shape),
  /** What is paid for the quarter: outward plus reverse-charge tax. */
  totalTax: MoneyString,
});
export type Cmp08 = z.infer<typeof Cmp08>;
export const Cmp08Response = ok(Cmp08);
