/** @jest-environment node */
import { GST_HEADS, gstSetOff } from '.';
import type { GstHeads, GstSetOff } from '.';

/** Heads in rupees (whole), to paise. */
const rs = (h: Partial<GstHeads> = {}): GstHeads => ({ igst: (h.igst ?? 0) * 100, cgst: (h.cgst ?? 0) * 100, sgst: (h.sgst ?? 0) * 100, cess: (h.cess ?? 0) * 100 });
const cash = (r: GstSetOff) => GST_HEADS.map((h) => r.payment[h].cash / 100);
const usedBy = (r: GstSetOff, from: keyof GstHeads) => GST_HEADS.map((to) => r.payment[to].itcUsed[from] / 100);

describe('gst-rules.md worked examples of the GSTR-3B set-off', () => {
  it('output IGST 10,000, CGST 6,000, SGST 6,000; reverse charge CGST 500 + SGST 500; credit IGST 12,000, CGST 1,000, SGST 4,000 → cash 0 / 3,500 / 2,500', () => {
    const r = gstSetOff({ payable: rs({ igst: 10000, cgst: 6000, sgst: 6000 }), reverseCharge: rs({ cgst: 500, sgst: 500 }), credit: rs({ igst: 12000, cgst: 1000, sgst: 4000 }) });
    expect(r.payment).toEqual({
      igst: { payable: 1000000, reverseCharge: 0, itcUsed: rs({ igst: 10000 }), cash: 0 },
      cgst: { payable: 600000, reverseCharge: 50000, itcUsed: rs({ igst: 2000, cgst: 1000 }), cash: 350000 },
      sgst: { payable: 600000, reverseCharge: 50000, itcUsed: rs({ sgst: 4000 }), cash: 250000 },
      cess: { payable: 0, reverseCharge: 0, itcUsed: rs(), cash: 0 },
    });
    expect(cash(r).reduce((a, b) => a + b)).toBe(6000);
    expect(r.creditCarriedForward).toEqual(rs());
  });

  it('an intra-state sale with CGST 900 + SGST 900 against IGST credit 1,800: the IGST credit pays both, cash 0', () => {
    const r = gstSetOff({ payable: rs({ cgst: 900, sgst: 900 }), reverseCharge: rs(), credit: rs({ igst: 1800 }) });
    expect(usedBy(r, 'igst')).toEqual([0, 900, 900, 0]);
    expect(cash(r)).toEqual([0, 0, 0, 0]);
    expect(r.creditCarriedForward).toEqual(rs());
  });
});

describe('the order of use (s.49(4), s.49(5), Rule 88A)', () => {
  it('reverse-charge tax is paid in cash even when credit of every head is left over', () => {
    const r = gstSetOff({ payable: rs(), reverseCharge: rs({ igst: 4900, cgst: 10, sgst: 10, cess: 5 }), credit: rs({ igst: 50000, cgst: 5000, sgst: 5000, cess: 500 }) });
    expect(cash(r)).toEqual([4900, 10, 10, 5]);
    expect(r.creditCarriedForward).toEqual(rs({ igst: 50000, cgst: 5000, sgst: 5000, cess: 500 }));
  });

  it('IGST credit goes first against IGST, before CGST and SGST', () => {
    const r = gstSetOff({ payable: rs({ igst: 1000, cgst: 1000, sgst: 1000 }), reverseCharge: rs(), credit: rs({ igst: 1000 }) });
    expect(usedBy(r, 'igst')).toEqual([1000, 0, 0, 0]);
    expect(cash(r)).toEqual([0, 1000, 1000, 0]);
  });

  it('IGST credit left after IGST goes to the CGST that CGST credit cannot cover, then to such SGST, then to the rest', () => {
    // CGST 1,000 due with 800 of CGST credit, SGST 1,000 with none: the IGST credit of 1,500 pays 200 of CGST first,
    // then 1,000 of SGST, then 300 more of CGST; 300 of CGST credit is carried forward.
    const r = gstSetOff({ payable: rs({ cgst: 1000, sgst: 1000 }), reverseCharge: rs(), credit: rs({ igst: 1500, cgst: 800 }) });
    expect(usedBy(r, 'igst')).toEqual([0, 500, 1000, 0]);
    expect(usedBy(r, 'cgst')).toEqual([0, 500, 0, 0]);
    expect(cash(r)).toEqual([0, 0, 0, 0]);
    expect(r.creditCarriedForward).toEqual(rs({ cgst: 300 }));
  });

  it('IGST credit is used up before CGST and SGST credit, even where they could pay', () => {
    const r = gstSetOff({ payable: rs({ cgst: 1000, sgst: 1000 }), reverseCharge: rs(), credit: rs({ igst: 600, cgst: 1000, sgst: 1000 }) });
    expect(usedBy(r, 'igst')).toEqual([0, 600, 0, 0]);
    expect(usedBy(r, 'cgst')).toEqual([0, 400, 0, 0]);
    expect(usedBy(r, 'sgst')).toEqual([0, 0, 1000, 0]);
    expect(r.creditCarriedForward).toEqual(rs({ cgst: 600 }));
  });

  it('CGST credit goes against CGST, then IGST; SGST credit against SGST, then IGST', () => {
    const r = gstSetOff({ payable: rs({ igst: 3000, cgst: 500, sgst: 500 }), reverseCharge: rs(), credit: rs({ cgst: 1500, sgst: 1200 }) });
    expect(usedBy(r, 'cgst')).toEqual([1000, 500, 0, 0]);
    expect(usedBy(r, 'sgst')).toEqual([700, 0, 500, 0]);
    expect(cash(r)).toEqual([1300, 0, 0, 0]);
    expect(r.creditCarriedForward).toEqual(rs());
  });

  it('never CGST credit against SGST nor SGST credit against CGST: the tax is paid in cash and the credit carried forward', () => {
    const r = gstSetOff({ payable: rs({ cgst: 100, sgst: 700 }), reverseCharge: rs(), credit: rs({ cgst: 700, sgst: 100 }) });
    expect(usedBy(r, 'cgst')).toEqual([0, 100, 0, 0]);
    expect(usedBy(r, 'sgst')).toEqual([0, 0, 100, 0]);
    expect(cash(r)).toEqual([0, 0, 600, 0]);
    expect(r.creditCarriedForward).toEqual(rs({ cgst: 600 }));
  });

  it('cess credit only against cess, and no other credit against cess', () => {
    const r = gstSetOff({ payable: rs({ igst: 100, cess: 300 }), reverseCharge: rs(), credit: rs({ igst: 1000, cgst: 1000, sgst: 1000, cess: 200 }) });
    expect(r.payment.cess.itcUsed).toEqual(rs({ cess: 200 }));
    expect(r.payment.igst.itcUsed).toEqual(rs({ igst: 100 }));
    expect(cash(r)).toEqual([0, 0, 0, 100]);
    expect(r.creditCarriedForward).toEqual(rs({ igst: 900, cgst: 1000, sgst: 1000 }));
  });

  it('works in paise: odd paise are used and carried exactly', () => {
    const r = gstSetOff({
      payable: { igst: 12345, cgst: 67891, sgst: 67891, cess: 0 },
      reverseCharge: { igst: 0, cgst: 1, sgst: 1, cess: 0 },
      credit: { igst: 100000, cgst: 3, sgst: 5, cess: 7 },
    });
    // IGST ₹1,000.00 − ₹123.45 = ₹876.55 left: ₹678.88 to CGST's shortfall, ₹197.67 to SGST's shortfall.
    expect(GST_HEADS.map((to) => r.payment[to].itcUsed.igst)).toEqual([12345, 67888, 19767, 0]);
    expect(GST_HEADS.map((h) => r.payment[h].cash)).toEqual([0, 1, 48120, 0]);
    expect(r.creditCarriedForward).toEqual({ igst: 0, cgst: 0, sgst: 0, cess: 7 });
  });

  it('refuses amounts that are not whole, non-negative paise', () => {
    const ok = { payable: rs(), reverseCharge: rs(), credit: rs() };
    expect(() => gstSetOff({ ...ok, credit: { ...rs(), igst: -1 } })).toThrow(RangeError);
    expect(() => gstSetOff({ ...ok, payable: { ...rs(), cgst: 1.5 } })).toThrow('payable.cgst');
  });
});
