import { accountApi } from '@bahi/shared';
import { fetchLedger, ledgerCsv } from './ledger-export';
import { hdfc, makeTransaction, page } from '../../test/fixtures';

afterEach(() => jest.restoreAllMocks());

describe('ledger export', () => {
  it('reads every page of the period and answers it oldest first', async () => {
    const newer = Array.from({ length: 200 }, (_, i) => makeTransaction(hdfc, { note: `n${i}` }));
    const older = [makeTransaction(hdfc, { note: 'oldest' })];
    const list = jest
      .spyOn(accountApi, 'transactions')
      .mockResolvedValueOnce(page(newer, 201, 1, 200))
      .mockResolvedValueOnce(page(older, 201, 2, 200));
    const { rows, total } = await fetchLedger(hdfc.id, '2026-04-01', '2026-04-30');
    expect(list.mock.calls.map((c) => c[0])).toEqual([
      { accountId: hdfc.id, from: '2026-04-01', to: '2026-04-30', page: 1, pageSize: 200 },
      { accountId: hdfc.id, from: '2026-04-01', to: '2026-04-30', page: 2, pageSize: 200 },
    ]);
    expect(total).toBe(201);
    expect(rows[0].note).toBe('oldest');
    expect(rows[200].note).toBe('n0');
  });

  it('writes one CSV row per transaction with in, out and the running balance; never a formula', () => {
    const csv = ledgerCsv(hdfc, [
      makeTransaction(hdfc, { date: '2026-05-02', amount: '3000.50', runningBalance: '13000.50', partyName: 'Pune "Best" Traders' }),
      makeTransaction(hdfc, { date: '2026-05-03', type: 'ADJUSTMENT', direction: 'OUT', amount: '500.00', runningBalance: '-12.00', note: '=HYPERLINK("x")', mode: null }),
    ], '2026-05-01');
    const lines = csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Ledger of HDFC Current (XXXX4321)"');
    expect(lines[1]).toBe('"Period: 01/05/2026 to today"');
    expect(lines[3]).toBe('"Date","Type","Party","Document","Reference","Note","In","Out","Balance"');
    expect(lines[4]).toBe('"02/05/2026","Payment in","Pune ""Best"" Traders","","","","3000.50","","13000.50"');
    expect(lines[5]).toBe('"03/05/2026","Adjustment","","","","\'=HYPERLINK(""x"")","","500.00","-12.00"');
  });
});
