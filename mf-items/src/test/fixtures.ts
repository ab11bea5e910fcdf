import { act } from '@testing-library/react';
import {
  itemApi,
  type Branch,
  type Item,
  type ItemCategoryEntry,
  type TaxRate,
  type Unit,
} from '@bahi/shared';

/** The active branch of the item tests. */
export const mainBranch: Branch = {
  id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000b1',
  name: 'Main Branch',
  phone: null,
  email: null,
  gstin: null,
  registrationType: null,
  invoicePrefix: null,
  isDefault: true,
  createdAt: '2025-04-01T05:30:00.000Z',
  updatedAt: '2025-04-01T05:30:00.000Z',
  address: { street: null, city: 'Pune', stateCode: '27', pin: null },
};

export const TAXES: TaxRate[] = [
  { id: 'gst-0', value: 0, cessValue: 0 },
  { id: 'gst-5', value: 5, cessValue: 0 },
  { id: 'gst-18', value: 18, cessValue: 0 },
  { id: 'gst-28-cess-12', value: 28, cessValue: 12 },
];
export const UNITS: Unit[] = [
  { id: 'NOS', name: 'Numbers', shortName: 'NOS' },
  { id: 'PCS', name: 'Pieces', shortName: 'PCS' },
  { id: 'KGS', name: 'Kilograms', shortName: 'KGS' },
];
export const CATEGORIES: ItemCategoryEntry[] = [
  { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000c1', catagory: 'Mobiles', itemCount: 3 },
  { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000c2', catagory: 'Accessories', itemCount: 0 },
];

/** Reference data every item screen loads. */
export function mockReferenceData() {
  jest.spyOn(itemApi, 'taxes').mockResolvedValue(TAXES);
  jest.spyOn(itemApi, 'units').mockResolvedValue(UNITS);
  jest.spyOn(itemApi, 'categories').mockResolvedValue(CATEGORIES);
  jest.spyOn(itemApi, 'withdrawnRates').mockResolvedValue([]);
}

/** Waits, inside act, until the screen has the reference data it asked for (a test that does nothing else). */
export async function referenceDataLoaded() {
  const answers = [itemApi.taxes, itemApi.units, itemApi.categories].flatMap((f) => jest.mocked(f).mock.results.map((r) => r.value));
  await act(async () => {
    await Promise.all(answers);
  });
}

let seq = 0;
/** An item as the API answers it; override any field. */
export function makeItem(overrides: Partial<Item> = {}): Item {
  seq += 1;
  return {
    id: `6f1c1b9e-1a2b-4c3d-8e9f-${String(seq).padStart(12, '0')}`,
    itemType: 'PRODUCT',
    itemName: `Item ${seq}`,
    serviceName: null,
    itemCode: `CODE${seq}`,
    serviceCode: null,
    hsnCode: null,
    sacCode: null,
    itemProductType: 'NEW',
    hasSerialisation: false,
    itemSerialNo: [],
    itemImage: [],
    itemCatagory: null,
    gstRate: null,
    unit: null,
    salePrice: null,
    purchasePrice: null,
    isSaleTaxApplicable: false,
    isPurchaseTaxApplicable: false,
    netQuantity: 0,
    openingStock: 0,
    isAlertEnabled: false,
    productAlertValue: null,
    isOnlineVisible: false,
    asOfDate: '2025-04-01',
    description: null,
    createdAt: '2025-04-01T05:30:00.000Z',
    updatedAt: '2025-04-01T05:30:00.000Z',
    ...overrides,
  };
}
