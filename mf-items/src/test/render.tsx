import type { ReactElement } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import {
  BahiProviders,
  ExpiringCache,
  SwrProvider,
  clearSession,
  itemApi,
  notify,
  setSessionUser,
  type Branch,
  type Item,
  type ItemCategoryEntry,
  type TaxRate,
  type Unit,
  type User,
} from '@bahi/shared';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/** Renders a screen as the shell would: the shared providers, a fresh SWR cache and a router. */
export function renderScreen(ui: ReactElement, { path = '/', route = path }: { path?: string; route?: string } = {}) {
  return render(
    <BahiProviders>
      <SwrProvider cache={new ExpiringCache()}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </SwrProvider>
    </BahiProviders>,
  );
}

export const mainBranch: Branch = {
  id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000b1',
  name: 'Main Branch',
  phone: null,
  email: null,
  gstin: null,
  invoicePrefix: null,
  isDefault: true,
  createdAt: '2025-04-01T05:30:00.000Z',
  updatedAt: '2025-04-01T05:30:00.000Z',
  address: { street: null, city: 'Pune', stateCode: '27', pin: null },
};

export const testUser: User = {
  id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000aa',
  name: 'Ravi Sharma',
  mobileNumber: '9876543210',
  role: 'OWNER',
  business: { id: '6f1c1b9e-1a2b-4c3d-8e9f-0000000000bb', name: 'Sharma Mobiles', gstin: null, stateCode: '27' },
};

export function signIn(active: Branch | null = mainBranch) {
  clearSession();
  setSessionUser(testUser, active);
}

/** Closes every notification between tests (they live in a module-level store). */
export function clearNotifications() {
  act(() => notify.clear());
}

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
