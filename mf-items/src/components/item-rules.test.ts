import type { Item } from '@bahi/shared';
import {
  emptyItemForm,
  enableLowStockWarning,
  generateItemCode,
  itemDialogProblems,
  itemFormFromItem,
  removeLowStockWarning,
  resizeSerials,
  setCondition,
  setOpeningStock,
  setSerial,
  setSerialisation,
  setTaxType,
  toPayload,
  type ItemFormState,
} from './item-rules';

const TODAY = '2025-04-01';
const product = (over: Partial<ItemFormState> = {}): ItemFormState => ({
  ...emptyItemForm('PRODUCT', TODAY),
  itemName: 'Redmi Note 13',
  itemCode: 'RN13000001',
  ...over,
});
const messages = (s: ItemFormState) => itemDialogProblems(s).map((p) => p.message);
const file = (name = 'a.png') => new File([new Uint8Array([1])], name, { type: 'image/png' });

describe('generateItemCode (seed §5)', () => {
  const now = 1743465600123; // 13 digits

  it('uppercases the prefix and appends the trailing digits of the timestamp to reach 10 characters', () => {
    expect(generateItemCode('ab', now)).toBe('AB65600123');
    expect(generateItemCode('mob', now)).toBe('MOB5600123');
    expect(generateItemCode('  tv ', now)).toBe('TV65600123');
    expect(generateItemCode('ab', now)).toHaveLength(10);
  });

  it('is all timestamp digits without a prefix', () => {
    expect(generateItemCode('', now)).toBe('3465600123');
  });

  it('cuts a prefix of 10 or more characters to 10', () => {
    expect(generateItemCode('abcdefghij', now)).toBe('ABCDEFGHIJ');
    expect(generateItemCode('abcdefghijklmn', now)).toBe('ABCDEFGHIJ');
    expect(generateItemCode('abcdefghi', now)).toBe('ABCDEFGHI3');
  });
});

describe('serial list (seed §4)', () => {
  it('resizes keeping existing entries', () => {
    expect(resizeSerials(['A', 'B', 'C'], 2)).toEqual(['A', 'B']);
    expect(resizeSerials(['A'], 3)).toEqual(['A', '', '']);
    expect(resizeSerials(['A'], 0)).toEqual([]);
    expect(resizeSerials(['A'], null)).toEqual([]);
  });

  it('serialisation on gives one empty entry per unit of opening stock; off clears the list', () => {
    const on = setSerialisation(product({ openingStock: 3 }), true);
    expect(on.itemSerialNos).toEqual(['', '', '']);
    expect(setSerialisation(setSerial(on, 0, 'IMEI1'), false).itemSerialNos).toEqual([]);
    expect(setSerialisation(product({ openingStock: null }), true).itemSerialNos).toEqual([]);
  });

  it('changing opening stock resizes the list, keeping what was typed', () => {
    let s = setSerialisation(product({ openingStock: 2 }), true);
    s = setSerial(setSerial(s, 0, 'S1'), 1, 'S2');
    expect(setOpeningStock(s, 4).itemSerialNos).toEqual(['S1', 'S2', '', '']);
    expect(setOpeningStock(s, 1).itemSerialNos).toEqual(['S1']);
    expect(setOpeningStock(s, 0).itemSerialNos).toEqual([]);
    // Clearing the box to retype the number keeps what was typed.
    expect(setOpeningStock(setOpeningStock(s, null), 3).itemSerialNos).toEqual(['S1', 'S2', '']);
    // Without serialisation there is no list to resize.
    expect(setOpeningStock(product({ openingStock: 2 }), 5).itemSerialNos).toEqual([]);
  });
});

describe('item condition (seed §4)', () => {
  it('NEW to OLD: opening stock 1, both tax types WITHOUT_TAX, serial list one empty entry, low-stock warning off', () => {
    const before = product({
      openingStock: 3,
      salePriceTaxType: 'WITH_TAX',
      purchasePriceTaxType: 'WITH_TAX',
      hasSerialisationOn: true,
      itemSerialNos: ['A', 'B', 'C'],
      isAlertEnabled: true,
      productAlertValue: 2,
    });
    const old = setCondition(before, 'OLD');
    expect(old).toMatchObject({
      itemProductType: 'OLD',
      openingStock: 1,
      salePriceTaxType: 'WITHOUT_TAX',
      purchasePriceTaxType: 'WITHOUT_TAX',
      itemSerialNos: [''],
      isAlertEnabled: false,
    });
    expect(setCondition(product({ openingStock: 3 }), 'OLD').itemSerialNos).toEqual([]);
  });

  it('locks opening stock, tax types and the low-stock warning while preowned', () => {
    const old = setCondition(product(), 'OLD');
    expect(setOpeningStock(old, 5).openingStock).toBe(1);
    expect(setTaxType(old, 'sale', 'WITH_TAX').salePriceTaxType).toBe('WITHOUT_TAX');
    expect(setTaxType(old, 'purchase', 'WITH_TAX').purchasePriceTaxType).toBe('WITHOUT_TAX');
    expect(enableLowStockWarning(old).isAlertEnabled).toBe(false);
    expect(setTaxType(product(), 'sale', 'WITH_TAX').salePriceTaxType).toBe('WITH_TAX');
  });

  it('back to NEW clears opening stock and serials', () => {
    const old = { ...setCondition(setSerialisation(product({ openingStock: 2 }), true), 'OLD'), batteryPercentage: 80 };
    const back = setCondition(setSerial(old, 0, 'X1'), 'NEW');
    expect(back).toMatchObject({ itemProductType: 'NEW', openingStock: null, itemSerialNos: [], batteryPercentage: null });
  });

  it('the low-stock warning is enabled by the link and removed by Remove', () => {
    const on = enableLowStockWarning(product());
    expect(on.isAlertEnabled).toBe(true);
    expect(removeLowStockWarning({ ...on, productAlertValue: 4 })).toMatchObject({ isAlertEnabled: false, productAlertValue: null });
  });
});

describe('the request (seed §3, §5)', () => {
  it('sends tax booleans from the tax types and never the battery percentage', () => {
    const s = setCondition(product({ salePrice: '100' }), 'OLD');
    const payload = toPayload({ ...s, batteryPercentage: 91.5 });
    expect(payload).toMatchObject({ isSaleTaxApplicable: false, isPurchaseTaxApplicable: false, itemProductType: 'OLD', openingStock: 1 });
    expect(payload).not.toHaveProperty('batteryPercentage');
    expect(toPayload(product({ salePriceTaxType: 'WITH_TAX' }))).toMatchObject({ isSaleTaxApplicable: true, salePriceTaxType: 'WITH_TAX' });
  });

  it('sends the serial list as one empty entry when opening stock is below 1', () => {
    expect(toPayload(product({ openingStock: 0 })).itemSerialNos).toEqual(['']);
    expect(toPayload(product({ openingStock: null, hasSerialisationOn: true })).itemSerialNos).toEqual(['']);
    expect(toPayload(product({ openingStock: 2, hasSerialisationOn: true, itemSerialNos: [' A ', 'B'] })).itemSerialNos).toEqual(['A', 'B']);
    expect(toPayload(product({ openingStock: 2 })).itemSerialNos).toEqual([]);
  });

  it('sends a service with its service code and SAC and no stock fields', () => {
    const payload = toPayload({ ...emptyItemForm('SERVICE', TODAY), itemName: 'Repair', serviceCode: 'REP1', sacCode: '998713' });
    expect(payload).toMatchObject({ itemType: 'SERVICE', itemName: 'Repair', serviceCode: 'REP1', sacCode: '998713' });
    expect(payload).not.toHaveProperty('openingStock');
    expect(payload).not.toHaveProperty('itemCode');
  });
});

describe('validation (seed §5)', () => {
  it('a valid product has no problems', () => {
    expect(messages(product())).toEqual([]);
  });

  it('names every broken rule at once, in the seed’s order', () => {
    const s = setSerialisation(product({ itemName: '  ', itemCode: '', openingStock: 2 }), true);
    expect(messages({ ...s, newImages: [file(), file(), file()], keptImages: ['/1', '/2', '/3'] })).toEqual([
      'Item Name is required',
      'Item Code is required',
      'All serial numbers must be filled when serialisation is on',
      'You can upload a maximum of 5 images',
    ]);
  });

  it('services need a service code and a SAC code', () => {
    expect(messages({ ...emptyItemForm('SERVICE', TODAY), itemName: 'Repair' })).toEqual(['Service Code is required', 'SAC Code is required']);
    expect(messages({ ...emptyItemForm('SERVICE', TODAY), itemName: 'Repair', serviceCode: 'R1', sacCode: '123456' })).toEqual([
      'SAC Code must be 6 digits starting with 99',
    ]);
  });

  it('checks battery percentage 0-100 (preowned only), whole opening stock, prices in steps of 0.01', () => {
    const old = setCondition(product(), 'OLD');
    expect(messages({ ...old, batteryPercentage: 100.01 })).toEqual(['Battery percentage must be between 0 and 100']);
    expect(messages({ ...old, batteryPercentage: 99.99 })).toEqual([]);
    expect(messages(product({ batteryPercentage: 150 }))).toEqual([]);
    expect(messages(product({ openingStock: 2.5 }))).toEqual(['Opening Stock must be a whole number, 0 or more']);
    expect(messages(product({ salePrice: '10.005', purchasePrice: '-1' }))).toEqual([
      'Sale Price must be 0 or more, in steps of 0.01',
      'Purchase Price must be 0 or more, in steps of 0.01',
    ]);
    expect(messages(product({ hsnCode: '123' }))).toEqual(['HSN Code must be 4, 6 or 8 digits']);
  });
});

describe('edit mode', () => {
  it('prefills the form from the item', () => {
    const item: Item = {
      id: '6f1c1b9e-1a2b-4c3d-8e9f-000000000001',
      itemType: 'PRODUCT',
      itemName: 'Redmi Note 13',
      serviceName: null,
      itemCode: 'RN13000001',
      serviceCode: null,
      hsnCode: '8517',
      sacCode: null,
      itemProductType: 'NEW',
      hasSerialisation: true,
      itemSerialNo: [{ serialNo: 'A' }, { serialNo: 'B' }],
      itemImage: ['/api/item/image/a.png'],
      itemCatagory: { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000c1', catagory: 'Mobiles' },
      gstRate: { id: 'gst-18', value: 18, cessValue: 0 },
      unit: { id: 'PCS', name: 'Pieces', shortName: 'PCS' },
      salePrice: '15999.00',
      purchasePrice: null,
      isSaleTaxApplicable: true,
      isPurchaseTaxApplicable: false,
      netQuantity: 2,
      openingStock: 2,
      isAlertEnabled: false,
      productAlertValue: null,
      isOnlineVisible: true,
      asOfDate: '2025-03-01',
      description: null,
      createdAt: '',
      updatedAt: '',
    };
    expect(itemFormFromItem(item, TODAY)).toMatchObject({
      itemName: 'Redmi Note 13',
      itemCode: 'RN13000001',
      itemCatagory: item.itemCatagory!.id,
      gstRate: 'gst-18',
      unit: 'PCS',
      salePriceTaxType: 'WITH_TAX',
      purchasePriceTaxType: 'WITHOUT_TAX',
      hasSerialisationOn: true,
      itemSerialNos: ['A', 'B'],
      openingStock: 2,
      asOfDate: '2025-03-01',
      keptImages: ['/api/item/image/a.png'],
      description: '',
    });
  });
});
