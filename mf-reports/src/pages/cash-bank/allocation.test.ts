import { allocateManually, allocateOldestFirst, type OpenBill } from './allocation';

const bill = (id: string, date: string, balance: string): OpenBill => ({ id, number: id, date, createdAt: `${date}T05:30:00.000Z`, total: balance, balance });
const bills = [bill('A', '2026-04-05', '1000.00'), bill('B', '2026-04-20', '500.50'), bill('C', '2026-05-01', '300.00')];

describe('allocateOldestFirst', () => {
  it('settles the oldest bills first and leaves the rest as an advance', () => {
    expect(allocateOldestFirst('1200', bills)).toEqual({
      lines: [
        { bill: bills[0], amount: '1000.00', balanceAfter: '0.00' },
        { bill: bills[1], amount: '200.00', balanceAfter: '300.50' },
        { bill: bills[2], amount: '0.00', balanceAfter: '300.00' },
      ],
      allocated: '1200.00',
      advance: '0.00',
    });
    const all = allocateOldestFirst('2000.75', bills);
    expect(all.allocated).toBe('1800.50');
    expect(all.advance).toBe('200.25');
  });
});

describe('allocateManually', () => {
  it('refuses more than a bill is due and more than the payment altogether', () => {
    const check = allocateManually('600', bills, { A: '400', C: '301' });
    expect(check.errors).toEqual({ C: 'At most the balance due, 300.00' });
    expect(check.overAllocated).toBe(true);
    const ok = allocateManually('600', bills, { B: '500.50' });
    expect(ok.errors).toEqual({});
    expect(ok.overAllocated).toBe(false);
    expect(ok.preview.advance).toBe('99.50');
  });
});
