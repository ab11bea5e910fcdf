import type { Paise } from './types';

/** The four heads of GST a return pays, in paise. */
export interface GstHeads {
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  cess: Paise;
}
export type GstHead = keyof GstHeads;
export const GST_HEADS: readonly GstHead[] = ['igst', 'cgst', 'sgst', 'cess'];

export interface GstSetOffInput {
  /** Output tax on forward charge, per head (GSTR-3B 3.1(a) + 3.1(b)). */
  payable: GstHeads;
  /** Tax on inward supplies liable to reverse charge, per head (3.1(d)): paid in cash whatever the credit. */
  reverseCharge: GstHeads;
  /** Net input tax credit of the month, per head (4(C)). */
  credit: GstHeads;
}

/** One head of GSTR-3B table 6.1. */
export interface GstHeadPayment {
  payable: Paise;
  reverseCharge: Paise;
  /** Credit of each head used against this head's forward-charge tax. */
  itcUsed: GstHeads;
  /** payable − credit used + reverseCharge. */
  cash: Paise;
}

export interface GstSetOff {
  payment: Record<GstHead, GstHeadPayment>;
  /** Credit left after the set-off, per head. */
  creditCarriedForward: GstHeads;
}

const zero = (): GstHeads => ({ igst: 0, cgst: 0, sgst: 0, cess: 0 });

/**
 * The set-off of a month's GST (s.49(4), s.49(5), s.49A, Rule 88A), in paise:
 * - reverse-charge tax is paid in cash, never with credit;
 * - IGST credit goes first against IGST; what is left goes to the CGST that CGST credit cannot cover, then to the
 *   SGST that SGST credit cannot cover, then to the rest of CGST, then of SGST (so IGST credit is used up before
 *   CGST and SGST credit, and the least cash is paid);
 * - CGST credit against CGST, then IGST; SGST credit against SGST, then IGST; never CGST against SGST nor SGST
 *   against CGST;
 * - cess credit only against cess.
 * Amounts are non-negative integers of paise; anything else is a RangeError.
 */
export function gstSetOff(input: GstSetOffInput): GstSetOff {
  for (const part of ['payable', 'reverseCharge', 'credit'] as const) {
    for (const head of GST_HEADS) {
      const v = input[part][head];
      if (!Number.isSafeInteger(v) || v < 0) throw new RangeError(`${part}.${head} must be whole paise, not below 0: ${v}`);
    }
  }
  const due = { ...input.payable };
  const left = { ...input.credit };
  const used: Record<GstHead, GstHeads> = { igst: zero(), cgst: zero(), sgst: zero(), cess: zero() };
  /** Credit of head `from` against the tax still due of head `to`, as much as both allow. */
  const use = (from: GstHead, to: GstHead, most: Paise = Infinity) => {
    const amount = Math.min(left[from], due[to], most);
    left[from] -= amount;
    due[to] -= amount;
    used[to][from] += amount;
  };

  use('igst', 'igst');
  use('igst', 'cgst', Math.max(0, due.cgst - left.cgst));
  use('igst', 'sgst', Math.max(0, due.sgst - left.sgst));
  use('igst', 'cgst');
  use('igst', 'sgst');
  use('cgst', 'cgst');
  use('cgst', 'igst');
  use('sgst', 'sgst');
  use('sgst', 'igst');
  use('cess', 'cess');

  const payment = {} as Record<GstHead, GstHeadPayment>;
  for (const head of GST_HEADS) {
    payment[head] = {
      payable: input.payable[head],
      reverseCharge: input.reverseCharge[head],
      itcUsed: used[head],
      cash: due[head] + input.reverseCharge[head],
    };
  }
  return { payment, creditCarriedForward: left };
}
