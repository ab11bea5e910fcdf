import {
  ITEM_CODE_LENGTH,
  ItemFormFields,
  itemFormProblems,
  type Item,
  type ItemProblem,
  type ItemProductType,
  type ItemSavePayload,
  type ItemType,
  type Taxability,
  type TaxType,
} from '@bahi/shared';

/**
 * The item dialog's state and every rule of and §5 as plain functions: the dialog only renders this state
 * and calls these transitions, so each rule is tested on its own.
 */
export interface ItemFormState {
  itemType: ItemType;
  itemName: string;
  itemCatagory: string | null;
  itemCode: string;
  serviceCode: string;
  hsnCode: string;
  sacCode: string;
  unit: string | null;
  itemProductType: ItemProductType;
  /** Held by the form, checked, never sent. */
  batteryPercentage: number | null;
  description: string;
  isOnlineVisible: boolean;
  openingStock: number | null;
  /** YYYY-MM-DD */
  asOfDate: string;
  isAlertEnabled: boolean;
  productAlertValue: number | null;
  hasSerialisationOn: boolean;
  itemSerialNos: string[];
  /** Rupees as typed, a decimal string ('15999.50'): money never goes through a float. */
  salePrice: string | null;
  salePriceTaxType: TaxType;
  purchasePrice: string | null;
  purchasePriceTaxType: TaxType;
  gstRate: string | null;
  taxability: Taxability;
  /** The law keeps the item at a rate withdrawn for other goods (tobacco, pan masala). */
  keepsWithdrawnRate: boolean;
  /** New image files picked in the dialog. */
  newImages: File[];
  /** URLs of the item's saved images that stay. */
  keptImages: string[];
  /** URLs of saved images the user removed. */
  removedImages: string[];
}

/** Today in India, YYYY-MM-DD. */
export function todayInIndia(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(now);
}

export function emptyItemForm(itemType: ItemType, today: string = todayInIndia()): ItemFormState {
  return {
    itemType,
    itemName: '',
    itemCatagory: null,
    itemCode: '',
    serviceCode: '',
    hsnCode: '',
    sacCode: '',
    unit: null,
    itemProductType: 'NEW',
    batteryPercentage: null,
    description: '',
    isOnlineVisible: false,
    openingStock: null,
    asOfDate: today,
    isAlertEnabled: false,
    productAlertValue: null,
    hasSerialisationOn: false,
    itemSerialNos: [],
    salePrice: null,
    salePriceTaxType: 'WITHOUT_TAX',
    purchasePrice: null,
    purchasePriceTaxType: 'WITHOUT_TAX',
    gstRate: null,
    taxability: 'TAXABLE',
    keepsWithdrawnRate: false,
    newImages: [],
    keptImages: [],
    removedImages: [],
  };
}

/** Edit mode: the form prefilled from the item. */
export function itemFormFromItem(item: Item, today: string = todayInIndia()): ItemFormState {
  return {
    ...emptyItemForm(item.itemType, today),
    itemName: item.itemName,
    itemCatagory: item.itemCatagory?.id ?? null,
    itemCode: item.itemCode ?? '',
    serviceCode: item.serviceCode ?? '',
    hsnCode: item.hsnCode ?? '',
    sacCode: item.sacCode ?? '',
    unit: item.unit?.id ?? null,
    itemProductType: item.itemProductType,
    description: item.description ?? '',
    isOnlineVisible: item.isOnlineVisible,
    openingStock: item.itemType === 'PRODUCT' ? item.openingStock : null,
    asOfDate: item.asOfDate ?? today,
    isAlertEnabled: item.isAlertEnabled,
    productAlertValue: item.productAlertValue,
    hasSerialisationOn: item.hasSerialisation,
    itemSerialNos: item.hasSerialisation
      ? resizeSerials(
          item.itemSerialNo.map((s) => s.serialNo),
          item.openingStock,
        )
      : [],
    salePrice: item.salePrice,
    salePriceTaxType: item.isSaleTaxApplicable ? 'WITH_TAX' : 'WITHOUT_TAX',
    purchasePrice: item.purchasePrice ?? null,
    purchasePriceTaxType: item.isPurchaseTaxApplicable ? 'WITH_TAX' : 'WITHOUT_TAX',
    gstRate: item.gstRate?.id ?? null,
    taxability: item.taxability ?? 'TAXABLE',
    keepsWithdrawnRate: item.keepsWithdrawnRate ?? false,
    keptImages: item.itemImage,
  };
}

/**
 * The typed prefix uppercased, then the trailing digits of the current timestamp to reach 10 characters;
 * a prefix of 10 or more characters is cut to 10.
 */
export function generateItemCode(prefix: string, now: number = Date.now()): string {
  const head = prefix.trim().toUpperCase();
  if (head.length >= ITEM_CODE_LENGTH) return head.slice(0, ITEM_CODE_LENGTH);
  const digits = String(Math.trunc(now));
  return (head + digits.slice(-(ITEM_CODE_LENGTH - head.length))).slice(0, ITEM_CODE_LENGTH);
}

/** The serial list resized to `units` entries, keeping the existing ones (new entries are empty). */
export function resizeSerials(serials: string[], units: number | null): string[] {
  const n = Math.max(0, Math.floor(units ?? 0));
  return Array.from({ length: n }, (_, i) => serials[i] ?? '');
}

/**
 *, item condition. NEW to OLD: opening stock 1 (locked), both tax types WITHOUT_TAX (locked), the serial
 * list one empty entry when serialisation is on, the low-stock warning gone. Back to NEW: opening stock and serials
 * cleared.
 */
export function setCondition(state: ItemFormState, condition: ItemProductType): ItemFormState {
  if (condition === state.itemProductType) return state;
  if (condition === 'OLD') {
    return {
      ...state,
      itemProductType: 'OLD',
      openingStock: 1,
      salePriceTaxType: 'WITHOUT_TAX',
      purchasePriceTaxType: 'WITHOUT_TAX',
      itemSerialNos: state.hasSerialisationOn ? [''] : [],
      isAlertEnabled: false,
      productAlertValue: null,
    };
  }
  return { ...state, itemProductType: 'NEW', openingStock: null, itemSerialNos: [], batteryPercentage: null };
}

/** On, one empty entry per unit of opening stock; off, the list cleared. */
export function setSerialisation(state: ItemFormState, on: boolean): ItemFormState {
  return { ...state, hasSerialisationOn: on, itemSerialNos: on ? resizeSerials([], state.openingStock) : [] };
}

/** Changing opening stock resizes the serial list, keeping existing entries. Locked for a preowned item. */
export function setOpeningStock(state: ItemFormState, stock: number | null): ItemFormState {
  if (state.itemProductType === 'OLD') return state;
  // An emptied box is a number being retyped: the serials stay until a new stock is typed.
  const resize = state.hasSerialisationOn && stock !== null;
  return { ...state, openingStock: stock, itemSerialNos: resize ? resizeSerials(state.itemSerialNos, stock) : state.itemSerialNos };
}

export function setSerial(state: ItemFormState, index: number, value: string): ItemFormState {
  const itemSerialNos = [...state.itemSerialNos];
  itemSerialNos[index] = value;
  return { ...state, itemSerialNos };
}

/** Tax types are locked to WITHOUT_TAX for a preowned item. */
export function setTaxType(state: ItemFormState, which: 'sale' | 'purchase', type: TaxType): ItemFormState {
  if (state.itemProductType === 'OLD') return state;
  return which === 'sale' ? { ...state, salePriceTaxType: type } : { ...state, purchasePriceTaxType: type };
}

export const enableLowStockWarning = (state: ItemFormState): ItemFormState =>
  state.itemProductType === 'OLD' ? state : { ...state, isAlertEnabled: true };
export const removeLowStockWarning = (state: ItemFormState): ItemFormState => ({
  ...state,
  isAlertEnabled: false,
  productAlertValue: null,
});

export const imageCount = (state: ItemFormState) => state.keptImages.length + state.newImages.length;

const text = (s: string) => (s.trim() === '' ? undefined : s.trim());
const num = <T extends number | string>(n: T | null) => (n === null || n === undefined ? undefined : n);

/** The request the dialog sends: tax booleans from the tax types, no battery percentage. */
export function toPayload(state: ItemFormState): ItemSavePayload {
  const product = state.itemType === 'PRODUCT';
  const stock = product ? (state.openingStock ?? 0) : 0;
  const common: ItemSavePayload = {
    itemType: state.itemType,
    itemName: state.itemName.trim(),
    isOnlineVisible: state.isOnlineVisible,
    salePrice: num(state.salePrice),
    salePriceTaxType: state.salePriceTaxType,
    isSaleTaxApplicable: state.salePriceTaxType === 'WITH_TAX',
    gstRate: state.gstRate ?? undefined,
    taxability: state.taxability,
    keepsWithdrawnRate: state.keepsWithdrawnRate,
    unit: state.unit ?? undefined,
    itemCatagory: state.itemCatagory ?? undefined,
    description: text(state.description),
    itemImages: state.newImages,
    removedImages: state.removedImages.length ? state.removedImages : undefined,
    // Below 1 unit of opening stock the list is sent as a single empty entry.
    itemSerialNos: stock < 1 ? [''] : state.hasSerialisationOn ? state.itemSerialNos.map((s) => s.trim()) : [],
  };
  if (!product) {
    return { ...common, serviceCode: text(state.serviceCode), sacCode: text(state.sacCode) };
  }
  return {
    ...common,
    itemCode: text(state.itemCode),
    hsnCode: text(state.hsnCode),
    openingStock: stock,
    asOfDate: state.asOfDate,
    isAlertEnabled: state.isAlertEnabled,
    productAlertValue: state.isAlertEnabled ? num(state.productAlertValue) : undefined,
    purchasePrice: num(state.purchasePrice),
    purchasePriceTaxType: state.purchasePriceTaxType,
    isPurchaseTaxApplicable: state.purchasePriceTaxType === 'WITH_TAX',
    itemProductType: state.itemProductType,
    hasSerialisationOn: state.hasSerialisationOn,
  };
}

/**
 * Every rule the save breaks, in the seed's order: the same check the API makes, on what would be sent (plus the
 * battery percentage, which is checked but not sent).
 */
export function itemDialogProblems(state: ItemFormState): ItemProblem[] {
  const payload = toPayload(state);
  const { itemImages: _files, ...fields } = payload;
  const parsed = ItemFormFields.safeParse({
    ...fields,
    batteryPercentage: state.itemProductType === 'OLD' ? num(state.batteryPercentage) : undefined,
  });
  if (!parsed.success) return parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
  return itemFormProblems(parsed.data, imageCount(state));
}
