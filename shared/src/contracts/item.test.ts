import { ItemFormFields, itemFormProblems, taxRateLabel, unitLabel, isLowStock } from './item';
import { itemFormData } from '../api/forms';

const fields = (v: Record<string, unknown>) => ItemFormFields.parse(v);
const messages = (v: Record<string, unknown>, images = 0) => itemFormProblems(fields(v), images).map((p) => p.message);

describe('item contract', () => {
  it('reads multipart text: booleans, numbers, blanks and indexed lists', () => {
    expect(
      fields({ itemName: ' Phone ', isOnlineVisible: 'true', salePrice: '12.50', openingStock: '', itemSerialNos: ['a', ''], hsnCode: ' ' }),
    ).toMatchObject({ itemType: 'PRODUCT', itemName: 'Phone', isOnlineVisible: true, salePrice: '12.50', openingStock: undefined, itemSerialNos: ['a', ''], hsnCode: undefined, itemProductType: 'NEW' });
    expect(ItemFormFields.safeParse({ isAlertEnabled: 'perhaps' }).success).toBe(false);
  });

  it('reads prices with the Money rules and dates as real dates', () => {
    const issue = (v: Record<string, unknown>) => ItemFormFields.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    const valid = { itemName: 'P', itemCode: 'C' };
    expect(fields({ salePrice: '15999.5', purchasePrice: 13000 })).toMatchObject({ salePrice: '15999.50', purchasePrice: '13000.00' });
    expect(messages({ ...valid, salePrice: '-1', hsnCode: '12' })).toEqual(['HSN Code must be 4, 6 or 8 digits', 'Sale Price must be 0 or more, in steps of 0.01']);
    expect(messages({ ...valid, purchasePrice: '10.005' })).toEqual(['Purchase Price must be 0 or more, in steps of 0.01']);
    expect(messages({ ...valid, salePrice: '1e15' })).toEqual(['Sale Price must be a number']);
    expect(messages({ ...valid, salePrice: 1e15 })).toEqual(['Sale Price can be at most 9,99,99,99,99,999.99']);
    expect(issue({ asOfDate: '2025-02-30' })).toEqual(['asOfDate: As of date must be a date (YYYY-MM-DD)']);
    expect(fields({ asOfDate: '2024-02-29' }).asOfDate).toBe('2024-02-29');
    expect(messages({ itemName: 'P', itemCode: 'C', isAlertEnabled: 'true', productAlertValue: '3000000000' })).toEqual([
      'Low stock quantity must be a whole number, 0 or more',
    ]);
  });

  it('lists every problem in the seed order', () => {
    expect(messages({ itemName: ' ' }, 6)).toEqual(['Item Name is required', 'Item Code is required', 'You can upload a maximum of 5 images']);
    expect(messages({ itemType: 'SERVICE', itemName: 'Repair' })).toEqual(['Service Code is required', 'SAC Code is required']);
    expect(messages({ itemName: 'P', itemCode: 'C', hasSerialisationOn: 'true', openingStock: '2', itemSerialNos: ['x', ' '] })).toEqual([
      'All serial numbers must be filled when serialisation is on',
    ]);
    // Below 1 unit the list is a single empty entry: not a blank serial.
    expect(messages({ itemName: 'P', itemCode: 'C', hasSerialisationOn: 'true', openingStock: '0', itemSerialNos: [''] })).toEqual([]);
  });

  it('formats tax rates and units as the seed shows them', () => {
    expect(taxRateLabel({ value: 18, cessValue: 0 })).toBe('GST @ 18%');
    expect(taxRateLabel({ value: 28, cessValue: 12 })).toBe('GST @ 28% + cess @ 12');
    expect(unitLabel({ name: 'Numbers', shortName: 'NOS' })).toBe('Numbers - NOS');
  });

  it('flags low stock at or under the alert quantity', () => {
    const item = { itemType: 'PRODUCT' as const, isAlertEnabled: true, productAlertValue: 2, netQuantity: 2 };
    expect(isLowStock(item)).toBe(true);
    expect(isLowStock({ ...item, netQuantity: 3 })).toBe(false);
    expect(isLowStock({ ...item, isAlertEnabled: false, netQuantity: 0 })).toBe(false);
  });

  it('sends serial numbers as an indexed list and images as repeated files', () => {
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.jpg', { type: 'image/jpeg' });
    const form = itemFormData({ itemType: 'PRODUCT', itemName: 'X', isOnlineVisible: false, itemSerialNos: ['S1', 'S2'], itemImages: [a, b], hsnCode: null });
    expect([...form.keys()]).toEqual(['itemType', 'itemName', 'isOnlineVisible', 'itemSerialNos[0]', 'itemSerialNos[1]', 'itemImages', 'itemImages']);
    expect(form.get('isOnlineVisible')).toBe('false');
    expect((form.getAll('itemImages') as File[]).map((f) => f.name)).toEqual(['a.png', 'b.jpg']);
  });
});
